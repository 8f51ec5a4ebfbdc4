import * as rule from '@venue/contract/common/lease-rent';
import type { RentMode } from '../../db/lease-tables.ts';

/** How one unit of a lease line is charged (copied from the archive when the order was made). */
export interface RentTerms {
  rent_mode: RentMode;
  rent_fen: number;
  unit_minutes: number;
  free_minutes: number;
  daily_cap_fen: number;
}

/** The stored terms as the shared rule (contract `common/lease-rent.ts`) reads them. */
const terms = (t: RentTerms): rule.RentTerms => ({
  rentMode: t.rent_mode,
  rentFen: t.rent_fen,
  unitMinutes: t.unit_minutes,
  freeMinutes: t.free_minutes,
  dailyCapFen: t.daily_cap_fen,
});

export const minutesBetween = rule.minutesBetween;
export const rentDueFen = (t: RentTerms, minutes: number) => rule.rentDueFen(terms(t), minutes);
export const overtimeFen = (t: RentTerms, minutes: number) => rule.overtimeFen(terms(t), minutes);
export const isOverdue = (t: RentTerms, minutes: number) => rule.isOverdue(terms(t), minutes);
export const depositBackFen = rule.depositBackFen;
