import { expect, it } from 'vitest';
import { cardDiscount, PERMISSIONS, sale, type CallBody } from '@venue/contract';
import { createServices } from '../src/modules.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import type { PaymentChannel } from '../src/modules/payment/channel.ts';
import type { UserSession } from '../src/plugins/session.ts';
import type { Client } from './client.ts';
import { describeEachEngine, type Server } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { setStock, stockOf } from './goods.helpers.ts';
import { goodsWithPrice, orders } from './sale.helpers.ts';

/** Auth codes of the payment simulator: pays and refunds; pays, refund unknown until asked; pays, refund fails. */
const PAYS = '134567890123456789';
const REFUND_UNKNOWN = '134567890123450615';
const REFUND_FAILS = '134567890123450616';

type RefundBody = CallBody<typeof sale.refundOrder>;
const refund = (as: Client, body: RefundBody) => as.call(sale.refundOrder, { body });
const refundsOf = async (as: Client, orderId: number) => (await as.call(sale.orderRefunds, { query: { orderId } })).body.data;

/** Two goods with stock 50 each: A at 3.50, B at 10.00. */
async function twoGoods(server: Server, skip: number) {
  const a = await goodsWithPrice(server.db, 350, skip);
  const b = await goodsWithPrice(server.db, 1000, skip + 1);
  await setStock(server, a.id, 50);
  await setStock(server, b.id, 50);
  return { a, b };
}
const simRefunds = (server: Server, orderId: number) =>
  server.db.selectFrom('pay_sim_refund').select(['amount_fen', 'state']).where('out_refund_no', 'like', `%GS1O${orderId}R%`).orderBy('created_at').execute();

describeEachEngine('sale refunds (退款) on %s', (server) => {
  const { admin, cashier, other } = server;

  it('refunds a cash sale whole: pay state FR, refund type A, every unit back to its warehouse', async () => {
    const { a, b } = await twoGoods(server, 20);
    const orderId = await orders.createId(cashier, [
      { goodsId: a.id, quantity: 3 },
      { goodsId: b.id, quantity: 1 },
    ]);
    expect((await orders.cash(cashier, orderId, 20.5)).body.code).toBe(200);
    expect([await stockOf(server.db, a.id), await stockOf(server.db, b.id)]).toEqual([47, 49]);

    const answer = await refund(admin, { orderId, route: 'T', reason: '顾客退货' });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      orderId,
      route: 'T',
      state: 'R',
      amount: 20.5,
      reason: '顾客退货',
      createName: '系统管理员',
      lines: [
        { goodsId: a.id, quantity: 3, amount: 10.5 },
        { goodsId: b.id, quantity: 1, amount: 10 },
      ],
      parts: [{ payMode: 'cashpay', payName: '现金', money: 20.5, state: 'R' }],
    });
    const order = (await orders.get(admin, orderId)).body.data;
    expect(order).toMatchObject({ payState: 'FR', refundType: 'A', refundState: 'R', refundedAmount: 20.5, pricePay: 20.5 });
    expect(order.details.map((d) => [d.quantity, d.refundedQuantity])).toEqual([
      [3, 3],
      [1, 1],
    ]);
    expect([await stockOf(server.db, a.id), await stockOf(server.db, b.id)]).toEqual([50, 50]);
    const moves = await server.db
      .selectFrom('stock_movement')
      .select(['goods_id', 'change'])
      .where('reason', '=', 'REFUND')
      .where('ref_id', '=', orderId)
      .execute();
    expect(moves.sort((x, y) => x.goods_id - y.goods_id)).toEqual([
      { goods_id: Math.min(a.id, b.id), change: a.id < b.id ? 3 : 1 },
      { goods_id: Math.max(a.id, b.id), change: a.id < b.id ? 1 : 3 },
    ]);
    // Nothing is left: a second refund is refused (400) and changes nothing.
    const again = await refund(admin, { orderId, route: 'T' });
    expect([again.status, again.body.msg]).toEqual([400, '该订单已全额退款']);
    expect(await refundsOf(admin, orderId)).toHaveLength(1);
  });

  it('refunds by line: two partial refunds move the order P -> PR -> FR, the amounts summing to what was paid', async () => {
    const { a, b } = await twoGoods(server, 22);
    const orderId = await orders.createId(cashier, [
      { goodsId: a.id, quantity: 3 },
      { goodsId: b.id, quantity: 2 },
    ]);
    await orders.cash(cashier, orderId, 30.5);
    const { details } = (await orders.get(admin, orderId)).body.data;
    const lineA = details.find((d) => d.goodsId === a.id)!.detailId;
    const lineB = details.find((d) => d.goodsId === b.id)!.detailId;

    const first = await refund(admin, { orderId, route: 'T', lines: [{ detailId: lineA, quantity: 2 }] });
    expect(first.body.data).toMatchObject({ amount: 7, state: 'R', lines: [{ detailId: lineA, quantity: 2, amount: 7 }] });
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'PR', refundType: 'P', refundedAmount: 7 });
    expect(await stockOf(server.db, a.id)).toBe(49);

    const over = await refund(admin, { orderId, route: 'T', lines: [{ detailId: lineA, quantity: 2 }] });
    expect([over.status, over.body]).toEqual([400, { code: 400, msg: `商品「${a.name}」最多可退 1 件`, data: null }]);

    const rest = await refund(admin, {
      orderId,
      route: 'T',
      lines: [
        { detailId: lineA, quantity: 1 },
        { detailId: lineB, quantity: 2 },
      ],
    });
    expect(rest.body.data).toMatchObject({ amount: 23.5, state: 'R' });
    const order = (await orders.get(admin, orderId)).body.data;
    expect(order).toMatchObject({ payState: 'FR', refundType: 'A', refundedAmount: 30.5 });
    // The answers (made from what the refund wrote) are the refunds as read back.
    expect(await refundsOf(admin, orderId)).toEqual([first.body.data, rest.body.data]);
    expect([await stockOf(server.db, a.id), await stockOf(server.db, b.id)]).toEqual([50, 50]);
  });

  it('a 9折 card order: 收款 lines are their shares of the total, and a line refund gives back that share (issue 30)', async () => {
    const a = await goodsWithPrice(server.db, 600, 40);
    const b = await goodsWithPrice(server.db, 850, 41);
    await setStock(server, a.id, 50);
    await setStock(server, b.id, 50);
    const vip = await cardByNo(admin, DEMO.vip);
    const orderId = await orders.createId(
      admin,
      [
        { goodsId: a.id, quantity: 2 },
        { goodsId: b.id, quantity: 1 },
      ],
      { memberId: vip.memberId },
    );
    const byCard = (await orders.forPay(admin, { orderId, payMode: 'cardpay', cardIds: String(vip.cardId) })).body.data;
    // 20.50 at 9折 is 18.45: 12.00 → 10.80 and 8.50 → 7.65, adding up to the total.
    expect(byCard.totalPrice).toBe(18.45);
    expect(byCard.details.map((d) => [d.pricePay, d.amountPay])).toEqual([
      [6, 10.8],
      [8.5, 7.65],
    ]);
    const byCash = (await orders.forPay(admin, { orderId, payMode: 'cashpay' })).body.data;
    expect(byCash.details.map((d) => d.amountPay)).toEqual([12, 8.5]);

    const paid = await orders.pay(admin, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 18.45 });
    expect(paid.body.code).toBe(200);
    expect((await orders.forPay(admin, { orderId, payMode: 'cashpay' })).body.data.details.map((d) => d.amountPay)).toEqual([10.8, 7.65]);
    const line = (await orders.get(admin, orderId)).body.data.details[0];
    const one = await refund(admin, { orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1 }] });
    expect(one.body.data).toMatchObject({ state: 'R', amount: 5.4, lines: [{ quantity: 1, amount: 5.4 }] });
  });

  it('route T gives each paid part back by its own way: the card share to the card (ledger = balance), the scan share through the channel', async () => {
    const { b } = await twoGoods(server, 24);
    const vip = await cardByNo(admin, DEMO.vip);
    const orderId = await orders.createId(admin, [{ goodsId: b.id, quantity: 3 }], { memberId: vip.memberId });
    // The 9折 card pays 10.00 (settling 11.11 of the list total), WeChat the rest at list price.
    const listFen = Math.round((await orders.forPay(admin, { orderId, payMode: 'cashpay' })).body.data.totalPrice * 100);
    const cardMoney = 10;
    const settled = cardDiscount.settleCards(listFen, [{ payFen: cardMoney * 100, perMille: 900 }]);
    if (!settled.ok) throw new Error('the card part does not settle');
    const due = settled.dueFen / 100;
    const paid = await orders.pay(admin, {
      orderId,
      payMode: 'composepay',
      money: due,
      payDetails: [
        { payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: cardMoney },
        { payMode: 'wechatpay', authCode: PAYS, money: settled.restFen / 100 },
      ],
    });
    expect(paid.body.code).toBe(200);
    const afterPay = (await cardByNo(admin, DEMO.vip)).balance;
    const line = (await orders.get(admin, orderId)).body.data.details[0];

    const one = await refund(admin, { orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1 }] });
    // One unit gives back its share of what was paid, to the fen below.
    const lineFen = Math.floor((Math.round(line.pricePay * 100) * settled.dueFen) / listFen);
    const cardShare = Math.floor((lineFen * cardMoney * 100) / settled.dueFen);
    expect(one.body.data).toMatchObject({ state: 'R', amount: lineFen / 100 });
    const parts = one.body.data.parts;
    expect(parts.map((p) => [p.payMode, p.state])).toEqual([
      ['cardpay', 'R'],
      ['wechatpay', 'R'],
    ]);
    expect(Math.round(parts[0].money * 100) + Math.round(parts[1].money * 100)).toBe(lineFen);
    expect(Math.abs(Math.round(parts[0].money * 100) - cardShare)).toBeLessThanOrEqual(1);
    expect(parts[0]).toMatchObject({ cardId: vip.cardId, cardNo: DEMO.vip });
    const balance = (await cardByNo(admin, DEMO.vip)).balance;
    expect(balance).toBeCloseTo(afterPay + parts[0].money, 2);
    expect(parts[0].cardBalance).toBeCloseTo(balance, 2);
    const ledgerRow = await server.db
      .selectFrom('order_refund_pay as p')
      .innerJoin('card_consume as cc', 'cc.id', 'p.consume_id')
      .select(['cc.kind', 'cc.amount', 'cc.order_type', 'cc.order_id'])
      .where('p.order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(ledgerRow).toEqual({ kind: 'REFUND', amount: Math.round(parts[0].money * 100), order_type: 'GOODS_SALE', order_id: orderId });
    expect(await simRefunds(server, orderId)).toEqual([{ amount_fen: Math.round(parts[1].money * 100), state: 'SUCCESS' }]);
    expect(await ledgerMismatches(server)).toEqual([]);

    // The rest: each part gets exactly what is left of it, the card is back where it started, the trade is refunded.
    expect((await refund(admin, { orderId, route: 'T' })).body.data.state).toBe('R');
    expect((await cardByNo(admin, DEMO.vip)).balance).toBeCloseTo(afterPay + cardMoney, 2);
    const trade = await server.db.selectFrom('pay_sim_trade').select('state').where('out_trade_no', 'like', `%GS1O${orderId}A%`).executeTakeFirstOrThrow();
    expect(trade.state).toBe('REFUNDED');
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'FR', refundType: 'A', refundedAmount: due });
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('route F gives everything back by cash: the card keeps its balance', async () => {
    const { a } = await twoGoods(server, 26);
    const vip = await cardByNo(admin, DEMO.vip);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 2 }], { memberId: vip.memberId });
    const due = (await orders.forPay(admin, { orderId, payMode: 'cardpay', cardIds: String(vip.cardId) })).body.data.totalPrice;
    await orders.pay(admin, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: due });
    const balance = (await cardByNo(admin, DEMO.vip)).balance;
    const bank = await refund(admin, { orderId, route: 'F', payMode: 'transferpay' });
    expect([bank.status, bank.body.msg]).toEqual([400, '当前场馆未启用转账，请选择其他退款方式']);
    const answer = await refund(admin, { orderId, route: 'F', reason: '卡已注销，退现金' });
    expect(answer.body.data).toMatchObject({ route: 'F', state: 'R', amount: due, parts: [{ payMode: 'cashpay', payName: '现金', money: due, cardId: null }] });
    expect((await cardByNo(admin, DEMO.vip)).balance).toBe(balance);
    expect((await orders.get(admin, orderId)).body.data.payState).toBe('FR');
  });

  it('a channel refund with an unknown result stays U, holds its units, and completes once when asked again', async () => {
    const { a } = await twoGoods(server, 28);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 2 }]);
    await orders.pay(admin, { orderId, payMode: 'alipay', authCode: REFUND_UNKNOWN, money: 7 });
    const line = (await orders.get(admin, orderId)).body.data.details[0];

    const pending = await refund(admin, { orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1 }] });
    expect(pending.body.data).toMatchObject({ state: 'U', amount: 3.5, finishTime: null, parts: [{ payMode: 'alipay', state: 'N' }] });
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'P', refundState: 'U', refundedAmount: 3.5 });
    expect(await stockOf(server.db, a.id)).toBe(48);
    // The held unit cannot be refunded again meanwhile.
    const over = await refund(admin, { orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 2 }] });
    expect([over.status, over.body.msg]).toEqual([400, `商品「${a.name}」最多可退 1 件`]);

    const refundId = pending.body.data.refundId;
    const asked = await Promise.all([1, 2, 3].map(() => admin.call(sale.queryRefund, { body: { refundId } })));
    expect(asked.map((r) => r.body.code)).toEqual([200, 200, 200]);
    expect(asked.some((r) => r.body.data.state === 'R')).toBe(true);
    const done = (await refundsOf(admin, orderId))[0];
    expect(done).toMatchObject({ state: 'R', parts: [{ state: 'R' }] });
    expect(done.finishTime).not.toBeNull();
    expect(await stockOf(server.db, a.id)).toBe(49);
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'PR', refundType: 'P', refundState: 'R', refundedAmount: 3.5 });
    expect((await admin.call(sale.queryRefund, { body: { refundId } })).body.data.state).toBe('R');
    expect(await stockOf(server.db, a.id)).toBe(49);
    expect(await simRefunds(server, orderId)).toEqual([{ amount_fen: 350, state: 'SUCCESS' }]);
  });

  it('a channel refund that fails (606) gives nothing back and holds nothing; the order is refunded another way', async () => {
    const { a } = await twoGoods(server, 30);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 1 }]);
    await orders.pay(admin, { orderId, payMode: 'wechatpay', authCode: REFUND_FAILS, money: 3.5 });
    const failed = await refund(admin, { orderId, route: 'T' });
    expect(failed.body).toEqual({ code: 606, msg: '退款失败：渠道拒绝退款', data: null });
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'P', refundType: 'U', refundState: 'F', refundedAmount: 0 });
    expect(await stockOf(server.db, a.id)).toBe(49);
    expect((await refundsOf(admin, orderId))[0]).toMatchObject({ state: 'F', parts: [{ state: 'F' }] });
    // A retry of a failed request answers the same failure and refunds nothing.
    const body: RefundBody = { orderId, route: 'T', requestId: 'failed-0001-abcd' };
    expect((await refund(admin, body)).body.code).toBe(606);
    expect((await refund(admin, body)).body).toEqual({ code: 606, msg: '退款失败：渠道拒绝退款', data: null });
    expect(await refundsOf(admin, orderId)).toHaveLength(2);
    expect((await refund(admin, { orderId, route: 'F' })).body.data.state).toBe('R');
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'FR', refundState: 'R', refundedAmount: 3.5 });
    expect(await stockOf(server.db, a.id)).toBe(50);
  });

  it('refuses bad requests with a Chinese 400 and changes nothing', async () => {
    const { a, b } = await twoGoods(server, 32);
    const unpaid = await orders.createId(admin, [{ goodsId: a.id, quantity: 1 }]);
    const paid = await orders.createId(admin, [{ goodsId: b.id, quantity: 1 }]);
    await orders.cash(admin, paid, 10);
    const unpaidLine = (await orders.get(admin, unpaid)).body.data.details[0].detailId;
    const answers = await Promise.all([
      refund(admin, { orderId: unpaid, route: 'T' }),
      refund(admin, { orderId: paid, route: 'T', lines: [{ detailId: unpaidLine, quantity: 1 }] }),
      refund(admin, { orderId: paid, route: 'T', lines: [{ detailId: unpaidLine, quantity: 0 }] }),
      refund(admin, { orderId: paid, route: 'X' as 'T' }),
      refund(admin, { orderId: paid, route: 'T', reason: '坏\u0000' }),
      refund(admin, { orderId: paid, route: 'T', lines: [] }),
    ]);
    expect(answers.map((r) => [r.status, r.body.msg])).toEqual([
      [400, '只有已支付或部分退款的订单可以退款'],
      [400, '退款商品不属于该订单'],
      [400, expect.stringContaining('退款数量至少为1')],
      [400, expect.stringContaining('请选择退款方式')],
      [400, expect.stringContaining('退款原因不能包含控制字符')],
      [400, expect.stringContaining('请选择要退款的商品和数量')],
    ]);
    expect(await refundsOf(admin, paid)).toEqual([]);
    expect((await orders.get(admin, paid)).body.data).toMatchObject({ payState: 'P', refundType: 'U', refundState: 'P', refundedAmount: 0 });
  });

  it('a retried request (same request id) answers its refund and gives nothing back twice', async () => {
    const { a } = await twoGoods(server, 34);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 4 }]);
    await orders.cash(admin, orderId, 14);
    const line = (await orders.get(admin, orderId)).body.data.details[0].detailId;
    const body: RefundBody = { orderId, route: 'T', lines: [{ detailId: line, quantity: 1 }], requestId: 'retry-0001-abcd' };
    const answers = await Promise.all([1, 2, 3].map(() => refund(admin, body)));
    expect(answers.map((r) => r.body.code)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.data.refundId)).size).toBe(1);
    expect(await refundsOf(admin, orderId)).toHaveLength(1);
    expect(await stockOf(server.db, a.id)).toBe(47);
    // A whole refund retried after it emptied the order still answers that refund, not 该订单已全额退款.
    const whole: RefundBody = { orderId, route: 'T', requestId: 'retry-0002-abcd' };
    const first = await refund(admin, whole);
    expect(first.body.data).toMatchObject({ state: 'R', amount: 10.5 });
    expect((await refund(admin, whole)).body.data.refundId).toBe(first.body.data.refundId);
    expect(await stockOf(server.db, a.id)).toBe(50);
  });

  it('concurrent refunds of one order never pass what was paid', async () => {
    const { a } = await twoGoods(server, 36);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 3 }]);
    await orders.cash(admin, orderId, 10.5);
    const line = (await orders.get(admin, orderId)).body.data.details[0].detailId;
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(admin, { orderId, route: 'T', lines: [{ detailId: line, quantity: 1 }] })));
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(3);
    // Refused by what is left when it ran: no units of the line, or nothing of the order.
    const refusals = answers.filter((r) => r.body.code !== 200).map((r) => `${r.status} ${r.body.msg}`);
    expect(refusals).toHaveLength(3);
    expect(refusals.every((m) => [`400 商品「${a.name}」最多可退 0 件`, '400 该订单已全额退款'].includes(m))).toBe(true);
    expect(await stockOf(server.db, a.id)).toBe(50);
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'FR', refundedAmount: 10.5 });

    const whole = await orders.createId(admin, [{ goodsId: a.id, quantity: 2 }]);
    await orders.cash(admin, whole, 7);
    const wholes = await Promise.all(Array.from({ length: 4 }, () => refund(admin, { orderId: whole, route: 'F' })));
    expect(wholes.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(await stockOf(server.db, a.id)).toBe(50);
    expect((await refundsOf(admin, whole)).map((r) => r.amount)).toEqual([7]);
  });

  it('refundCardConsume refuses a consume row of a sale order: it is refunded through its order only', async () => {
    const { a } = await twoGoods(server, 38);
    const vip = await cardByNo(admin, DEMO.vip);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 1 }], { memberId: vip.memberId });
    const due = (await orders.forPay(admin, { orderId, payMode: 'cardpay', cardIds: String(vip.cardId) })).body.data.totalPrice;
    await orders.pay(admin, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: due });
    const balance = (await cardByNo(admin, DEMO.vip)).balance;
    const consume = await server.db
      .selectFrom('card_consume')
      .select('id')
      .where('order_type', '=', 'GOODS_SALE')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const refused = await admin.call('POST', 'member/card/refundCardConsume', { body: { consumeId: consume.id } });
    expect([refused.status, refused.body]).toEqual([400, { code: 400, msg: `该消费记录属于销售订单 ${orderId}，请在销售订单中退款`, data: null }]);
    expect((await cardByNo(admin, DEMO.vip)).balance).toBe(balance);
    const listed = (await admin.call('GET', 'member/card/queryOrderConsume', { query: { cardId: vip.cardId, kind: 'CONSUME', size: 100 } })).body.data.records;
    expect(listed.find((r: { consumeId: number }) => r.consumeId === consume.id)).toMatchObject({ refundable: false, orderId });
    expect((await orders.get(admin, orderId)).body.data.payState).toBe('P');
  });

  it('asks for goods:saleOrder:refund (403, 510) and keeps other tenants out', async () => {
    const { a } = await twoGoods(server, 0);
    const orderId = await orders.createId(cashier, [{ goodsId: a.id, quantity: 1 }]);
    await orders.cash(cashier, orderId, 3.5);
    const denied = await refund(cashier, { orderId, route: 'T' });
    expect([denied.status, denied.body.code]).toEqual([403, 510]);
    const query = await cashier.call(sale.queryRefund, { body: { refundId: 1 } });
    expect([query.status, query.body.code]).toEqual([403, 510]);
    expect((await cashier.call(sale.orderRefunds, { query: { orderId } })).body.data).toEqual([]);
    expect((await orders.get(cashier, orderId)).body.data.payState).toBe('P');

    const foreign = await refund(other, { orderId, route: 'T' });
    expect(foreign.body).toMatchObject({ code: -1100, msg: '销售订单不存在' });
    expect((await other.call(sale.orderRefunds, { query: { orderId } })).body.code).toBe(-1100);
    const done = (await refund(admin, { orderId, route: 'T' })).body.data;
    expect((await other.call(sale.queryRefund, { body: { refundId: done.refundId } })).body).toMatchObject({ code: -1100, msg: '退款单不存在' });
    expect(await stockOf(server.db, a.id)).toBe(50);
  });

  it('a channel that throws leaves the refund U; asked again, a refund the channel never saw is let go and the units are free', async () => {
    const { a } = await twoGoods(server, 2);
    const orderId = await orders.createId(admin, [{ goodsId: a.id, quantity: 2 }]);
    await orders.pay(admin, { orderId, payMode: 'wechatpay', authCode: PAYS, money: 7 });
    const lost: PaymentChannel = {
      remote: true,
      needsAuthCode: true,
      pay: async () => ({ state: 'FAILED', channelTradeNo: null, message: '' }),
      query: async () => ({ state: 'FAILED', channelTradeNo: null, message: '' }),
      refund: () => Promise.reject(new Error('connection reset')),
      queryRefund: async () => ({ state: 'FAILED', channelTradeNo: null, message: '退款不存在' }),
    };
    const services = createServices(server.database.db, server.clock, server.database.dataDir, { wechatpay: lost });
    const user = await server.db.selectFrom('users').select('id').where('username', '=', 'admin').where('tenant_id', '=', 1).executeTakeFirstOrThrow();
    const session: UserSession = {
      kind: 'user',
      sessionId: 0,
      tenantId: 1,
      userId: user.id,
      username: 'admin',
      roles: ['ROLE_admin'],
      permissions: ['ROLE_admin'],
      isAdmin: true,
    };
    const pending = await services.checkout.refunds.refund(services.sale.kind, session, { orderId, route: 'T', reason: '' });
    expect(pending).toMatchObject({ state: 'U', amount: 7, message: '支付渠道无响应' });
    expect(await stockOf(server.db, a.id)).toBe(48);
    const settled = services.checkout.refunds.query(services.sale.kind, session, pending.refundId);
    await expect(settled).resolves.toMatchObject({ state: 'F', parts: [{ state: 'F' }] });
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'P', refundState: 'F', refundedAmount: 0 });
    expect((await orders.get(admin, orderId)).body.data.details[0].refundedQuantity).toBe(0);
    // The simulator (the server's own channel) refunds it now.
    expect((await refund(admin, { orderId, route: 'T' })).body.data).toMatchObject({ state: 'R', amount: 7 });
    expect(await stockOf(server.db, a.id)).toBe(50);
    await expect(services.checkout.refunds.query(services.sale.kind, session, pending.refundId)).resolves.toMatchObject({ state: 'F' });
  });

  it('refuses a refund of an order in a venue the user does not have (403, 510)', async () => {
    const goods = await server.db
      .selectFrom('goods_stock')
      .select('goods_id')
      .where('warehouse_id', '=', 3)
      .where('quantity', '>', 0)
      .orderBy('goods_id')
      .executeTakeFirstOrThrow();
    const orderId = await orders.createId(admin, [{ goodsId: goods.goods_id, quantity: 1 }], { venueId: 3, warehouseId: 3 });
    const money = (await orders.forPay(admin, { orderId })).body.data.totalPrice;
    await orders.cash(admin, orderId, money);
    const role = await server.db
      .insertInto('role')
      .values({ tenant_id: 1, code: 'refunder', name: '退款员', level: 5, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await server.db
      .selectFrom('menu')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('permission', 'in', [PERMISSIONS.goods.saleOrder.refund, PERMISSIONS.goods.saleOrder.list])
      .execute();
    await server.db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: 1, role_id: role.id, menu_id: m.id })))
      .execute();
    const user = await server.db
      .insertInto('users')
      .values({
        tenant_id: 1,
        username: 'refunder',
        real_name: '退款员',
        password_hash: await hashPassword('secret123'),
        phone: null,
        state: 'A',
        current_venue_id: 1,
        member_type_flag: 'F',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('user_role').values({ tenant_id: 1, user_id: user.id, role_id: role.id }).execute();
    await server.db.insertInto('user_venue').values({ tenant_id: 1, user_id: user.id, venue_id: 1 }).execute();
    const refunder = server.api.as(await server.api.login('refunder', 'secret123'));
    const refused = await refund(refunder, { orderId, route: 'T' });
    expect([refused.status, refused.body]).toEqual([403, { code: 510, msg: '您没有该场馆的权限', data: null }]);
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ payState: 'P', refundedAmount: 0 });
  });
});
