import { z } from 'zod';
import { wholeNumber } from './fields.ts';

/** Every answer of the API: `{ code, msg, data }`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data: data.nullable() });

/** Lists answer `{ records, total }`. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ records: z.array(row), total: z.number().int() });

export type Page<T> = { records: T[]; total: number };

/** The one list-query shape: `current` is 1-based; `page` is accepted where the spec names it. */
export const listQuery = z.object({
  current: wholeNumber(1).default(1),
  size: wholeNumber(1, 9999).default(20),
  page: wholeNumber(0).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const PAGE_SIZES = [1, 10, 20, 30, 40, 50, 100] as const;
/** A list's page size unless it says otherwise (spec 9; the member card list uses 10). */
export const DEFAULT_PAGE_SIZE = 20;
