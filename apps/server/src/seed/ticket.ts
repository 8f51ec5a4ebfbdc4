import { chinaDate } from '@venue/contract';
import type { SeedContext } from '../modules/module.ts';

const DAY = 24 * 3600_000;
const venueDate = (ms: number) => chinaDate(ms);
const code = (tenantId: number, n: number) => `TDEMO${tenantId}X${String(n).padStart(4, '0')}`;

/**
 * Demo ticket types of the first venue (all day, weekday mornings, weekends), and sold tickets in each
 * state: usable (TDEMO1X0001, TDEMO1X0002 of one order), used, unpaid and void.
 */
export async function seedTickets({ db, tenantId, venueIds, firstUserId, nowIso }: SeedContext): Promise<void> {
  const venueId = [...venueIds.values()][0];
  const item = await db
    .selectFrom('venue_item')
    .select('item_id')
    .where('tenant_id', '=', tenantId)
    .where('venue_id', '=', venueId)
    .orderBy('id')
    .executeTakeFirst();
  if (!item) return;
  const seller = await db.selectFrom('users').select('username').where('id', '=', firstUserId).executeTakeFirstOrThrow();
  const now = Date.parse(nowIso);
  const begin = venueDate(now - 30 * DAY);
  const end = venueDate(now + 365 * DAY);
  const types = [
    { name: '散客全天票', price_fen: 3000, uses: 1, slots: [[1, 7, '00:00', '23:59']] as const },
    { name: '工作日上午票', price_fen: 2000, uses: 1, slots: [[1, 5, '09:00', '12:00']] as const },
    { name: '周末畅玩票', price_fen: 5000, uses: 2, slots: [[6, 7, '08:00', '22:00']] as const },
  ];
  const typeIds: number[] = [];
  for (const t of types) {
    const row = await db
      .insertInto('ticket_type')
      .values({
        tenant_id: tenantId,
        venue_id: venueId,
        item_id: item.item_id,
        name: t.name,
        price_fen: t.price_fen,
        use_begin_date: begin,
        use_end_date: end,
        uses: t.uses,
        with_hand: 'F',
        free_minutes: 15,
        overtime_minutes: 30,
        overtime_price_fen: 1000,
        state: 'A',
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(row.id);
    await db
      .insertInto('ticket_type_time')
      .values(t.slots.map(([bw, ew, bt, et]) => ({ tenant_id: tenantId, type_id: row.id, begin_week: bw, end_week: ew, begin_time: bt, end_time: et })))
      .execute();
  }
  // Orders: [ticket states, order state, pay state]
  const orders: [('A' | 'U' | 'P' | 'C')[], 'A' | 'U' | 'P' | 'C', 'P' | 'U' | 'C'][] = [
    [['A', 'A'], 'A', 'P'],
    [['U'], 'A', 'P'],
    [['P'], 'P', 'U'],
    [['C'], 'C', 'C'],
  ];
  let n = 0;
  for (const [states, orderState, payState] of orders) {
    const total = states.length * types[0].price_fen;
    const { id } = await db
      .insertInto('ticket_order')
      .values({
        tenant_id: tenantId,
        venue_id: venueId,
        member_id: null,
        order_state: orderState,
        pay_state: payState,
        price_pay_fen: total,
        price_orig_fen: total,
        pay_mode: payState === 'P' ? 'cashpay' : null,
        pay_lock: null,
        pay_lock_until: null,
        paid_at: payState === 'P' ? nowIso : null,
        source: 'B',
        created_by: firstUserId,
        username: seller.username,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const state of states) {
      await db
        .insertInto('ticket_detail')
        .values({
          tenant_id: tenantId,
          order_id: id,
          type_id: typeIds[0],
          venue_id: venueId,
          item_id: item.item_id,
          qr_code: code(tenantId, ++n),
          detail_state: state,
          type_name: types[0].name,
          use_begin_date: begin,
          use_end_date: end,
          uses_left: state === 'U' ? 0 : 1,
          price_fen: types[0].price_fen,
          price_orig_fen: types[0].price_fen,
          price_pay_fen: types[0].price_fen,
        })
        .execute();
    }
    if (payState === 'P') {
      await db
        .insertInto('pay_record')
        .values({
          tenant_id: tenantId,
          order_type: 'TICKET',
          order_id: id,
          attempt: 1,
          pay_mode: 'cashpay',
          pay_name: '现金',
          pay_type: null,
          card_id: null,
          consume_id: null,
          money_fen: total,
          out_trade_no: null,
          channel_trade_no: null,
          state: 'P',
          message: '',
          created_by: firstUserId,
          created_at: nowIso,
          paid_at: nowIso,
        })
        .execute();
    }
  }
}
