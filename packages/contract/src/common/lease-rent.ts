/**
 * The rent rule of a lease line, shared by the server (what a return keeps) and the 归还 dialog (what it
 * will keep, shown before confirming). Amounts in fen, times in minutes.
 */
export interface RentTerms {
  /** U: per use; T: per time unit. */
  rentMode: string;
  rentFen: number;
  unitMinutes: number;
  freeMinutes: number;
  /** At most this per started day (0: no cap). */
  dailyCapFen: number;
}

export const minutesBetween = (fromIso: string, toIso: string) => Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));

/**
 * The rent of one unit kept `minutes`: per use, the rent; per time, the rent for every started time unit
 * past the free minutes (at least one unit: the one paid at the till), at most the daily cap for every
 * started day (no cap when 0).
 */
export function rentDueFen(t: RentTerms, minutes: number): number {
  if (t.rentMode === 'U') return t.rentFen;
  const units = Math.max(1, Math.ceil(Math.max(0, minutes - t.freeMinutes) / t.unitMinutes));
  const due = units * t.rentFen;
  if (t.dailyCapFen <= 0) return due;
  return Math.max(t.rentFen, Math.min(due, Math.max(1, Math.ceil(minutes / 1440)) * t.dailyCapFen));
}

/** Rent owed on return beyond what the till took (the first unit): the overtime of one unit. */
export const overtimeFen = (t: RentTerms, minutes: number) => Math.max(0, rentDueFen(t, minutes) - t.rentFen);

/** A timed unit kept past its paid time unit and free minutes. */
export const isOverdue = (t: RentTerms, minutes: number) => t.rentMode === 'T' && minutes > t.unitMinutes + t.freeMinutes;

/** What a return of `quantity` units gives back of their deposit: less the damage and the overtime, never below 0. */
export const depositBackFen = (depositFen: number, quantity: number, damageFen: number, overtimeOfOneFen: number) =>
  Math.max(0, depositFen * quantity - damageFen - overtimeOfOneFen * quantity);
