import { expect, it } from 'vitest';
import { hand, sale } from '@venue/contract';
import type { Client } from './client.ts';
import { describeEachEngine, type Server } from './harness.ts';
import { setStock, stockOf } from './goods.helpers.ts';
import { lend, PAYS, register } from './hand.helpers.ts';
import { goodsWithPrice, orders } from './sale.helpers.ts';

const simRefunds = (server: Server, outTradeNo: string) =>
  server.db.selectFrom('pay_sim_refund').select(['amount_fen', 'state']).where('out_trade_no', '=', outTradeNo).execute();
const inUse = async (as: Client, depositOrderId: number) =>
  (await as.call(hand.queryHandInUse, { query: {} })).body.data.records.find((o) => o.orderId === depositOrderId)!;

describeEachEngine('wristband charges refunded by the original route on %s', (server) => {
  const { admin, cashier } = server;
  /** A band lent for a cash deposit of 20.00, and a drink of 5.00 in stock to charge to it. */
  const bandOut = async (phyId: string, skip: number) => {
    const band = await register(admin, phyId, 20);
    const deposit = await lend(cashier, band.handId);
    await cashier.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'cashpay', money: 20 } });
    const drink = await goodsWithPrice(server.db, 500, skip);
    await setStock(server, drink.id, 10);
    return { band, deposit, drink };
  };

  it('takes a refund off the band while it is not settled, and back through the settlement once it is', async () => {
    const { band, deposit, drink } = await bandOut('R1000001', 3);
    const onBand = async (quantity: number) => {
      const id = await orders.createId(cashier, [{ goodsId: drink.id, quantity }]);
      const paid = await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: id, handId: band.handId } });
      expect(paid.body.code).toBe(200);
      return id;
    };

    // Not settled: one of two drinks back by the original route lowers what the band owes, 10.00 -> 5.00.
    const first = await onBand(2);
    const lineId = (await orders.get(cashier, first)).body.data.details[0].detailId;
    const back = await admin.call(sale.refundOrder, { body: { orderId: first, route: 'T', lines: [{ detailId: lineId, quantity: 1 }] } });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', amount: 5, parts: [{ payMode: hand.HAND_PAY, money: 5, state: 'R' }] } });
    expect(await stockOf(server.db, drink.id)).toBe(9);
    expect(await inUse(cashier, deposit.orderId)).toMatchObject({ charged: 5, unsettled: 5 });
    const charges = (await cashier.call(hand.queryOrderConsumeWithHand, { query: { orderId: deposit.orderId } })).body.data;
    expect(charges.map((c) => [c.orderId, c.amount, c.settled])).toEqual([[first, 5, false]]);

    // Settled by WeChat (5.00 + a second sale of 10.00): a refund of the second sale goes back through that WeChat payment.
    const second = await onBand(2);
    const settle = (await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.data;
    expect(settle.pricePay).toBe(15);
    const settled = await cashier.call(hand.payOrder, { body: { orderId: settle.orderId, payMode: 'wechatpay', authCode: PAYS, money: 15 } });
    expect(settled.body.data).toMatchObject({ payState: 'P', payRecords: [{ payMode: 'wechatpay', money: 15 }] });
    const whole = await admin.call(sale.refundOrder, { body: { orderId: second, route: 'T' } });
    expect(whole.body).toMatchObject({ code: 200, data: { state: 'R', amount: 10, parts: [{ payMode: 'wechatpay', money: 10, state: 'R' }] } });
    const trade = await server.db
      .selectFrom('pay_record')
      .select('out_trade_no')
      .where('order_type', '=', hand.HAND_SETTLE_ORDER_TYPE)
      .where('order_id', '=', settle.orderId)
      .executeTakeFirstOrThrow();
    expect(await simRefunds(server, trade.out_trade_no!)).toEqual([{ amount_fen: 1000, state: 'SUCCESS' }]);
    expect((await orders.get(cashier, second)).body.data).toMatchObject({ payState: 'FR', refundedAmount: 10 });
    // The band owes nothing and its settled charges stay as paid; the rest of the first sale goes back through WeChat too.
    expect(await inUse(cashier, deposit.orderId)).toMatchObject({ unsettled: 0 });
    const rest = await admin.call(sale.refundOrder, { body: { orderId: first, route: 'T' } });
    expect(rest.body.data).toMatchObject({ amount: 5, parts: [{ payMode: 'wechatpay', money: 5 }] });
    expect((await simRefunds(server, trade.out_trade_no!)).map((r) => r.amount_fen)).toEqual([1000, 500]);
    // The deposit comes back as before.
    const returned = await cashier.call(hand.returnHandDeposit, { body: { orderId: deposit.orderId, route: 'T' } });
    expect(returned.body.data).toMatchObject({ state: 'R', amount: 20, parts: [{ payMode: 'cashpay', money: 20 }] });
  });

  it('a settlement made before a refund lowered a charge no longer adds up: refused, made again', async () => {
    const { band, deposit, drink } = await bandOut('R2000002', 4);
    const id = await orders.createId(cashier, [{ goodsId: drink.id, quantity: 2 }]);
    await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: id, handId: band.handId } });
    const stale = (await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.data;
    const lineId = (await orders.get(cashier, id)).body.data.details[0].detailId;
    await admin.call(sale.refundOrder, { body: { orderId: id, route: 'T', lines: [{ detailId: lineId, quantity: 1 }] } });
    const refused = await cashier.call(hand.payOrder, { body: { orderId: stale.orderId, payMode: 'cashpay', money: 10 } });
    expect(refused.body.msg).toBe(hand.handMsg.settleChanged);
    expect(await inUse(cashier, deposit.orderId)).toMatchObject({ unsettled: 5 });
    const fresh = (await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.data;
    expect(fresh.pricePay).toBe(5);
    // The stale one is closed: it can no longer be paid, and only the fresh one is open.
    expect(fresh.orderId).not.toBe(stale.orderId);
    expect((await cashier.call(hand.payOrder, { body: { orderId: stale.orderId, payMode: 'cashpay', money: 10 } })).body.msg).toBe('订单已关闭，不能支付');
    expect((await cashier.call(hand.payOrder, { body: { orderId: fresh.orderId, payMode: 'cashpay', money: 5 } })).body.data.payState).toBe('P');
  });
  it('twenty settlements asked at once make one: the open settlement answers every call', async () => {
    const { band, deposit, drink } = await bandOut('R3000003', 5);
    const id = await orders.createId(cashier, [{ goodsId: drink.id, quantity: 2 }]);
    await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: id, handId: band.handId } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })));
    expect(answers.map((a) => a.body.code)).toEqual(Array.from({ length: 20 }, () => 200));
    const ids = new Set(answers.map((a) => a.body.data.orderId));
    expect(ids.size).toBe(1);
    expect(answers[0].body.data).toMatchObject({ orderState: 'P', payState: 'U', pricePay: 10 });
    const made = await server.db.selectFrom('hand_order').select('id').where('deposit_order_id', '=', deposit.orderId).where('kind', '=', 'S').execute();
    expect(made.map((r) => r.id)).toEqual([...ids]);
    // Paid, the band has nothing left to settle.
    const [orderId] = [...ids];
    expect((await cashier.call(hand.payOrder, { body: { orderId, payMode: 'cashpay', money: 10 } })).body.data.payState).toBe('P');
    expect((await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.msg).toBe(hand.handMsg.nothingToSettle);
  });
});
