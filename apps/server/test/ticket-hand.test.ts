import { expect, it } from 'vitest';
import { hand, ticket } from '@venue/contract';
import type { Client } from './client.ts';
import { describeEachEngine } from './harness.ts';
import { addType, check, sellPaid, TICKET_VENUE, venueNow } from './ticket.helpers.ts';

const ALL_WEEK = [{ beginWeek: 1, endWeek: 7, beginTime: '00:00', endTime: '23:59' }];
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function register(as: Client, phyId: string, handNo?: string) {
  const { body } = await as.call(hand.add, { body: { phyId, handNo, venueId: TICKET_VENUE, deposit: 20 } });
  if (body.code !== 200) throw new Error(`add: ${body.msg}`);
  return body.data;
}

const withHand = (as: Client, ...details: { detailId: number; handCode?: string }[]) =>
  as.call(hand.checkTicketWithHand, { body: { ticketCheckDetails: details } });

describeEachEngine('tickets that issue a wristband (checkTicketWithHand) on %s', (server) => {
  const { admin, cashier, other } = server;
  const itemOf = async () => (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data[0].itemId;
  const entryBand = async (detailId: number) =>
    (await server.db.selectFrom('ticket_check').select('hand_id').where('detail_id', '=', detailId).executeTakeFirstOrThrow()).hand_id;

  it('verifies a ticket with the band handed out, only where the type issues one; a band is worn by one entry inside at a time', async () => {
    const itemId = await itemOf();
    const banded = await addType(admin, { useTimeList: ALL_WEEK, withHand: 'T' }, itemId);
    const plain = await addType(admin, { useTimeList: ALL_WEEK }, itemId);
    const a = await register(admin, 'TKH00001', 'A01');
    const b = await register(admin, 'TKH00002', 'A02');
    const { tickets } = await sellPaid(cashier, banded.typeId, 2);

    expect((await withHand(cashier, { detailId: tickets[0].detailId })).body.msg).toBe(`${banded.typeName}：${ticket.TICKET_MSG.handRequired}`);
    expect((await withHand(cashier, { detailId: tickets[0].detailId, handCode: 'NOSUCHBAND' })).body.msg).toBe(`${hand.handMsg.notFound}：NOSUCHBAND`);
    expect(
      (await withHand(cashier, { detailId: tickets[0].detailId, handCode: 'A01' }, { detailId: tickets[1].detailId, handCode: 'TKH00001' })).body.msg,
    ).toBe('手牌A01不能同时发给两张票');
    await admin.call(hand.setState, { body: { handId: b.handId, state: 'S' } });
    expect((await withHand(cashier, { detailId: tickets[0].detailId, handCode: 'A02' })).body.msg).toBe(hand.handMsg.disabled);
    await admin.call(hand.setState, { body: { handId: b.handId, state: 'A' } });
    // Nothing was written by the refusals.
    expect((await server.db.selectFrom('ticket_detail').select('uses_left').where('id', '=', tickets[0].detailId).executeTakeFirstOrThrow()).uses_left).toBe(1);

    // Scanned by physical id or by number: both bands handed out, each entry records its own.
    const done = await withHand(cashier, { detailId: tickets[0].detailId, handCode: 'TKH00001' }, { detailId: tickets[1].detailId, handCode: 'A02' });
    expect(done.body).toMatchObject({ code: 200, data: { checked: 2 } });
    expect(await entryBand(tickets[0].detailId)).toBe(a.handId);
    expect(await entryBand(tickets[1].detailId)).toBe(b.handId);
    // Verified once: the same tickets again are used.
    expect((await withHand(cashier, { detailId: tickets[0].detailId, handCode: 'A01' })).body.msg).toBe(`${banded.typeName}：票据已使用`);

    // A01 is worn inside: not handed out to another ticket until its entry leaves.
    const next = await sellPaid(cashier, banded.typeId, 1);
    expect((await withHand(cashier, { detailId: next.tickets[0].detailId, handCode: 'A01' })).body.msg).toBe(ticket.TICKET_MSG.handWorn);
    expect((await cashier.call(ticket.sceneBalance, { body: { qrCode: tickets[0].qrCode } })).body).toMatchObject({ code: 200, data: { left: true } });
    expect((await withHand(cashier, { detailId: next.tickets[0].detailId, handCode: 'A01' })).body.code).toBe(200);

    // A type that issues no band refuses one; checkTicketWithHand without bands verifies it like checkTicket.
    const p = await sellPaid(cashier, plain.typeId, 1);
    const c = await register(admin, 'TKH00003');
    expect((await withHand(cashier, { detailId: p.tickets[0].detailId, handCode: 'TKH00003' })).body.msg).toBe(
      `${plain.typeName}：${ticket.TICKET_MSG.noHandIssued}`,
    );
    expect((await withHand(cashier, { detailId: p.tickets[0].detailId })).body.code).toBe(200);
    expect(await entryBand(p.tickets[0].detailId)).toBeNull();
    expect(c.handNo).toBe('TKH00003');
  });

  it('hands one band to one ticket when two desks race for it', async () => {
    const banded = await addType(admin, { useTimeList: ALL_WEEK, withHand: 'T' }, await itemOf());
    await register(admin, 'TKH00010');
    const sold = await Promise.all(Array.from({ length: 6 }, () => sellPaid(cashier, banded.typeId, 1)));
    const answers = await Promise.all(sold.map((o, i) => withHand(i % 2 ? admin : cashier, { detailId: o.tickets[0].detailId, handCode: 'TKH00010' })));
    expect(answers.filter((x) => x.body.code === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.body.code !== 200).map((x) => x.body.msg)).toEqual(Array(5).fill(ticket.TICKET_MSG.handWorn));
    // The refused desks took no use.
    const left = await server.db
      .selectFrom('ticket_detail')
      .select('uses_left')
      .where(
        'id',
        'in',
        sold.map((o) => o.tickets[0].detailId),
      )
      .execute();
    expect(left.map((r) => r.uses_left).sort()).toEqual([0, 1, 1, 1, 1, 1]);
  });

  it("knows no other tenant's tickets or bands", async () => {
    const banded = await addType(admin, { useTimeList: ALL_WEEK, withHand: 'T' }, await itemOf());
    await register(admin, 'TKH00020');
    const { tickets } = await sellPaid(cashier, banded.typeId, 1);
    expect((await withHand(other, { detailId: tickets[0].detailId, handCode: 'TKH00020' })).body.msg).toBe(`${hand.handMsg.notFound}：TKH00020`);
    expect((await withHand(other, { detailId: tickets[0].detailId })).body).toMatchObject({ code: -1300, msg: ticket.TICKET_MSG.notFound });
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
  });

  it('prints an overstay charged to a band (getPrintHandTimeoutOrder)', async () => {
    const band = await register(admin, 'TKH00030', 'B30');
    const deposit = (await cashier.call(hand.createHandDepositOrder, { body: { handId: band.handId, venueId: TICKET_VENUE } })).body.data;
    await cashier.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'cashpay', money: 20 } });
    let c = venueNow(server.clock.now().getTime());
    const mins = () => Number(c.time.slice(0, 2)) * 60 + Number(c.time.slice(3));
    if (mins() + 3 >= 24 * 60) {
      server.clock.advance((24 * 60 - mins() + 5) * 60_000);
      c = venueNow(server.clock.now().getTime());
    }
    const slot = await addType(
      admin,
      { withHand: 'T', useTimeList: [{ beginWeek: c.week, endWeek: c.week, beginTime: hhmm(Math.max(mins() - 1, 0)), endTime: hhmm(mins() + 1) }] },
      await itemOf(),
    );
    const { tickets } = await sellPaid(cashier, slot.typeId, 1);
    expect((await withHand(cashier, { detailId: tickets[0].detailId, handCode: 'B30' })).body.code).toBe(200);
    // 48 minutes past the slot: 15 free, then two started periods of 30 at 10 元, charged to the band.
    server.clock.advance(48 * 60_000);
    const exit = await cashier.call(hand.createHandTimeoutOrder, { body: { qrCode: tickets[0].qrCode, handId: band.handId } });
    expect(exit.body).toMatchObject({ code: 200, data: { left: true, pricePay: 20 } });
    const orderId = exit.body.data.timeoutOrderId!;

    const printed = await cashier.call(hand.getPrintHandTimeoutOrder, { query: { orderIds: String(orderId) } });
    expect(printed.body.data).toMatchObject([
      {
        orderId,
        handId: band.handId,
        handNo: 'B30',
        depositOrderId: deposit.orderId,
        qrCode: tickets[0].qrCode,
        typeName: slot.typeName,
        minutes: exit.body.data.minutes,
        pricePay: 20,
        payName: hand.HAND_PAY_NAME,
        settled: false,
      },
    ]);
    expect(printed.body.data[0].exitTime).not.toBeNull();
    // Another tenant prints none of it; an overstay paid at the till (not on a band) is no band slip.
    expect((await other.call(hand.getPrintHandTimeoutOrder, { query: { orderIds: String(orderId) } })).body.data).toEqual([]);
  });
});
