import { ticket, type CallBody } from '@venue/contract';
import type { Client } from './client.ts';

/** The demo's first venue, where the seed puts its ticket types. */
export const TICKET_VENUE = 1;
const OFFSET = 8 * 3600_000;
/** The venue's (Asia/Shanghai) date, weekday 1-7 and HH:mm at `ms`. */
export function venueNow(ms: number) {
  const d = new Date(ms + OFFSET);
  const day = d.getUTCDay();
  return { date: d.toISOString().slice(0, 10), week: day === 0 ? 7 : day, time: d.toISOString().slice(11, 16) };
}
export const dayShift = (ms: number, days: number) => venueNow(ms + days * 24 * 3600_000).date;

type TypeBody = CallBody<typeof ticket.typeAdd>;
export async function addType(as: Client, over: Partial<TypeBody> & Pick<TypeBody, 'useTimeList'>, itemId: number) {
  const now = Date.now();
  const { body } = await as.call(ticket.typeAdd, {
    body: {
      typeName: `测试票${Math.random().toString(36).slice(2, 8)}`,
      venueId: TICKET_VENUE,
      itemId,
      price: 25,
      useBeginDate: dayShift(now, -1),
      useEndDate: dayShift(now, 30),
      uses: 1,
      withHand: 'F',
      freeMinutes: 15,
      overtimeMinutes: 30,
      overtimePrice: 10,
      state: 'A',
      ...over,
    },
  });
  if (body.code !== 200) throw new Error(`typeAdd: ${body.msg}`);
  return body.data;
}

/** Sells `quantity` tickets of a type for cash and answers their rows (as printed). */
export async function sellPaid(as: Client, typeId: number, quantity: number) {
  const created = await as.call(ticket.createOrder, { body: { venueId: TICKET_VENUE, details: [{ typeId, quantity }] } });
  if (created.body.code !== 200) throw new Error(`createOrder: ${created.body.msg}`);
  const { orderId, pricePay } = created.body.data;
  const paid = await as.call(ticket.payOrder, { body: { orderId, payMode: 'cashpay', money: pricePay } });
  if (paid.body.code !== 200) throw new Error(`payOrder: ${paid.body.msg}`);
  const printed = await as.call(ticket.getPrintDetail, { query: { orderIds: String(orderId) } });
  return { orderId, tickets: printed.body.data };
}

export const check = (as: Client, ...detailIds: number[]) =>
  as.call(ticket.checkTicket, { body: { ticketCheckDetails: detailIds.map((detailId) => ({ detailId })) } });
