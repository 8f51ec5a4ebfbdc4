import { expect, it } from 'vitest';
import { hand, ticket, ticketDesk } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { addType, check, sellPaid, TICKET_VENUE, venueNow } from './ticket.helpers.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The seven ticket calls of spec 7 the desk screens use: bands, overstays, look-up-and-check. */
describeEachEngine('the desk ticket calls of spec 7 on %s', (server) => {
  const { admin, cashier, other } = server;
  const itemId = async () => (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data[0].itemId;
  /** A type whose one slot runs from now to `minutesLeft` from now (venue time). */
  const slotType = async (minutesLeft: number, over: { withHand?: 'T' | 'F'; uses?: number } = {}) => {
    let c = venueNow(server.clock.now().getTime());
    const mins = () => Number(c.time.slice(0, 2)) * 60 + Number(c.time.slice(3));
    if (mins() + minutesLeft + 2 >= 24 * 60) {
      server.clock.advance((24 * 60 - mins() + 5) * 60_000);
      c = venueNow(server.clock.now().getTime());
    }
    const slot = { beginWeek: c.week, endWeek: c.week, beginTime: hhmm(Math.max(mins() - 1, 0)), endTime: hhmm(mins() + minutesLeft) };
    return addType(admin, { useTimeList: [slot], ...over }, await itemId());
  };

  it('queryDetailAndCheck verifies the scanned ticket only, or an order number’s usable tickets, and refuses a used one', async () => {
    const t = await slotType(120);
    const { orderId, tickets } = await sellPaid(cashier, t.typeId, 3);
    const one = await cashier.call(ticketDesk.queryDetailAndCheck, { query: { qrCode: tickets[1].qrCode } });
    expect(one.body).toMatchObject({ code: 200, data: { checked: 1, orderId } });
    expect(one.body.data.details.map((d) => d.detailState)).toEqual(['A', 'U', 'A']);
    const again = await cashier.call(ticketDesk.queryDetailAndCheck, { query: { qrCode: tickets[1].qrCode } });
    expect(again.body).toMatchObject({ msg: `${t.typeName}：票据已使用` });
    const rest = await cashier.call(ticketDesk.queryDetailAndCheck, { query: { qrCode: String(orderId) } });
    expect(rest.body).toMatchObject({ code: 200, data: { checked: 2 } });
    expect((await cashier.call(ticketDesk.queryDetailAndCheck, { query: { qrCode: String(orderId) } })).body.msg).toBe('该订单没有可核销的票据');
    expect((await cashier.call(ticketDesk.queryDetailAndCheck, { query: { qrCode: 'TNOSUCHCODE' } })).body).toMatchObject({ msg: ticket.TICKET_MSG.notFound });
    // Another tenant's desk finds nothing.
    expect((await other.call(ticketDesk.queryDetailAndCheck, { query: { qrCode: tickets[0].qrCode } })).body.msg).toBe(ticket.TICKET_MSG.notFound);
  });

  it('queryDetailAndHand, queryDetailPageWithHand and getPrintDetailWithHand name the band each entry wore', async () => {
    const t = await slotType(120, { withHand: 'T' });
    const band = await admin.call(hand.add, { body: { phyId: 'DESK0001', handNo: 'D01', venueId: TICKET_VENUE, deposit: 20 } });
    expect(band.body.code).toBe(200);
    const { orderId, tickets } = await sellPaid(cashier, t.typeId, 2);
    const before = await cashier.call(ticketDesk.queryDetailAndHand, { query: { qrCode: tickets[0].qrCode } });
    expect(before.body.data.map((r) => r.handNo)).toEqual([null, null]);
    const issued = await cashier.call(hand.checkTicketWithHand, { body: { ticketCheckDetails: [{ detailId: tickets[0].detailId, handCode: 'D01' }] } });
    expect(issued.body.code).toBe(200);
    const after = await cashier.call(ticketDesk.queryDetailAndHand, { query: { qrCode: String(orderId) } });
    expect(after.body.data).toEqual([
      expect.objectContaining({ detailId: tickets[0].detailId, handNo: 'D01', handId: band.body.data.handId, checkTime: expect.any(String), exitTime: null }),
      expect.objectContaining({ detailId: tickets[1].detailId, handNo: null, checkTime: null }),
    ]);
    const page = await cashier.call(ticketDesk.queryDetailPageWithHand, { query: { current: 1, size: 10, handNo: 'D01' } });
    expect(page.body.data).toMatchObject({ total: 1, records: [{ qrCode: tickets[0].qrCode, handNo: 'D01', typeName: t.typeName }] });
    const outside = await cashier.call(ticketDesk.queryDetailPageWithHand, { query: { current: 1, size: 10, handNo: 'DESK0001', inside: 'F' } });
    expect(outside.body).toMatchObject({ code: 200, data: { total: 0 } });
    expect((await other.call(ticketDesk.queryDetailPageWithHand, { query: { current: 1, size: 10, handNo: 'D01' } })).body.data.total).toBe(0);
    const printed = await cashier.call(ticketDesk.getPrintDetailWithHand, { query: { orderIds: String(orderId) } });
    expect(printed.body.data.map((r) => [r.handNo, r.printCount])).toEqual([
      ['D01', 2],
      [null, 2],
    ]);
  });

  it('queryDetailWithTimeout shows the overstay owed; createOrder makes its order; ticketTimeoutOrderDetail/query lists it; paid, the ticket leaves', async () => {
    const t = await slotType(1);
    const { tickets } = await sellPaid(cashier, t.typeId, 1);
    const qrCode = tickets[0].qrCode;
    expect((await cashier.call(ticketDesk.createTimeoutOrder, { body: { qrCode } })).body.msg).toBe(ticketDesk.TIMEOUT_MSG.notInside);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    expect((await cashier.call(ticketDesk.createTimeoutOrder, { body: { qrCode } })).body.msg).toBe(ticketDesk.TIMEOUT_MSG.notOverdue);
    const inTime = await cashier.call(ticketDesk.queryDetailWithTimeout, { query: { qrCode } });
    expect(inTime.body.data[0]).toMatchObject({ inside: true, timeoutMinutes: 0, timeoutPrice: 0, timeoutOrderId: null });

    server.clock.advance(48 * 60_000);
    const late = await cashier.call(ticketDesk.queryDetailWithTimeout, { query: { qrCode } });
    expect(late.body.data[0]).toMatchObject({ inside: true, timeoutMinutes: 47, timeoutPrice: 20, timeoutOrderId: null });
    const made = await cashier.call(ticketDesk.createTimeoutOrder, { body: { qrCode } });
    expect(made.body).toMatchObject({ code: 200, data: { minutes: 47, pricePay: 20 } });
    const orderId = made.body.data.timeoutOrderId;
    // The same overstay again: the one unpaid order, re-priced, not a second.
    expect((await cashier.call(ticketDesk.createTimeoutOrder, { body: { qrCode } })).body.data.timeoutOrderId).toBe(orderId);
    const listed = await cashier.call(ticketDesk.timeoutDetailQuery, { query: { qrCode } });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ orderId, qrCode, typeName: t.typeName, minutes: 47, pricePay: 20, payState: 'U', exitTime: null }),
    ]);
    expect((await cashier.call(ticketDesk.timeoutDetailQuery, { query: {} })).body.msg).toBe(ticketDesk.TIMEOUT_MSG.chooseOne);
    expect((await other.call(ticketDesk.timeoutDetailQuery, { query: { orderId } })).body.data).toEqual([]);

    expect((await cashier.call(ticket.timeoutPay, { body: { orderId, payMode: 'cashpay', money: 20 } })).body.code).toBe(200);
    const paid = (await cashier.call(ticketDesk.timeoutDetailQuery, { query: { orderId } })).body.data[0];
    expect(paid).toMatchObject({ payState: 'P', exitTime: expect.any(String) });
    expect((await cashier.call(ticketDesk.queryDetailWithTimeout, { query: { qrCode } })).body.data[0]).toMatchObject({
      inside: false,
      timeoutOrderId: orderId,
      timeoutPayState: 'P',
    });
  });
});
