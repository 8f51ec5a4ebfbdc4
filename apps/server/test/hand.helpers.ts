import { hand } from '@venue/contract';
import type { Client } from './client.ts';
import type { Server } from './harness.ts';
import { VENUE } from './sale.helpers.ts';

/** Payment simulator auth code that pays (and refunds). */
export const PAYS = '134567890123456789';

export async function register(as: Client, phyId: string, deposit = 20) {
  const { body } = await as.call(hand.add, { body: { phyId, venueId: VENUE, deposit } });
  if (body.code !== 200) throw new Error(`add: ${body.msg}`);
  return body.data;
}

export async function lend(as: Client, handId: number) {
  const { body } = await as.call(hand.createHandDepositOrder, { body: { handId, venueId: VENUE } });
  if (body.code !== 200) throw new Error(`createHandDepositOrder: ${body.msg}`);
  return body.data;
}

export const bandRow = (server: Server, id: number) =>
  server.db.selectFrom('hand').select(['lent_order_id', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
