// The load of bench/booking.bench.ts: the bench's fields and price, the desks' steps (the grid, a
// reservation created and paid on cells of its own), the race for one cell, and the books checked after.
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import { post, timed } from './sale-load.ts';

export const FIELDS = 12;
export const SLOTS = 32;
const DAY = 86_400_000;
/** The venue's calendar date `days` from now (China time, as the server reads dates). */
export const venueDate = (days: number) => new Date(Date.now() + days * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

/** 06:00-22:00 in 30-minute slots (32 a field), FIELDS fields of 乒乓球 at venue 1, one price for all; written beside the running server. */
export async function seedFields(db: Db) {
  const k = db.kysely;
  const item = await k.selectFrom('sport_item').select('id').where('tenant_id', '=', 1).where('name', '=', '乒乓球').executeTakeFirstOrThrow();
  await k.updateTable('venue').set({ open_time: '06:00', close_time: '22:00' }).where('id', '=', 1).execute();
  const nowIso = new Date().toISOString();
  const fields = await k
    .insertInto('booking_field')
    .values(
      Array.from({ length: FIELDS }, (_, i) => ({
        tenant_id: 1,
        venue_id: 1,
        item_id: item.id,
        name: `${i + 1}号台`,
        sort: i,
        state: 'A' as const,
        sale_mode: 'F' as const,
        capacity: 1,
        slot_minutes: 30,
        created_at: nowIso,
      })),
    )
    .returning('id')
    .execute();
  await k
    .insertInto('booking_price')
    .values({
      tenant_id: 1,
      venue_id: 1,
      item_id: item.id,
      name: '全天',
      weekdays: '1,2,3,4,5,6,7',
      begin_time: '06:00',
      end_time: '22:00',
      price_fen: 2000,
      created_at: nowIso,
    })
    .execute();
  return { itemId: item.id, fieldIds: fields.map((f) => f.id) };
}

const slotTime = (slot: number) => {
  const m = 6 * 60 + 30 * slot;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${m % 60 ? '30' : '00'}`;
};

/**
 * The reservation desks: desk d books field d % FIELDS, slot after slot of a date of its own (desks
 * sharing a field take turns of days), never a cell another desk or an earlier run took. Its cursor
 * lives across runs, so each run goes on where the last stopped.
 */
export function reservationDesks(desks: number, itemId: number, fieldIds: number[], tokens: string[]) {
  const rows = Math.ceil(desks / fieldIds.length);
  const cursors = Array.from({ length: desks }, (_, d) => ({ field: fieldIds[d % fieldIds.length], day: 2 + Math.floor(d / fieldIds.length), slot: 0 }));
  const next = (d: number) => {
    const c = cursors[d];
    if (c.slot === SLOTS) {
      c.slot = 0;
      c.day += rows;
    }
    return { fieldId: c.field, date: venueDate(c.day), beginTime: slotTime(c.slot++) };
  };
  /** One reservation of one cell, created then paid in cash, against `url`. */
  return (url: string) => async (d: number) => {
    const api = (path: string) => `${url}/api/booking/order/${path}`;
    const [made, createMs] = await timed(() => post(api('create'), tokens[d], { venueId: 1, itemId, cells: [next(d)] }));
    const [, payMs] = await timed(() => post(api('payOrder'), tokens[d], { orderId: made.orderId, payMode: 'cashpay', money: made.pricePay }));
    return { 'create+pay': createMs + payMs, create: createMs, payOrder: payMs };
  };
}

/** Books every third field 08:00-13:00 on `date` (paid), so the grid has lines to place. */
export async function bookThirdOfGrid(url: string, token: string, itemId: number, fieldIds: number[], date: string) {
  for (let f = 0; f < fieldIds.length; f += 3) {
    const cells = Array.from({ length: 10 }, (_, s) => ({ fieldId: fieldIds[f], date, beginTime: slotTime(4 + s) }));
    const made = await post(`${url}/api/booking/order/create`, token, { venueId: 1, itemId, cells });
    await post(`${url}/api/booking/order/payOrder`, token, { orderId: made.orderId, payMode: 'cashpay', money: made.pricePay });
  }
}

/** `desks` desks at once on one cell: how many won, were refused (and the first refusal's words), or failed with a 5xx. */
export async function race(url: string, tokens: string[], itemId: number, fieldId: number, date: string) {
  const answers = await Promise.all(
    tokens.map(async (token) => {
      const r = await fetch(`${url}/api/booking/order/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ venueId: 1, itemId, cells: [{ fieldId, date, beginTime: '19:00' }] }),
      });
      return { status: r.status, body: (await r.json()) as { code: number; msg: string } };
    }),
  );
  const won = answers.filter((a) => a.body.code === 200).length;
  const fives = answers.filter((a) => a.status >= 500).length;
  return { won, refused: answers.length - won - fives, fives, refusal: answers.find((a) => a.body.code !== 200)?.body.msg ?? '' };
}

/**
 * The books after the load: no cell held by two live lines; every paid reservation has pay records and
 * line shares adding up to its price, and no cell still held unpaid; no unpaid one has a paid record.
 */
export async function bookingProblems(db: Db): Promise<string[]> {
  const k = db.kysely;
  const { rows: doubled } = await sql<{ n: number }>`select count(*) as n from (select field_id from booking_line
      where exclusive = 1 and state <> 'C' group by field_id, use_date, begin_time having count(*) > 1) d`.execute(k);
  const { rows } = await sql<{ records: number; shares: number; held: number; unpaid: number; orders: number }>`with
      lines as (select order_id, sum(paid_fen) as paid, sum(case when state = 'P' then 1 else 0 end) as held from booking_line group by order_id),
      recs as (select order_id, sum(money_fen) as m from pay_record where order_type = 'FIELD' and state = 'P' group by order_id)
    select
      count(*) as orders,
      sum(case when o.pay_state = 'P' and o.price_pay_fen <> coalesce(r.m, 0) then 1 else 0 end) as records,
      sum(case when o.pay_state = 'P' and o.price_pay_fen <> coalesce(l.paid, 0) then 1 else 0 end) as shares,
      sum(case when o.pay_state = 'P' and coalesce(l.held, 0) > 0 then 1 else 0 end) as held,
      sum(case when o.pay_state <> 'P' and r.m is not null then 1 else 0 end) as unpaid
    from booking_order o left join lines l on l.order_id = o.id left join recs r on r.order_id = o.id
    where o.order_type = 'R'`.execute(k);
  const [r] = rows;
  const problems: string[] = [];
  if (Number(doubled[0].n)) problems.push(`${doubled[0].n} cells held by two live lines`);
  if (Number(r.records)) problems.push(`${r.records} paid reservations whose pay records differ from the price`);
  if (Number(r.shares)) problems.push(`${r.shares} paid reservations whose line shares differ from the price`);
  if (Number(r.held)) problems.push(`${r.held} paid reservations with a cell still held unpaid`);
  if (Number(r.unpaid)) problems.push(`${r.unpaid} unpaid reservations with a paid record`);
  return problems;
}
