import { expect, it } from 'vitest';
import { board, PERMISSIONS, ticket } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { userHolding } from './roles.helpers.ts';
import { addType, check, sellPaid, TICKET_VENUE, venueNow } from './ticket.helpers.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

describeEachEngine('ticket exits and the in-venue count on %s', (server) => {
  const { admin, cashier, other } = server;
  const people = async () => (await cashier.call(ticket.queryPeopleCount, { query: { venueId: TICKET_VENUE } })).body.data.reduce((sum, r) => sum + r.count, 0);
  const flow = async () => (await admin.call(board.flowQuery, { query: { venueId: TICKET_VENUE } })).body.data;
  const itemId = async () => (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data[0].itemId;
  /** A type whose one slot runs from now to `minutesLeft` from now (venue time); the clock moves past midnight first. */
  const slotType = async (minutesLeft: number) => {
    // The slot ends on a whole minute: a type made in a minute's last seconds could end before the ticket
    // is checked (seen once in CI under load), so those seconds are skipped.
    const seconds = server.clock.now().getSeconds();
    if (seconds >= 50) server.clock.advance((60 - seconds) * 1000);
    let c = venueNow(server.clock.now().getTime());
    const mins = () => Number(c.time.slice(0, 2)) * 60 + Number(c.time.slice(3));
    if (mins() + minutesLeft + 2 >= 24 * 60) {
      server.clock.advance((24 * 60 - mins() + 5) * 60_000);
      c = venueNow(server.clock.now().getTime());
    }
    return addType(
      admin,
      { useTimeList: [{ beginWeek: c.week, endWeek: c.week, beginTime: hhmm(Math.max(mins() - 1, 0)), endTime: hhmm(mins() + minutesLeft) }] },
      await itemId(),
    );
  };

  it("feeds a verified ticket to queryPeopleCount and to the flow board's 在馆人数 and 今日入场 alike", async () => {
    const slot = await slotType(120);
    const { tickets } = await sellPaid(cashier, slot.typeId, 2);
    const [before, boardBefore] = [await people(), await flow()];
    expect((await check(cashier, tickets[0].detailId, tickets[1].detailId)).body.code).toBe(200);
    const after = await flow();
    expect(await people()).toBe(before + 2);
    expect(after).toMatchObject({ inVenue: boardBefore.inVenue + 2, inCount: boardBefore.inCount + 2 });
    expect(after.landed).toContain('ticket');
    const perItem = (await cashier.call(ticket.queryPeopleCount, { query: { venueId: TICKET_VENUE } })).body.data.find((r) => r.itemId === slot.itemId);
    expect(perItem).toMatchObject({ venueId: TICKET_VENUE, itemName: slot.itemName, count: expect.any(Number) });
    expect((await cashier.call(ticket.sceneBalance, { body: { qrCode: tickets[0].qrCode } })).body).toMatchObject({ data: { left: true } });
    expect(await people()).toBe(before + 1);
    expect(await flow()).toMatchObject({ inVenue: boardBefore.inVenue + 1, outCount: boardBefore.outCount + 1 });
    expect((await cashier.call(ticket.sceneBalance, { body: { qrCode: tickets[1].qrCode } })).body).toMatchObject({ data: { left: true } });
    expect(await people()).toBe(before);
    // 票据明细: the used tickets listed by state and code.
    const listed = (await cashier.call(ticket.queryDetailPage, { query: { current: 1, size: 5, qrCode: tickets[0].qrCode } })).body.data;
    expect(listed).toMatchObject({ total: 1, records: [{ detailId: tickets[0].detailId, detailState: 'U', typeName: slot.typeName }] });
    const used = (await cashier.call(ticket.queryDetailPage, { query: { current: 1, size: 100, detailState: 'U' } })).body.data;
    expect(used.records.every((r) => r.detailState === 'U')).toBe(true);
    expect((await other.call(ticket.queryDetailPage, { query: { current: 1, size: 5, qrCode: tickets[0].qrCode } })).body.data.total).toBe(0);
    // Another tenant sees none of these entries.
    const theirs = (await other.call(ticket.queryPeopleCount, { query: {} })).body.data;
    expect(theirs.every((r) => r.venueId !== TICKET_VENUE)).toBe(true);
  });

  it('pays an overstay and lets the ticket out in one call (sceneBalanceWithTimeout)', async () => {
    const slot = await slotType(1);
    const { tickets } = await sellPaid(cashier, slot.typeId, 1);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    const inside = await people();
    server.clock.advance(48 * 60_000);
    const wrong = await cashier.call(ticket.sceneBalanceWithTimeout, { body: { qrCode: tickets[0].qrCode, payMode: 'cashpay', money: 5 } });
    expect(wrong.body.code).not.toBe(200);
    expect(await people()).toBe(inside);
    const paid = await cashier.call(ticket.sceneBalanceWithTimeout, { body: { qrCode: tickets[0].qrCode, payMode: 'cashpay', money: 20 } });
    expect(paid.body).toMatchObject({ code: 200, data: { left: true, pricePay: 20, minutes: 47 } });
    expect(await people()).toBe(inside - 1);
    const order = await server.db
      .selectFrom('ticket_timeout_order')
      .select(['pay_state', 'price_pay_fen'])
      .where('id', '=', paid.body.data.timeoutOrderId!)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ pay_state: 'P', price_pay_fen: 2000 });
  });

  it('lists overstay orders (超时订单) of the visible venues with their refunds, and nothing of another venue or tenant', async () => {
    const slot = await slotType(1);
    const { tickets } = await sellPaid(cashier, slot.typeId, 1);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    server.clock.advance(48 * 60_000);
    const paid = await cashier.call(ticket.sceneBalanceWithTimeout, { body: { qrCode: tickets[0].qrCode, payMode: 'cashpay', money: 20 } });
    const orderId = paid.body.data.timeoutOrderId!;
    const listed = async (query: { orderId?: number; payState?: 'P' | 'FR' }) =>
      (await cashier.call(ticket.timeoutQuery, { query: { current: 1, size: 10, ...query } })).body.data;
    expect(await listed({ orderId })).toMatchObject({
      total: 1,
      records: [
        { orderId, venueId: TICKET_VENUE, qrCode: tickets[0].qrCode, typeName: slot.typeName, minutes: 47, payState: 'P', pricePay: 20, refundedAmount: 0 },
      ],
    });
    // Newest first, and the state filter keeps to its state.
    const all = await listed({});
    expect(all.records[0].orderId).toBe(orderId);
    expect(all.records.map((r) => r.orderId)).toEqual([...all.records.map((r) => r.orderId)].sort((a, b) => b - a));
    expect((await listed({ payState: 'FR' })).records.some((r) => r.orderId === orderId)).toBe(false);
    expect((await admin.call(ticket.timeoutRefund, { body: { orderId, route: 'F', payMode: 'cashpay' } })).body).toMatchObject({
      code: 200,
      data: { amount: 20 },
    });
    expect(await listed({ orderId, payState: 'FR' })).toMatchObject({ total: 1, records: [{ payState: 'FR', refundType: 'A', refundedAmount: 20 }] });
    // Another venue's desk and another tenant see none of it.
    const elsewhere = await userHolding(server, 'timeout-venue2', [PERMISSIONS.ticket.order.list], [2]);
    const theirs = await server.api.call('GET', ticket.timeoutQuery.path, { token: elsewhere, query: { current: 1, size: 100 } });
    expect(theirs.body.code).toBe(200);
    expect(theirs.body.data.records.some((r: { venueId: number }) => r.venueId === TICKET_VENUE)).toBe(false);
    expect((await other.call(ticket.timeoutQuery, { query: { current: 1, size: 100 } })).body.data.total).toBe(0);
    expect((await other.call(ticket.timeoutQuery, { query: { orderId } })).body.data.total).toBe(0);
    // Bad input: a clear message, nothing listed.
    expect((await server.api.call('GET', ticket.timeoutQuery.path, { token: elsewhere, query: { payState: 'X' } })).body.msg).toBe('支付状态不正确');
  });

  it('clears a venue at closing (sceneBalanceAll): those owing nothing leave, overstays are listed with their orders', async () => {
    const long = await slotType(600);
    const short = await slotType(1);
    // Read after the slots: making them may move the clock past midnight, into another day of the board.
    const inVenue = (await flow()).inVenue;
    const a = await sellPaid(cashier, long.typeId, 2);
    const b = await sellPaid(cashier, short.typeId, 1);
    expect((await check(cashier, a.tickets[0].detailId, a.tickets[1].detailId)).body.code).toBe(200);
    expect((await check(cashier, b.tickets[0].detailId)).body.code).toBe(200);
    server.clock.advance(48 * 60_000);
    const cleared = await cashier.call(ticket.sceneBalanceAll, { body: { venueId: TICKET_VENUE } });
    expect(cleared.body.code).toBe(200);
    expect(cleared.body.data.owing).toEqual([expect.objectContaining({ qrCode: b.tickets[0].qrCode, typeName: short.typeName, pricePay: 20 })]);
    expect(await people()).toBe(1);
    expect((await flow()).inVenue).toBe(inVenue + 1);
    const pay = await cashier.call(ticket.timeoutPay, { body: { orderId: cleared.body.data.owing[0].timeoutOrderId, payMode: 'cashpay', money: 20 } });
    expect(pay.body.code).toBe(200);
    expect(await people()).toBe(0);
    expect((await flow()).inVenue).toBe(inVenue);
    // Another tenant's clearing never reaches this tenant's entries.
    expect((await other.call(ticket.sceneBalanceAll, { body: { venueId: TICKET_VENUE } })).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
  });
});
