import type { Kysely } from 'kysely';
import type { Database } from '../src/db/tables.ts';

export const CODES = {
  single: '100000000001',
  three: ['100000000011', '100000000012', '100000000013'],
  two: ['100000000021', '100000000022'],
  used: '100000000031',
  expired: '100000000041',
  cashVoucher: '100000000051',
  fails: '100000000061',
  timeout: '100000000071',
  unclear: '100000000081',
} as const;

export async function venueIdOf(db: Kysely<Database>, name: string): Promise<number> {
  return (await db.selectFrom('venue').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The simulator's row of a code at a venue (the platform's side). */
export async function simVoucher(db: Kysely<Database>, venueId: number, code: string) {
  return db.selectFrom('voucher_sim_certificate').selectAll().where('poi_id', 'like', `%-${venueId}`).where('code', '=', code).executeTakeFirstOrThrow();
}
