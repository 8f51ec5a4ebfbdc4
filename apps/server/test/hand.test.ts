import { expect, it } from 'vitest';
import { hand, lease, sale, ticket } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { setStock, stockOf } from './goods.helpers.ts';
import { bandRow, lend, PAYS, register } from './hand.helpers.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';
import { addType, check, sellPaid, TICKET_VENUE, venueNow } from './ticket.helpers.ts';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describeEachEngine('wristbands (手牌) on %s', (server) => {
  const { admin, cashier, other } = server;
  /** What the channel simulator took and gave back for a deposit order's trades (HD<tenant>O<order>A<attempt>). */
  const channelMoney = async (orderId: number) => {
    const like = `%HD1O${orderId}A%`;
    const paid = await server.db.selectFrom('pay_sim_trade').select('amount_fen').where('out_trade_no', 'like', like).orderBy('created_at').execute();
    const back = await server.db.selectFrom('pay_sim_refund').select('amount_fen').where('out_trade_no', 'like', like).where('state', '=', 'SUCCESS').execute();
    return { paid: paid.map((r) => r.amount_fen), refunded: back.map((r) => r.amount_fen) };
  };

  it('registers bands by physical id, refuses one twice, finds them by physical id, number or id; a stopped band answers why', async () => {
    const band = await register(admin, 'T0A1B2C3', 30);
    expect(band).toMatchObject({ phyId: 'T0A1B2C3', handNo: 'T0A1B2C3', deposit: 30, state: 'A', inUse: false });
    const again = await admin.call(hand.add, { body: { phyId: 'T0A1B2C3', venueId: VENUE, deposit: 1 } });
    expect(again.body.msg).toBe(hand.handMsg.phyIdTaken);
    // The cashier lends but does not register.
    expect((await cashier.call(hand.add, { body: { phyId: 'T0ZZZ', venueId: VENUE, deposit: 1 } })).status).toBe(403);

    expect((await cashier.call(hand.lookup, { query: { id: 'T0A1B2C3' } })).body.data?.hand.handId).toBe(band.handId);
    expect((await cashier.call(hand.lookup, { query: { id: String(band.handId) } })).body.data?.hand.phyId).toBe('T0A1B2C3');
    expect((await cashier.call(hand.lookup, { query: { id: 'NOSUCHBAND' } })).body).toMatchObject({ code: 200, data: null });
    await admin.call(hand.setState, { body: { handId: band.handId, state: 'S' } });
    const stopped = await cashier.call(hand.lookup, { query: { id: 'T0A1B2C3' } });
    expect(stopped.body).toMatchObject({ code: -9000, msg: hand.handMsg.disabled });
    const page = (await admin.call(hand.all, { query: { keyword: 'T0A1' } })).body.data;
    expect(page.records.map((h) => h.phyId)).toEqual(['T0A1B2C3']);
  });

  it('lends a band (deposit by WeChat), charges a drink and a rental to it, settles them and gives the deposit back', async () => {
    const band = await register(admin, 'T1000001', 20);
    const deposit = await lend(cashier, band.handId);
    expect(deposit).toMatchObject({ orderState: 'P', payState: 'U', pricePay: 20 });
    const paid = await cashier.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'wechatpay', authCode: PAYS, money: 20 } });
    expect(paid.body).toMatchObject({ code: 200, data: { orderState: 'A', payState: 'P', payRecords: [{ payMode: 'wechatpay', money: 20 }] } });
    expect((await bandRow(server, band.handId)).lent_order_id).toBe(deposit.orderId);
    // Lent: not lent again.
    const twice = await cashier.call(hand.createHandDepositOrder, { body: { handId: band.handId, venueId: VENUE } });
    expect(twice.body.msg).toBe(hand.handMsg.inUse);

    // A drink on the band: the goods leave now, the money waits for the return.
    const drink = await goodsWithPrice(server.db, 500);
    await setStock(server, drink.id, 10);
    const saleId = await orders.createId(cashier, [{ goodsId: drink.id, quantity: 2 }]);
    const charged = await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: saleId, handId: band.handId } });
    expect(charged.body).toMatchObject({
      code: 200,
      data: { orderState: 'E', payState: 'P', pricePay: 10, payRecords: [{ payMode: hand.HAND_PAY, money: 10 }] },
    });
    expect(await stockOf(server.db, drink.id)).toBe(8);
    // Charged once: paying it again answers the paid order and books nothing.
    await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: saleId, handId: band.handId } });

    // A rental on the band too.
    const { body: goods } = await cashier.call(lease.goodsAll, { query: { venueId: VENUE } });
    const paddle = goods.data.find((g) => g.goodsName === '租赁乒乓球拍')!;
    const rental = (
      await cashier.call(lease.createOrder, { body: { details: [{ goodsId: paddle.leaseGoodsId, quantity: 1 }], itemId: paddle.itemId, venueId: VENUE } })
    ).body.data;
    const onBand = await cashier.call(hand.payWithHand, { body: { orderType: lease.LEASE_ORDER_TYPE, orderId: rental.orderId, handId: band.handId } });
    expect(onBand.body.data).toMatchObject({ orderState: 'A', pricePay: 55 });

    const charges = (await cashier.call(hand.queryOrderConsumeWithHand, { query: { orderId: deposit.orderId } })).body.data;
    expect(charges.map((c) => [c.orderTypeName, c.orderId, c.amount, c.settled])).toEqual([
      ['商品销售', saleId, 10, false],
      ['商品租赁', rental.orderId, 55, false],
    ]);
    const inUse = (await cashier.call(hand.queryHandInUse, { query: {} })).body.data.records.find((o) => o.orderId === deposit.orderId)!;
    expect(inUse).toMatchObject({ handNo: 'T1000001', charged: 65, unsettled: 65 });

    // Back: not before the charges are settled.
    const early = await cashier.call(hand.returnHandDeposit, { body: { orderId: deposit.orderId, route: 'T' } });
    expect(early.body.msg).toBe(hand.handMsg.unsettled('65.00'));
    const settle = (await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.data;
    expect(settle).toMatchObject({ orderState: 'P', pricePay: 65 });
    const due = (await cashier.call(hand.queryOrderForPay, { query: { orderId: settle.orderId } })).body.data;
    expect(due.details.map((d) => d.pricePay)).toEqual([10, 55]);
    const settled = await cashier.call(hand.payOrder, { body: { orderId: settle.orderId, payMode: 'cashpay', money: 65 } });
    expect(settled.body.data).toMatchObject({ orderState: 'E', payState: 'P' });
    expect((await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.msg).toBe(hand.handMsg.nothingToSettle);

    const back = await cashier.call(hand.returnHandDeposit, { body: { orderId: deposit.orderId, route: 'T' } });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', amount: 20, parts: [{ payMode: 'wechatpay', money: 20, state: 'R' }] } });
    expect(await bandRow(server, band.handId)).toEqual({ lent_order_id: null, state: 'A' });
    const [printed] = (await cashier.call(hand.getPrintHandDepositOrder, { query: { orderIds: String(deposit.orderId) } })).body.data;
    expect(printed).toMatchObject({ orderState: 'E', refundedAmount: 20, charged: 65, unsettled: 0 });
    // Returned: not returned again, and free to lend again.
    expect((await cashier.call(hand.returnHandDeposit, { body: { orderId: deposit.orderId, route: 'F' } })).body.msg).toBe(hand.handMsg.notInUse);
    expect((await lend(cashier, band.handId)).pricePay).toBe(20);
    // A band not out takes no charges.
    const another = await orders.createId(cashier, [{ goodsId: drink.id, quantity: 1 }]);
    const refused = await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: another, handId: band.handId } });
    expect(refused.body.msg).toBe(hand.handMsg.notInUse);
    expect((await orders.get(cashier, another)).body.data.payState).toBe('U');
  });

  it('never lends a band twice nor gives a deposit back twice, whatever the concurrency', async () => {
    const band = await register(admin, 'T2000002', 20);
    const deposits = await Promise.all(Array.from({ length: 5 }, () => lend(cashier, band.handId)));
    const pays = await Promise.all(deposits.map((d) => cashier.call(hand.payOrder, { body: { orderId: d.orderId, payMode: 'cashpay', money: 20 } })));
    expect(pays.filter((p) => p.body.code === 200)).toHaveLength(1);
    const winner = deposits[pays.findIndex((p) => p.body.code === 200)];
    expect((await bandRow(server, band.handId)).lent_order_id).toBe(winner.orderId);
    expect(pays.filter((p) => p.body.code !== 200).every((p) => p.body.msg === hand.handMsg.inUse)).toBe(true);
    const lostPaid = await server.db.selectFrom('hand_order').select('id').where('hand_id', '=', band.handId).where('pay_state', '=', 'P').execute();
    expect(lostPaid.map((r) => r.id)).toEqual([winner.orderId]);

    const returns = await Promise.all(Array.from({ length: 6 }, () => cashier.call(hand.returnHandDeposit, { body: { orderId: winner.orderId, route: 'F' } })));
    expect(returns.filter((r) => r.body.code === 200)).toHaveLength(1);
    const order = await server.db
      .selectFrom('hand_order')
      .select(['refunded_fen', 'order_state', 'pay_state'])
      .where('id', '=', winner.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ refunded_fen: 2000, order_state: 'E', pay_state: 'FR' });
    expect((await bandRow(server, band.handId)).lent_order_id).toBeNull();
  });

  // Two desks lend one free band by WeChat at once: both see it free before asking the channel; the one
  // whose lend commits second has its money refunded through the channel and the band is lent once.
  it('lends a band once when two WeChat deposits race, and refunds the loser through the channel', async () => {
    const band = await register(admin, 'T6000001', 20);
    const desks = [cashier, admin];
    const deposits = await Promise.all(desks.map((desk) => lend(desk, band.handId)));
    const pays = await Promise.all(
      // 0607: the channel takes 0.3 s to pay, so both payments have found the band free before either lends it.
      deposits.map((d, i) => desks[i].call(hand.payOrder, { body: { orderId: d.orderId, payMode: 'wechatpay', authCode: '13000000000607', money: 20 } })),
    );
    expect(pays.map((p) => p.body.code).sort()).toEqual([-9000, 200]);
    const won = pays.findIndex((p) => p.body.code === 200);
    const [winner, loser] = [deposits[won], deposits[1 - won]];
    expect(pays[1 - won].body.msg).toBe(`${hand.handMsg.inUse}，款项已原路退回`);
    expect((await bandRow(server, band.handId)).lent_order_id).toBe(winner.orderId);
    expect(await channelMoney(loser.orderId)).toEqual({ paid: [2000], refunded: [2000] });
    expect(await channelMoney(winner.orderId)).toEqual({ paid: [2000], refunded: [] });
    const lost = await server.db.selectFrom('hand_order').select(['pay_state', 'order_state']).where('id', '=', loser.orderId).executeTakeFirstOrThrow();
    expect(lost).toEqual({ pay_state: 'F', order_state: 'P' });
  });

  it('refunds a WeChat deposit whose result was unknown through the channel when the band was lent meanwhile', async () => {
    const band = await register(admin, 'T6000002', 20);
    const late = await lend(cashier, band.handId);
    const unknown = await cashier.call(hand.payOrder, { body: { orderId: late.orderId, payMode: 'wechatpay', authCode: '13000000000605', money: 20 } });
    expect(unknown.body.code).toBe(605);
    // Another desk lends the band in cash while the channel has not said.
    const other = await lend(admin, band.handId);
    expect((await admin.call(hand.payOrder, { body: { orderId: other.orderId, payMode: 'cashpay', money: 20 } })).body.code).toBe(200);
    // Asked again, the channel has the money: the band is out, so it goes back.
    const again = await cashier.call(hand.payOrder, { body: { orderId: late.orderId, payMode: 'wechatpay', authCode: '13000000000605', money: 20 } });
    expect(again.body.msg).toBe(`${hand.handMsg.inUse}，款项已原路退回`);
    expect(await channelMoney(late.orderId)).toEqual({ paid: [2000], refunded: [2000] });
    expect((await bandRow(server, band.handId)).lent_order_id).toBe(other.orderId);
  });

  it('charges an overstay to the band at the exit (手牌离场), and lets the visitor out', async () => {
    const band = await register(admin, 'T4000004', 20);
    const deposit = await lend(cashier, band.handId);
    await cashier.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'cashpay', money: 20 } });
    // A slot from now to a minute from now (past midnight first if it would cross it).
    let c = venueNow(server.clock.now().getTime());
    const mins = () => Number(c.time.slice(0, 2)) * 60 + Number(c.time.slice(3));
    if (mins() + 3 >= 24 * 60) {
      server.clock.advance((24 * 60 - mins() + 5) * 60_000);
      c = venueNow(server.clock.now().getTime());
    }
    const { itemId } = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data[0];
    const slot = await addType(
      admin,
      { useTimeList: [{ beginWeek: c.week, endWeek: c.week, beginTime: hhmm(Math.max(mins() - 1, 0)), endTime: hhmm(mins() + 1) }] },
      itemId,
    );
    const { tickets } = await sellPaid(cashier, slot.typeId, 1);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    // 48 minutes past the slot: 15 free, then two started periods of 30 at 10 元.
    server.clock.advance(48 * 60_000);
    const exit = await cashier.call(hand.createHandTimeoutOrder, { body: { qrCode: tickets[0].qrCode, handId: band.handId } });
    expect(exit.body).toMatchObject({ code: 200, data: { left: true, pricePay: 20 } });
    const charges = (await cashier.call(hand.queryOrderConsumeWithHand, { query: { orderId: deposit.orderId } })).body.data;
    expect(charges).toMatchObject([{ orderType: ticket.TIMEOUT_ORDER_TYPE, orderTypeName: '超时补费', amount: 20, settled: false }]);
    expect((await cashier.call(ticket.sceneBalance, { body: { qrCode: tickets[0].qrCode } })).body.msg).toBe('未查询到在场的票据');
  });

  it('shows another tenant none of it', async () => {
    const band = await register(admin, 'T5000005', 20);
    const deposit = await lend(cashier, band.handId);
    expect((await other.call(hand.byId, { params: { id: band.handId } })).body.code).not.toBe(200);
    expect((await other.call(hand.lookup, { query: { id: 'T5000005' } })).body.data).toBeNull();
    expect((await other.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'cashpay', money: 20 } })).body.code).not.toBe(200);
    expect((await other.call(hand.getPrintHandDepositOrder, { query: { orderIds: String(deposit.orderId) } })).body.data ?? []).toEqual([]);
    const theirs = (await other.call(hand.all, { query: { keyword: 'T5000005' } })).body.data.records;
    expect(theirs).toEqual([]);
    expect((await other.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: 1, handId: band.handId } })).body.code).not.toBe(200);
  });
});
