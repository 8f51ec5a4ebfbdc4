import type { Kysely } from 'kysely';
import { hand } from '@venue/contract';
import type { Database } from '../db/tables.ts';

/** Physical id of demo band `n` of venue `v`: what its reader sends. */
export const demoPhyId = (v: number, n: number) => `E00${String(v).padStart(2, '0')}${String(n).padStart(4, '0')}`;

/**
 * Demo wristbands: 20 in the first venue (H001-H020, deposit 20.00; H001 and H002 lent half an hour
 * and two hours ago, their deposits paid in cash) and 5 free ones in every other venue.
 */
export async function seedHands(db: Kysely<Database>, tenantId: number, venues: Map<string, number>, userId: number, nowIso: string): Promise<void> {
  const venueIds = [...venues.values()];
  const { username } = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
  for (const [v, venueId] of venueIds.entries()) {
    const count = v === 0 ? 20 : 5;
    for (let n = 1; n <= count; n++) {
      const handNo = `${v === 0 ? 'H' : `V${v + 1}-`}${String(n).padStart(3, '0')}`;
      const { id: handId } = await db
        .insertInto('hand')
        .values({
          tenant_id: tenantId,
          venue_id: venueId,
          hand_no: handNo,
          phy_id: demoPhyId(v + 1, n),
          deposit_fen: 2000,
          state: 'A',
          lent_order_id: null,
          remark: '',
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (v !== 0 || n > 2) continue;
      const at = new Date(Date.parse(nowIso) - (n === 1 ? 30 : 120) * 60_000).toISOString();
      const { id: orderId } = await db
        .insertInto('hand_order')
        .values({
          tenant_id: tenantId,
          venue_id: venueId,
          member_id: null,
          hand_id: handId,
          kind: 'D',
          deposit_order_id: null,
          order_state: 'A',
          pay_state: 'P',
          price_pay_fen: 2000,
          pay_mode: 'cashpay',
          pay_attempt: 1,
          pay_lock: null,
          pay_lock_until: null,
          remark: '',
          paid_at: at,
          returned_at: null,
          created_by: userId,
          username,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('hand_order_line')
        .values({
          tenant_id: tenantId,
          order_id: orderId,
          charge_id: null,
          name: `手牌押金（${handNo}）`,
          quantity: 1,
          price_orig_fen: 2000,
          price_pay_fen: 2000,
        })
        .execute();
      await db
        .insertInto('pay_record')
        .values({
          tenant_id: tenantId,
          order_type: hand.HAND_DEPOSIT_ORDER_TYPE,
          order_id: orderId,
          attempt: 1,
          pay_mode: 'cashpay',
          pay_name: '现金',
          pay_type: null,
          card_id: null,
          consume_id: null,
          money_fen: 2000,
          out_trade_no: null,
          channel_trade_no: null,
          state: 'P',
          message: '',
          created_by: userId,
          created_at: at,
          paid_at: at,
        })
        .execute();
      await db.updateTable('hand').set({ lent_order_id: orderId }).where('id', '=', handId).execute();
    }
  }
}
