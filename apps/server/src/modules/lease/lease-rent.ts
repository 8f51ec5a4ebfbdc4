import type { RentMode } from '../../db/lease-tables.ts';

/** How one unit of a lease line is charged (copied from the archive when the order was made). */
export interface RentTerms {
  rent_mode: RentMode;
  rent_fen: number;
  unit_minutes: number;
  free_minutes: number;
  daily_cap_fen: number;
}

export const minutesBetween = (fromIso: string, toIso: string) => Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));

/**
 * The rent of one unit kept `minutes`: per use, the rent; per time, the rent for every started time unit
 * past the free minutes (at least one unit: the one paid at the till), at most the daily cap for every
 * started day (no cap when 0).
 */
export function rentDueFen(t: RentTerms, minutes: number): number {
  if (t.rent_mode === 'U') return t.rent_fen;
  const units = Math.max(1, Math.ceil(Math.max(0, minutes - t.free_minutes) / t.unit_minutes));
  const due = units * t.rent_fen;
  if (t.daily_cap_fen <= 0) return due;
  return Math.max(t.rent_fen, Math.min(due, Math.max(1, Math.ceil(minutes / 1440)) * t.daily_cap_fen));
}

/** Rent owed on return beyond what the till took (the first unit): the overtime of one unit. */
export const overtimeFen = (t: RentTerms, minutes: number) => Math.max(0, rentDueFen(t, minutes) - t.rent_fen);

/** A timed unit kept past its paid time unit and free minutes. */
export const isOverdue = (t: RentTerms, minutes: number) => t.rent_mode === 'T' && minutes > t.unit_minutes + t.free_minutes;
