import { expect, it } from 'vitest';
import { Msg } from '@venue/contract';
import { createServices } from '../src/modules.ts';
import { BizError } from '../src/lib/errors.ts';
import type { PaymentChannel } from '../src/modules/payment/channel.ts';
import type { UserSession } from '../src/plugins/session.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { setStock, stockOf } from './goods.helpers.ts';
import { goodsWithPrice, orders, traces } from './sale.helpers.ts';

/** Auth codes of the payment simulator (README "Payment simulator"). */
const PAYS = '134567890123456789';
const FAILS = '134567890123450606';
const UNKNOWN = '134567890123450605';

describeEachEngine('scan-code payments and composepay on %s', (server) => {
  const { admin, cashier } = server;
  /** This installation's trade-number prefix (app_install): every out_trade_no starts with it. */
  const tradePrefix = async () => (await server.db.selectFrom('app_install').select('trade_prefix').executeTakeFirstOrThrow()).trade_prefix;
  const trade = (orderId: number) =>
    server.db.selectFrom('pay_sim_trade').select(['state', 'amount_fen', 'pay_mode']).where('out_trade_no', 'like', `%GS1O${orderId}A%`).execute();

  it('606: a failed scan takes nothing, the order can be paid again', async () => {
    const goods = await goodsWithPrice(server.db, 990);
    const stock = await stockOf(server.db, goods.id);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    const failed = await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: FAILS, money: 9.9 });
    expect(failed.body).toEqual({ code: 606, msg: Msg.payFailed, data: null });
    expect((await orders.get(cashier, orderId)).body.data).toMatchObject({ payState: 'F', orderState: 'P', payRecords: [] });
    expect(await traces(server.db, orderId)).toMatchObject({ moves: [], consumes: [], records: [{ pay_mode: 'wechatpay', state: 'F' }] });
    expect(await stockOf(server.db, goods.id)).toBe(stock);
    expect((await orders.pay(cashier, { orderId, payMode: 'umspay', authCode: PAYS, money: 9.9 })).body.data).toMatchObject({
      payState: 'P',
      payRecords: [{ payName: '银联商务（模拟通道）' }],
    });
    expect(await stockOf(server.db, goods.id)).toBe(stock - 1);
  });

  it('606: the failed payment leaves no remark; the order paid afterwards keeps what its own payment said (issue 30)', async () => {
    const goods = await goodsWithPrice(server.db, 650, 2);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    const failed = await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: FAILS, money: 6.5, remark: '挂账备注' });
    expect(failed.body.code).toBe(606);
    // The 收款 dialog closes on 606 and forgets the remark: so does the order.
    expect((await orders.get(cashier, orderId)).body.data).toMatchObject({ payState: 'F', remark: '' });
    expect((await orders.cash(cashier, orderId, 6.5)).body.data).toMatchObject({ payState: 'P' });
    expect((await orders.get(cashier, orderId)).body.data).toMatchObject({ payState: 'P', remark: '' });
  });

  it('605: the result stays unknown, nothing is taken; the next payOrder asks the channel and completes the sale once', async () => {
    const goods = await goodsWithPrice(server.db, 1500, 1);
    const stock = await stockOf(server.db, goods.id);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
    const body = { orderId, payMode: 'alipay', authCode: UNKNOWN, money: 30 };
    expect((await orders.pay(cashier, body)).body).toEqual({ code: 605, msg: Msg.payUnknown, data: null });
    expect((await orders.get(cashier, orderId)).body.data).toMatchObject({ payState: 'N', payRecords: [{ payMode: 'alipay', state: 'N' }] });
    expect(await stockOf(server.db, goods.id)).toBe(stock);
    expect(await trade(orderId)).toEqual([{ state: 'UNKNOWN', amount_fen: 3000, pay_mode: 'alipay' }]);

    const settled = await orders.pay(cashier, body);
    expect(settled.body.data).toMatchObject({
      orderId,
      payState: 'P',
      orderState: 'E',
      payRecords: [{ payMode: 'alipay', payName: '支付宝（模拟通道）', money: 30, state: 'P' }],
    });
    expect(await trade(orderId)).toEqual([{ state: 'PAID', amount_fen: 3000, pay_mode: 'alipay' }]);
    expect((await orders.pay(cashier, body)).body).toEqual(settled.body);
    expect(await stockOf(server.db, goods.id)).toBe(stock - 2);
    const record = await server.db
      .selectFrom('pay_record')
      .select(['channel_trade_no', 'out_trade_no'])
      .where('order_type', '=', 'GOODS_SALE')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(record.out_trade_no).toBe(`${await tradePrefix()}GS1O${orderId}A1`);
    expect(record.channel_trade_no).toMatch(/^2026\d+/);
  });

  it('605 then cash: the pending scan is asked first; it was paid, so cash is not taken', async () => {
    const goods = await goodsWithPrice(server.db, 700, 2);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: UNKNOWN, money: 7 })).body.code).toBe(605);
    const answer = await orders.cash(cashier, orderId, 7);
    expect(answer.body.data).toMatchObject({ payState: 'P', payRecords: [{ payMode: 'wechatpay', money: 7 }] });
    expect((await traces(server.db, orderId)).records).toMatchObject([{ pay_mode: 'wechatpay', state: 'P' }]);
  });

  it('composepay: M cards plus one scan method, the split recorded per part; the card waits for the channel', async () => {
    const goods = await goodsWithPrice(server.db, 10000, 3);
    const vip = await cardByNo(cashier, DEMO.vip);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: vip.memberId });
    const due = (await orders.forPay(cashier, { orderId, payMode: 'composepay', cardIds: String(vip.cardId) })).body.data.totalPrice;
    expect(due).toBe(90);
    // Paying only 50.00 by the 9折 card settles 55.56 of the 100.00; WeChat pays the other 44.44 at list price.
    const parts = (code: string) => [
      { payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 50 },
      { payMode: 'wechatpay', authCode: code, money: 44.44 },
    ];
    const twoMethods = [...parts(PAYS), { payMode: 'cashpay', money: 1 }];
    expect((await orders.pay(cashier, { orderId, payMode: 'composepay', money: 91, payDetails: twoMethods })).body.msg).toBe('组合支付只能使用一种收款方式');

    expect((await orders.pay(cashier, { orderId, payMode: 'composepay', money: 90, payDetails: parts(UNKNOWN) })).body.msg).toBe(
      '收款金额与应付金额不一致，应付 94.44 元',
    );
    expect((await orders.pay(cashier, { orderId, payMode: 'composepay', money: 94.44, payDetails: parts(UNKNOWN) })).body.code).toBe(605);
    expect((await cardByNo(cashier, DEMO.vip)).balance).toBe(vip.balance);
    const paid = await orders.pay(cashier, { orderId, payMode: 'composepay', money: 94.44, payDetails: parts(UNKNOWN) });
    expect(paid.body.data.payRecords).toMatchObject([
      { payMode: 'cardpay', cardId: vip.cardId, money: 50, cardBalance: vip.balance - 50, source: 'card' },
      { payMode: 'wechatpay', money: 44.44, source: 'system' },
    ]);
    expect((await traces(server.db, orderId)).consumes).toEqual([{ card_id: vip.cardId, amount: -5000 }]);
    expect(await trade(orderId)).toEqual([{ state: 'PAID', amount_fen: 4444, pay_mode: 'wechatpay' }]);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('offers only the venue methods: 滨江网球中心 has no 支付宝', async () => {
    const methods = async (venueId: number, channel?: string) =>
      (await admin.call('GET', 'system/payment/queryPayType', { query: { venueId, channel } })).body.data.map((m: { payMode: string }) => m.payMode);
    expect(await methods(1)).toEqual(['cashpay', 'wechatpay', 'alipay', 'umspay', 'bankpay']);
    expect(await methods(3)).toEqual(['cashpay', 'wechatpay', 'umspay', 'bankpay']);
    const goods = await server.db
      .selectFrom('goods_stock')
      .select('goods_id')
      .where('warehouse_id', '=', 3)
      .where('quantity', '>', 0)
      .orderBy('goods_id')
      .executeTakeFirstOrThrow();
    const orderId = await orders.createId(admin, [{ goodsId: goods.goods_id, quantity: 1 }], { venueId: 3, warehouseId: 3 });
    const money = (await orders.forPay(admin, { orderId })).body.data.totalPrice;
    expect((await orders.pay(admin, { orderId, payMode: 'alipay', authCode: PAYS, money })).body.msg).toBe('当前场馆未启用支付宝收款方式');
  });

  it('gives the money back when the channel paid but the sale can no longer be completed', async () => {
    const goods = await goodsWithPrice(server.db, 600, 4);
    await setStock(server, goods.id, 1);
    const refunds: string[] = [];
    // A channel that is slow: while it takes the money another till sells the last unit.
    const slow: PaymentChannel = {
      remote: true,
      needsAuthCode: true,
      pay: async () => {
        await setStock(server, goods.id, 0);
        return { state: 'PAID', channelTradeNo: 'T1', message: '支付成功' };
      },
      query: async () => ({ state: 'UNKNOWN', channelTradeNo: null, message: '' }),
      refund: async ({ orderNo }) => (refunds.push(orderNo), { state: 'PAID', channelTradeNo: 'T1', message: '已退款' }),
      queryRefund: async () => ({ state: 'FAILED', channelTradeNo: null, message: '退款不存在' }),
    };
    const services = createServices(server.database.db, server.clock, server.database.dataDir, {
      wechatpay: slow,
      alipay: { ...slow, pay: () => Promise.reject(new Error('timeout')) },
    });
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
    const orderId = await orders.createId(admin, [{ goodsId: goods.id, quantity: 1 }]);
    const attempt = services.checkout.payments.pay(services.sale.kind, session, { orderId, payMode: 'wechatpay', authCode: PAYS, money: 6 });
    await expect(attempt).rejects.toSatisfy((e) => e instanceof BizError && e.message === `商品「${goods.name}」库存不足，款项已原路退回`);
    expect(refunds).toEqual([`${await tradePrefix()}GS1O${orderId}A1`]);
    expect(await traces(server.db, orderId)).toMatchObject({ moves: [], records: [{ pay_mode: 'wechatpay', state: 'R' }] });
    expect((await orders.get(admin, orderId)).body.data.payState).toBe('F');

    // A channel that throws: the result is unknown (605), and the order waits for the next payOrder.
    await setStock(server, goods.id, 5);
    const unknown = services.checkout.payments.pay(services.sale.kind, session, { orderId, payMode: 'alipay', authCode: PAYS, money: 6 });
    await expect(unknown).rejects.toSatisfy((e) => e instanceof BizError && e.code === 605);
    expect((await orders.get(admin, orderId)).body.data.payState).toBe('N');
  });

  it('refuses an auth code the simulator cannot read', async () => {
    const goods = await goodsWithPrice(server.db, 100, 5);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: 'abc', money: 1 })).body.code).toBe(606);
  });
});
