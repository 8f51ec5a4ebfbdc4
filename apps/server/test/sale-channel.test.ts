import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/modules.ts';
import { BizError } from '../src/lib/errors.ts';
import type { PaymentChannel } from '../src/modules/payment/channel.ts';
import type { UserSession } from '../src/plugins/session.ts';
import { engines, type Api, type TestDatabase } from './harness.ts';
import { cardByNo, closeServer, DEMO, ledgerMismatches, openServer } from './member-card.helpers.ts';
import { goodsWithPrice, sales, setStock, stockOf, traces } from './sale.helpers.ts';

/** Auth codes of the payment simulator (README "Payment simulator"). */
const PAYS = '134567890123456789';
const FAILS = '134567890123450606';
const UNKNOWN = '134567890123450605';

describe.each(engines())('scan-code payments and composepay on %s', (engine) => {
  let database: TestDatabase;
  let api: Api;
  let admin: string;
  let cashier: string;
  let sale: ReturnType<typeof sales>;
  const db = () => database.db.kysely;
  const trade = (orderId: number) => db().selectFrom('pay_sim_trade').select(['state', 'amount_fen', 'pay_mode']).where('out_trade_no', 'like', `GS1O${orderId}A%`).execute();

  beforeAll(async () => {
    ({ database, api, admin, cashier } = await openServer(engine));
    sale = sales(api);
  });
  afterAll(() => closeServer(api, database));

  it('606: a failed scan takes nothing, the order can be paid again', async () => {
    const goods = await goodsWithPrice(db(), 990);
    const stock = await stockOf(db(), goods.id);
    const orderId = await sale.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    const failed = await sale.pay(cashier, { orderId, payMode: 'wechatpay', authCode: FAILS, money: 9.9 });
    expect(failed.body).toEqual({ code: 606, msg: '支付失败请重新支付', data: null });
    expect((await sale.get(cashier, orderId)).body.data).toMatchObject({ payState: 'F', orderState: 'P', payRecords: [] });
    expect(await traces(db(), orderId)).toMatchObject({ moves: [], consumes: [], records: [{ pay_mode: 'wechatpay', state: 'F' }] });
    expect(await stockOf(db(), goods.id)).toBe(stock);
    expect((await sale.pay(cashier, { orderId, payMode: 'umspay', authCode: PAYS, money: 9.9 })).body.data).toMatchObject({ payState: 'P', payRecords: [{ payName: '银联商务' }] });
    expect(await stockOf(db(), goods.id)).toBe(stock - 1);
  });

  it('605: the result stays unknown, nothing is taken; the next payOrder asks the channel and completes the sale once', async () => {
    const goods = await goodsWithPrice(db(), 1500, 1);
    const stock = await stockOf(db(), goods.id);
    const orderId = await sale.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
    const body = { orderId, payMode: 'alipay', authCode: UNKNOWN, money: 30 };
    expect((await sale.pay(cashier, body)).body).toEqual({ code: 605, msg: '支付结果未知，请重新点击支付按钮支付', data: null });
    expect((await sale.get(cashier, orderId)).body.data).toMatchObject({ payState: 'N', payRecords: [{ payMode: 'alipay', state: 'N' }] });
    expect(await stockOf(db(), goods.id)).toBe(stock);
    expect(await trade(orderId)).toEqual([{ state: 'UNKNOWN', amount_fen: 3000, pay_mode: 'alipay' }]);

    const settled = await sale.pay(cashier, body);
    expect(settled.body.data).toMatchObject({ orderId, payState: 'P', orderState: 'E', payRecords: [{ payMode: 'alipay', payName: '支付宝', money: 30, state: 'P' }] });
    expect(await trade(orderId)).toEqual([{ state: 'PAID', amount_fen: 3000, pay_mode: 'alipay' }]);
    expect((await sale.pay(cashier, body)).body).toEqual(settled.body);
    expect(await stockOf(db(), goods.id)).toBe(stock - 2);
    const record = await db().selectFrom('pay_record').select(['channel_trade_no', 'out_trade_no']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(record.out_trade_no).toBe(`GS1O${orderId}A1`);
    expect(record.channel_trade_no).toMatch(/^2026\d+/);
  });

  it('605 then cash: the pending scan is asked first; it was paid, so cash is not taken', async () => {
    const goods = await goodsWithPrice(db(), 700, 2);
    const orderId = await sale.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await sale.pay(cashier, { orderId, payMode: 'wechatpay', authCode: UNKNOWN, money: 7 })).body.code).toBe(605);
    const answer = await sale.cash(cashier, orderId, 7);
    expect(answer.body.data).toMatchObject({ payState: 'P', payRecords: [{ payMode: 'wechatpay', money: 7 }] });
    expect((await traces(db(), orderId)).records).toMatchObject([{ pay_mode: 'wechatpay', state: 'P' }]);
  });

  it('composepay: M cards plus one scan method, the split recorded per part; the card waits for the channel', async () => {
    const goods = await goodsWithPrice(db(), 10000, 3);
    const vip = await cardByNo(api, cashier, DEMO.vip);
    const orderId = await sale.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: vip.memberId });
    const due = (await sale.forPay(cashier, { orderId, payMode: 'composepay', cardIds: String(vip.cardId) })).body.data.totalPrice;
    expect(due).toBe(90);
    const parts = (code: string) => [
      { payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 50 }, { payMode: 'wechatpay', authCode: code, money: 40 },
    ];
    const twoMethods = [...parts(PAYS), { payMode: 'cashpay', money: 1 }];
    expect((await sale.pay(cashier, { orderId, payMode: 'composepay', money: 91, payDetails: twoMethods })).body.msg).toBe('组合支付只能使用一种收款方式');

    expect((await sale.pay(cashier, { orderId, payMode: 'composepay', money: 90, payDetails: parts(UNKNOWN) })).body.code).toBe(605);
    expect((await cardByNo(api, cashier, DEMO.vip)).balance).toBe(vip.balance);
    const paid = await sale.pay(cashier, { orderId, payMode: 'composepay', money: 90, payDetails: parts(UNKNOWN) });
    expect(paid.body.data.payRecords).toMatchObject([
      { payMode: 'cardpay', cardId: vip.cardId, money: 50, cardBalance: vip.balance - 50, source: 'card' }, { payMode: 'wechatpay', money: 40, source: 'system' },
    ]);
    expect((await traces(db(), orderId)).consumes).toEqual([{ card_id: vip.cardId, amount: -5000 }]);
    expect(await trade(orderId)).toEqual([{ state: 'PAID', amount_fen: 4000, pay_mode: 'wechatpay' }]);
    expect(await ledgerMismatches(database)).toEqual([]);
  });

  it('offers only the venue methods: 滨江网球中心 has no 支付宝', async () => {
    const methods = async (venueId: number, channel?: string) =>
      (await api.call('GET', 'system/payment/queryPayType', { token: admin, query: { venueId, channel } })).body.data.map((m: { payMode: string }) => m.payMode);
    expect(await methods(1)).toEqual(['cashpay', 'wechatpay', 'alipay', 'umspay', 'bankpay']);
    expect(await methods(3)).toEqual(['cashpay', 'wechatpay', 'umspay', 'bankpay']);
    const goods = await db().selectFrom('goods_stock').select('goods_id').where('warehouse_id', '=', 3).where('quantity', '>', 0).orderBy('goods_id').executeTakeFirstOrThrow();
    const orderId = await sale.createId(admin, [{ goodsId: goods.goods_id, quantity: 1 }], { venueId: 3, warehouseId: 3 });
    const money = (await sale.forPay(admin, { orderId })).body.data.totalPrice;
    expect((await sale.pay(admin, { orderId, payMode: 'alipay', authCode: PAYS, money })).body.msg).toBe('当前场馆未启用支付宝收款方式');
  });

  it('gives the money back when the channel paid but the sale can no longer be completed', async () => {
    const goods = await goodsWithPrice(db(), 600, 4);
    await setStock(api, admin, db(), goods.id, 1);
    const refunds: string[] = [];
    // A channel that is slow: while it takes the money another till sells the last unit.
    const slow: PaymentChannel = {
      remote: true, needsAuthCode: true,
      pay: async () => {
        await setStock(api, admin, db(), goods.id, 0);
        return { state: 'PAID', channelTradeNo: 'T1', message: '支付成功' };
      },
      query: async () => ({ state: 'UNKNOWN', channelTradeNo: null, message: '' }),
      refund: async ({ orderNo }) => (refunds.push(orderNo), { state: 'PAID', channelTradeNo: 'T1', message: '已退款' }),
    };
    const services = createServices(database.db, api.clock, database.dataDir, { wechatpay: slow, alipay: { ...slow, pay: () => Promise.reject(new Error('timeout')) } });
    const user = await db().selectFrom('users').select('id').where('username', '=', 'admin').where('tenant_id', '=', 1).executeTakeFirstOrThrow();
    const session: UserSession = { kind: 'user', sessionId: 0, tenantId: 1, userId: user.id, username: 'admin', roles: ['ROLE_admin'], permissions: ['ROLE_admin'], isAdmin: true };
    const orderId = await sale.createId(admin, [{ goodsId: goods.id, quantity: 1 }]);
    const attempt = services.sale.payments.pay(session, { orderId, payMode: 'wechatpay', authCode: PAYS, money: 6 });
    await expect(attempt).rejects.toSatisfy((e) => e instanceof BizError && e.message === `商品「${goods.name}」库存不足，款项已原路退回`);
    expect(refunds).toEqual([`GS1O${orderId}A1`]);
    expect(await traces(db(), orderId)).toMatchObject({ moves: [], records: [{ pay_mode: 'wechatpay', state: 'R' }] });
    expect((await sale.get(admin, orderId)).body.data.payState).toBe('F');

    // A channel that throws: the result is unknown (605), and the order waits for the next payOrder.
    await setStock(api, admin, db(), goods.id, 5);
    const unknown = services.sale.payments.pay(session, { orderId, payMode: 'alipay', authCode: PAYS, money: 6 });
    await expect(unknown).rejects.toSatisfy((e) => e instanceof BizError && e.code === 605);
    expect((await sale.get(admin, orderId)).body.data.payState).toBe('N');
  });

  it('refuses an auth code the simulator cannot read', async () => {
    const goods = await goodsWithPrice(db(), 100, 5);
    const orderId = await sale.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await sale.pay(cashier, { orderId, payMode: 'wechatpay', authCode: 'abc', money: 1 })).body.code).toBe(606);
  });
});
