import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Msg, payChannel, payment, sale } from '@venue/contract';
import { describeEachEngine, type Server } from './harness.ts';
import { goodsWithPrice, orders } from './sale.helpers.ts';
import { setStock, stockOf } from './goods.helpers.ts';
import { certificate } from './standins/keys.ts';
import { SCENARIO, startWechatStandin, type WechatStandin } from './standins/wechatpay-standin.ts';

/**
 * Issue 31, the whole pay flow through a configured real channel: venue 1's WeChat Pay set to the
 * stand-in platform on the 支付方式 screen's calls, paid at the till's calls, unknown results settled by
 * the background job, refunds, the refusal of an unconfigured method and the day's 对账.
 */
const platform = await certificate('127.0.0.1');
const merchant = await certificate('1900000109');
const APP_ID = 'wx0123456789abcdef';
const MCH_ID = '1900000109';
const API_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachEngine(
  'payments through a configured real channel on %s',
  (server: Server) => {
    const { admin, cashier } = server;
    let standin: WechatStandin;
    const payState = async (orderId: number) => (await orders.get(cashier, orderId)).body.data.payState as string;
    const saveWechat = (secrets: Record<string, string>, venueId = 1) =>
      admin.call(payChannel.save, {
        body: { payMode: 'wechatpay', venueId, provider: 'live', baseUrl: standin.url, params: { appId: APP_ID, mchId: MCH_ID }, secrets },
      });

    beforeAll(async () => {
      standin = await startWechatStandin({
        appId: APP_ID,
        mchId: MCH_ID,
        apiKey: API_KEY,
        tls: platform,
        merchantCertFingerprint: merchant.fingerprint,
        now: () => server.clock.now().getTime(),
      });
    });
    afterAll(() => standin.close());

    it('keeps the merchant parameters sealed, never answers a secret, and 测试 shows the platform answer', async () => {
      const saved = await saveWechat({ apiKey: API_KEY, certPem: merchant.cert, keyPem: merchant.key });
      expect(saved.body.data).toMatchObject({
        payMode: 'wechatpay',
        venueId: 1,
        provider: 'live',
        params: { appId: APP_ID, mchId: MCH_ID },
        secretsSet: ['apiKey', 'certPem', 'keyPem'],
      });
      const listed = JSON.stringify((await admin.call(payChannel.list)).body);
      for (const text of [JSON.stringify(saved.body), listed]) {
        expect(text).not.toContain(API_KEY);
        expect(text).not.toContain('PRIVATE KEY');
      }
      const row = await server.db
        .selectFrom('pay_channel_config')
        .select('secrets_enc')
        .where('tenant_id', '=', 1)
        .where('venue_id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(row.secrets_enc).toMatch(/^v1\./);
      expect(row.secrets_enc).not.toContain(API_KEY);
      const audits = await server.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('action', '=', 'payment.channel').execute();
      expect(JSON.stringify(audits)).not.toContain(API_KEY);
      // Saving again without secrets keeps them.
      expect((await saveWechat({})).body.data.secretsSet).toEqual(['apiKey', 'certPem', 'keyPem']);
      expect((await admin.call(payChannel.test, { body: { payMode: 'wechatpay', venueId: 1 } })).body.data).toEqual({
        ok: true,
        message: '微信支付答复：此交易订单号不存在（ORDERNOTEXIST），商户号与API密钥可用',
      });
      expect((await cashier.call(payChannel.save, { body: { payMode: 'wechatpay', venueId: 1, provider: 'simulator' } })).status).toBe(403);
      // Bad settings are refused in Chinese and change nothing.
      const before = await server.db.selectFrom('pay_channel_config').selectAll().where('tenant_id', '=', 1).orderBy('id').execute();
      const bad = (body: Record<string, unknown>) => admin.call(payChannel.save, { body: { payMode: 'wechatpay', venueId: 1, provider: 'live', ...body } });
      expect((await bad({ baseUrl: 'ftp://example.com' })).body.msg).toBe(payChannel.BAD_BASE_URL);
      expect((await bad({ params: { mchKey: 'x' } })).body.msg).toBe('未知的商户参数：mchKey');
      expect((await bad({ venueId: 999999 })).body.msg).toBe('场馆不存在');
      expect(await server.db.selectFrom('pay_channel_config').selectAll().where('tenant_id', '=', 1).orderBy('id').execute()).toEqual(before);
    });

    it('pays at once through the platform: the record says 微信, its trade number leads with the install prefix', async () => {
      const methods = (await cashier.call(payment.queryPayType, { query: { venueId: 1 } })).body.data as payment.PayMethod[];
      expect(methods.find((m) => m.payMode === 'wechatpay')!.simulated).toBeUndefined();
      expect(methods.find((m) => m.payMode === 'alipay')!.simulated).toBe(true);
      const goods = await goodsWithPrice(server.db, 1230, 10);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      const paid = await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.paid, money: 12.3 });
      expect(paid.body.data).toMatchObject({ payState: 'P', payRecords: [{ payMode: 'wechatpay', payName: '微信', money: 12.3 }] });
      const prefix = (await server.db.selectFrom('app_install').select('trade_prefix').executeTakeFirstOrThrow()).trade_prefix;
      const record = await server.db
        .selectFrom('pay_record')
        .select(['out_trade_no', 'channel_trade_no', 'venue_id'])
        .where('order_id', '=', orderId)
        .where('order_type', '=', sale.SALE_ORDER_TYPE)
        .executeTakeFirstOrThrow();
      expect(record.out_trade_no).toBe(`${prefix}GS1O${orderId}A1`);
      expect(record.out_trade_no!.length).toBeLessThanOrEqual(32);
      expect(record).toMatchObject({ channel_trade_no: expect.stringMatching(/^4200/), venue_id: 1 });
      const call = standin.calls.find((c) => c.fields.out_trade_no === record.out_trade_no)!;
      expect(call.fields).toMatchObject({ total_fee: '1230', spbill_create_ip: '127.0.0.1', body: expect.stringMatching(/-商品销售$/) });
      expect(await stockOf(server.db, goods.id)).toBe(9);
    });

    it('USERPAYING: the request waits, queries, and answers paid once the customer confirms', async () => {
      const goods = await goodsWithPrice(server.db, 500, 11);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.confirming, money: 5 })).body.data).toMatchObject({
        payState: 'P',
      });
    });

    it('refused: 606 with nothing taken; the order can be paid again', async () => {
      const goods = await goodsWithPrice(server.db, 300, 12);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.refused, money: 3 })).body).toMatchObject({ code: 606 });
      expect(await payState(orderId)).toBe('F');
      expect(await stockOf(server.db, goods.id)).toBe(10);
      expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.paid, money: 3 })).body.code).toBe(200);
    });

    it('unclear: 605; the job reverses the trade once 15 s have passed, nothing is kept, and the order pays again', async () => {
      const goods = await goodsWithPrice(server.db, 800, 13);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.unclear, money: 8 })).body).toMatchObject({
        code: 605,
        msg: Msg.payUnknown,
      });
      // The job keeps asking; before the channel's wait nothing is reversed.
      await new Promise((r) => setTimeout(r, 600));
      expect(await payState(orderId)).toBe('N');
      expect(standin.calls.some((c) => c.path === '/secapi/pay/reverse')).toBe(false);
      server.clock.advance(46_000);
      expect(
        await until(
          () => payState(orderId),
          (s) => s === 'F',
        ),
      ).toBe('F');
      const out = (
        await server.db
          .selectFrom('pay_record')
          .select('out_trade_no')
          .where('order_id', '=', orderId)
          .where('order_type', '=', sale.SALE_ORDER_TYPE)
          .executeTakeFirstOrThrow()
      ).out_trade_no!;
      expect(standin.trades.get(out)!.state).toBe('REVOKED');
      const pay = standin.calls.find((c) => c.path === '/pay/micropay' && c.fields.out_trade_no === out)!;
      const reverse = standin.calls.find((c) => c.path === '/secapi/pay/reverse' && c.fields.out_trade_no === out)!;
      expect(reverse.at - pay.at).toBeGreaterThanOrEqual(15_000);
      expect(await stockOf(server.db, goods.id)).toBe(10);
      expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.paid, money: 8 })).body.data).toMatchObject({ payState: 'P' });
    });

    it('a platform that does not answer: 605, never paid; once it answers, the job closes the trade it never received', async () => {
      const goods = await goodsWithPrice(server.db, 200, 14);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      standin.silent = true;
      try {
        expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.paid, money: 2 })).body.code).toBe(605);
      } finally {
        standin.silent = false;
      }
      expect(
        await until(
          () => payState(orderId),
          (s) => s === 'F',
        ),
      ).toBe('F');
      expect(await stockOf(server.db, goods.id)).toBe(10);
    });

    it('an answer whose signature does not verify is not taken as paid; the job settles it by a verified query', async () => {
      const goods = await goodsWithPrice(server.db, 700, 15);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      standin.forgeAnswers = true;
      try {
        expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.paid, money: 7 })).body.code).toBe(605);
        expect(await payState(orderId)).toBe('N');
      } finally {
        standin.forgeAnswers = false;
      }
      expect(
        await until(
          () => payState(orderId),
          (s) => s === 'P',
        ),
      ).toBe('P');
      expect(await stockOf(server.db, goods.id)).toBe(9);
    });

    it('refunds through the platform with the order total; a refund still processing is settled by the job', async () => {
      const goods = await goodsWithPrice(server.db, 1000, 16);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
      expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: SCENARIO.paid, money: 20 })).body.code).toBe(200);
      const lineId = (await orders.get(admin, orderId)).body.data.details[0].detailId as number;
      standin.refundProcessing = 1;
      try {
        const refund = await admin.call(sale.refundOrder, { body: { orderId, route: 'T', reason: '顾客退货', lines: [{ detailId: lineId, quantity: 1 }] } });
        expect(refund.body.data).toMatchObject({ state: 'U' });
      } finally {
        standin.refundProcessing = 0;
      }
      const refunds = () => admin.call(sale.orderRefunds, { query: { orderId } }).then((r) => r.body.data as { state: string }[]);
      expect((await until(refunds, (rs) => rs[0]?.state === 'R'))[0].state).toBe('R');
      const sent = standin.calls.find((c) => c.path === '/secapi/pay/refund' && c.fields.out_trade_no?.endsWith(`GS1O${orderId}A1`))!;
      expect(sent.fields).toMatchObject({ total_fee: '2000', refund_fee: '1000' });
      expect(await stockOf(server.db, goods.id)).toBe(9);
    });

    it('refuses a scan-code method with no merchant parameters, naming what to configure', async () => {
      const goods = await goodsWithPrice(server.db, 100, 17);
      await setStock(server, goods.id, 10);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      const ums = ((await admin.call(payChannel.list)).body.data as payChannel.ChannelConfig[]).find((c) => c.payMode === 'umspay' && c.venueId === 0)!;
      expect((await admin.call(payChannel.remove, { params: { id: ums.id } })).body.code).toBe(200);
      expect((await orders.pay(cashier, { orderId, payMode: 'umspay', authCode: SCENARIO.paid, money: 1 })).body.msg).toBe(
        '银联商务未配置商户参数，请在 系统管理 › 支付方式 › 商户参数 中填写：AppId、AppKey、商户号、终端号',
      );
      // A real channel missing its keys is refused the same way, naming what is missing.
      await admin.call(payChannel.save, { body: { payMode: 'alipay', venueId: 1, provider: 'live', params: { appId: '2021000000000001' } } });
      expect((await orders.pay(cashier, { orderId, payMode: 'alipay', authCode: SCENARIO.paid, money: 1 })).body.msg).toBe(
        '支付宝未配置商户参数，请在 系统管理 › 支付方式 › 商户参数 中填写：应用私钥、支付宝公钥',
      );
      expect((await admin.call(payChannel.test, { body: { payMode: 'umspay', venueId: 1 } })).body.data).toEqual({
        ok: false,
        message: payChannel.notConfigured('umspay'),
      });
      expect(await payState(orderId)).toBe('U');
    });

    it('对账: the day bill against the venue records, the differences listed and exported', async () => {
      // A payment the platform has and we do not (a till that crashed before recording it, say).
      standin.trades.set('ZZZZZZGS1O999999A1', {
        outTradeNo: 'ZZZZZZGS1O999999A1',
        totalFee: 4200,
        state: 'SUCCESS',
        transactionId: '4200999',
        paidAt: 0,
        createdAt: 0,
        queries: 0,
        scenario: '0001',
        refunded: 0,
      });
      const billDate = chinaToday();
      const runs = (await admin.call(payChannel.reconcileRunNow, { body: { billDate } })).body.data as payChannel.ReconcileRun[];
      const wx = runs.find((r) => r.payMode === 'wechatpay' && r.venueId === 1)!;
      expect(wx).toMatchObject({
        state: 'D',
        diffCount: 1,
        diffs: [{ kind: 'HERE', tradeType: 'PAY', outNo: 'ZZZZZZGS1O999999A1', billAmount: 42, localAmount: null }],
      });
      expect(wx.localCount).toBe(wx.billCount - 1);
      expect((await cashier.call(payChannel.reconcileList, { query: { billDate } })).status).toBe(403);
      const file = await admin.download('system/payment/reconcile/export', { query: { billDate } });
      expect(file.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
      expect(rows.map((r) => [r[4], r[6], r[9]])).toEqual([['本地无记录', 'ZZZZZZGS1O999999A1', '42.00']]);
    });
  },
  {
    jobEveryMs: 200,
    channelOptions: { ca: platform.cert, httpTimeoutMs: 700, timing: { waitMs: 500, queryEveryMs: 100 } },
  },
);
