import type { LectureUser } from '@venue/contract';

/** Spec 2.8 lecture tab: use date range and use time range of a participant's session. */
export const lectureDatesText = (u: Pick<LectureUser, 'useBeginDate' | 'useEndDate'>) =>
  u.useBeginDate === u.useEndDate ? u.useBeginDate : `${u.useBeginDate} 至 ${u.useEndDate}`;
export const lectureTimesText = (u: Pick<LectureUser, 'useBeginTime' | 'useEndTime'>) => `${u.useBeginTime}-${u.useEndTime}`;

/** Spec 4 Verification: only participants in state A can be chosen; they are chosen at once (U never is). */
export const lectureSelectable = (u: Pick<LectureUser, 'state'>) => u.state === 'A';
export const lecturePreselected = (users: LectureUser[]) => users.filter(lectureSelectable).map((u) => u.userId);
