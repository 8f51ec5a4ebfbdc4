import { booking, bookingAdmin, chinaInstant, type CallBody } from '@venue/contract';
import type { Client } from './client.ts';
import type { Server } from './harness.ts';
import { dayShift } from './ticket.helpers.ts';

/** 城东羽毛球馆: its 乒乓球 item has no demo fields, so each suite adds its own. */
export const VENUE = 1;

export async function itemId(server: Server, name = '乒乓球') {
  const row = await server.db.selectFrom('sport_item').select('id').where('tenant_id', '=', 1).where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function addField(as: Client, item: number, over: Partial<CallBody<typeof bookingAdmin.fieldAdd>> = {}) {
  const { body } = await as.call(bookingAdmin.fieldAdd, {
    body: { venueId: VENUE, itemId: item, fieldName: `场${Math.random().toString(36).slice(2, 7)}`, ...over },
  });
  if (body.code !== 200) throw new Error(`fieldAdd: ${body.msg}`);
  return body.data!;
}

export async function addRule(as: Client, item: number, over: Partial<CallBody<typeof bookingAdmin.priceSave>> = {}) {
  const { body } = await as.call(bookingAdmin.priceSave, {
    body: { venueId: VENUE, itemId: item, ruleName: '全天', beginTime: '08:00', endTime: '22:00', price: 50, ...over },
  });
  if (body.code !== 200) throw new Error(`priceSave: ${body.msg}`);
  return body.data!;
}

/** The venue date `days` from the suite clock's now. */
export const dateIn = (server: Server, days: number) => dayShift(server.clock.now().getTime(), days);
/** Moves the suite's clock to `time` (HH:mm, China) of `date`. */
export function moveTo(server: Server, date: string, time: string) {
  const ms = chinaInstant(date, time).getTime() - server.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${date} ${time}`);
  server.clock.advance(ms);
}

export const reserve = (
  as: Client,
  item: number,
  cells: { fieldId: number; date: string; beginTime: string; heads?: number }[],
  over: Partial<CallBody<typeof booking.createOrder>> = {},
) => as.call(booking.createOrder, { body: { venueId: VENUE, itemId: item, cells: cells.map((c) => ({ heads: 1, ...c })), ...over } });

export async function reservePaid(as: Client, item: number, cells: { fieldId: number; date: string; beginTime: string; heads?: number }[]) {
  const created = await reserve(as, item, cells);
  if (created.body.code !== 200) throw new Error(`createOrder: ${created.body.msg}`);
  const { orderId, pricePay } = created.body.data!;
  const paid = await as.call(booking.payOrder, { body: { orderId, payMode: 'cashpay', money: pricePay } });
  if (paid.body.code !== 200) throw new Error(`payOrder: ${paid.body.msg}`);
  return (await as.call(booking.getBookingOrder, { query: { code: String(orderId) } })).body.data!;
}

export async function cellOf(as: Client, item: number, date: string, fieldId: number, beginTime: string) {
  const { body } = await as.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date } });
  if (body.code !== 200) throw new Error(`grid: ${body.msg}`);
  return body.data!.fields.find((f) => f.fieldId === fieldId)!.cells.find((c) => c.beginTime === beginTime)!;
}

/**
 * Does `act` with the venue's board events open (as `token`), and answers how soon the board heard of
 * it: the stream's first `change` after `act` (it throws if none comes before the stream ends, 10 s).
 */
export async function boardHears(url: string, token: string, act: () => Promise<unknown>): Promise<number> {
  const res = await fetch(`${url}/api/board/events?venueId=${VENUE}&seconds=10`, { headers: { authorization: `Bearer ${token}` } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const until = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${needle}: ${text}`);
      text += decoder.decode(value);
    }
  };
  try {
    await until('event: ready');
    const started = Date.now();
    await act();
    await until('event: change');
    return Date.now() - started;
  } finally {
    await reader.cancel();
  }
}
