import { addChinaDays, chinaInstant } from '@venue/contract';

/** 1-7, Monday to Sunday, of a China date. */
export const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** A session's start or end as an instant (the venue keeps China time; 24:00 is the next midnight). */
export const instantOf = (date: string, time: string) => (time === '24:00' ? chinaInstant(addChinaDays(date, 1), '00:00') : chinaInstant(date, time));

/** The dates of a term: from `startDate`, every date of the given weekdays for `weeks` weeks. */
export function termDates(startDate: string, weeks: number, weekdays: number[]): string[] {
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  for (let d = 0; d < weeks * 7; d++) {
    const date = addChinaDays(startDate, d);
    if (wanted.has(weekdayOf(date))) dates.push(date);
  }
  return dates;
}

/** Whether two time ranges of a day overlap (HH:mm, end exclusive). */
export const overlaps = (a: { begin_time: string; end_time: string }, begin: string, end: string) => a.begin_time < end && a.end_time > begin;

/** Hours of a session, two decimals. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** A student's age in whole years on a date (yyyy-MM-dd both). */
export function ageOn(birthday: string, date: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
