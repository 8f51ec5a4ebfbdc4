import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayChannel } from '../src/modules/payment/live/alipay.channel.ts';
import { UmspayChannel } from '../src/modules/payment/live/umspay.channel.ts';
import { WechatPayChannel } from '../src/modules/payment/live/wechatpay.channel.ts';
import { SCENARIO as ALI, startAlipayStandin, type AlipayStandin } from './standins/alipay-standin.ts';
import { certificate, rsaPair } from './standins/keys.ts';
import { SCENARIO as UMS, startUmspayStandin, type UmspayStandin } from './standins/umspay-standin.ts';
import { SCENARIO as WX, startWechatStandin, type WechatStandin } from './standins/wechatpay-standin.ts';

/**
 * Each platform adapter against a stand-in written from that platform's documentation (test/standins):
 * the request fields and signatures the stand-in checks, the answers and error codes it gives, the
 * signatures of its answers the adapter checks, and a platform that does not answer.
 */
const fast = { httpTimeoutMs: 800 };
let n = 0;
const orderNo = () => `T3STGS1O${Date.now() % 1e7}A${++n}`;

describe('WeChat Pay 付款码支付 (API v2) against its stand-in', () => {
  let standin: WechatStandin;
  let now = Date.now();
  let ca: string;
  const apiKey = 'k'.repeat(16) + 'K'.repeat(16);
  let merchant: Awaited<ReturnType<typeof certificate>>;
  const channel = (over: { apiKey?: string; certPem?: string } = {}) =>
    new WechatPayChannel(
      {
        baseUrl: standin.url,
        params: { appId: 'wx0123456789abcdef', mchId: '1900000109' },
        secrets: { apiKey: over.apiKey ?? apiKey, certPem: over.certPem ?? merchant.cert, keyPem: merchant.key },
      },
      { ...fast, ca },
    );

  beforeAll(async () => {
    const platform = await certificate('127.0.0.1');
    merchant = await certificate('1900000109');
    ca = platform.cert;
    standin = await startWechatStandin({
      appId: 'wx0123456789abcdef',
      mchId: '1900000109',
      apiKey,
      tls: platform,
      merchantCertFingerprint: merchant.fingerprint,
      now: () => now,
    });
  });
  afterAll(() => standin.close());

  it('pays at once: a signed micropay with the documented fields', async () => {
    const no = orderNo();
    const answer = await channel().pay({
      tenantId: 1,
      orderNo: no,
      amountFen: 1230,
      authCode: WX.paid,
      description: '城东体育馆-商品销售',
      clientIp: '10.0.0.8',
    });
    expect(answer).toMatchObject({ state: 'PAID', message: '支付成功' });
    expect(answer.channelTradeNo).toMatch(/^4200/);
    const call = standin.calls.find((c) => c.fields.out_trade_no === no)!;
    expect(call.path).toBe('/pay/micropay');
    expect(call.fields).toMatchObject({
      total_fee: '1230',
      body: '城东体育馆-商品销售',
      spbill_create_ip: '10.0.0.8',
      auth_code: WX.paid,
      sign_type: 'HMAC-SHA256',
    });
  });

  it('USERPAYING: unknown, the first query still unknown, then paid', async () => {
    const no = orderNo();
    const c = channel();
    expect(await c.pay({ tenantId: 1, orderNo: no, amountFen: 500, authCode: WX.confirming })).toMatchObject({
      state: 'UNKNOWN',
      message: '用户支付中，需要输入密码',
    });
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('UNKNOWN');
    expect(await c.query({ tenantId: 1, orderNo: no })).toMatchObject({ state: 'PAID' });
  });

  it('unclear (SYSTEMERROR): reverse is refused before 15 s, then the trade is reversed and closed', async () => {
    const no = orderNo();
    const c = channel();
    expect(await c.pay({ tenantId: 1, orderNo: no, amountFen: 800, authCode: WX.unclear })).toMatchObject({
      state: 'UNKNOWN',
      message: '系统超时（SYSTEMERROR）',
    });
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('UNKNOWN');
    expect(await c.cancel({ tenantId: 1, orderNo: no })).toMatchObject({ state: 'UNKNOWN' });
    now += 15_000;
    expect(await c.cancel({ tenantId: 1, orderNo: no })).toMatchObject({ state: 'FAILED', message: '交易已撤销' });
    expect(standin.trades.get(no)!.state).toBe('REVOKED');
    expect(await c.query({ tenantId: 1, orderNo: no })).toMatchObject({ state: 'FAILED' });
  });

  it('refused: the platform says why, in Chinese', async () => {
    expect(await channel().pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: WX.refused })).toEqual({
      state: 'FAILED',
      channelTradeNo: null,
      message: '二维码已过期，请用户在微信上刷新后再试（AUTHCODEEXPIRE）',
    });
  });

  it('refunds with the order total and the client certificate; a refund still processing settles by its query', async () => {
    const no = orderNo();
    const c = channel();
    await c.pay({ tenantId: 1, orderNo: no, amountFen: 1000, authCode: WX.paid });
    standin.refundProcessing = 1;
    const refund = { tenantId: 1, orderNo: no, refundNo: `${no}R1`, amountFen: 300, totalFen: 1000 };
    expect(await c.refund(refund)).toMatchObject({ state: 'UNKNOWN', message: '退款处理中' });
    expect(await c.queryRefund(refund)).toMatchObject({ state: 'PAID', message: '已退款' });
    standin.refundProcessing = 0;
    expect(standin.calls.find((x) => x.path === '/secapi/pay/refund' && x.fields.out_refund_no === `${no}R1`)!.fields).toMatchObject({
      total_fee: '1000',
      refund_fee: '300',
    });
    // The same refund number again answers the first refund; more than is left is refused.
    expect((await c.refund(refund)).state).toBe('PAID');
    expect(standin.trades.get(no)!.refunded).toBe(300);
    expect(await c.refund({ ...refund, refundNo: `${no}R2`, amountFen: 800 })).toMatchObject({ state: 'FAILED', message: '退款金额超过可退金额（NOTENOUGH）' });
    expect((await c.queryRefund({ tenantId: 1, orderNo: no, refundNo: `${no}R9` })).state).toBe('FAILED');
  });

  it('refuses secapi calls without the merchant certificate', async () => {
    const no = orderNo();
    await channel().pay({ tenantId: 1, orderNo: no, amountFen: 1000, authCode: WX.paid });
    const other = await certificate('someone-else');
    const c = new WechatPayChannel(
      { baseUrl: standin.url, params: { appId: 'wx0123456789abcdef', mchId: '1900000109' }, secrets: { apiKey, certPem: other.cert, keyPem: other.key } },
      { ...fast, ca },
    );
    expect(await c.refund({ tenantId: 1, orderNo: no, refundNo: `${no}R1`, amountFen: 100, totalFen: 1000 })).toMatchObject({ state: 'FAILED' });
    expect(standin.trades.get(no)!.refunded).toBe(0);
  });

  it('a request signed with another key is refused and nothing is paid; a forged answer is never taken as paid', async () => {
    const no = orderNo();
    expect(await channel({ apiKey: 'x'.repeat(32) }).pay({ tenantId: 1, orderNo: no, amountFen: 100, authCode: WX.paid })).toMatchObject({
      state: 'FAILED',
      message: '微信支付拒绝请求：签名错误',
    });
    expect(standin.trades.has(no)).toBe(false);
    standin.forgeAnswers = true;
    const forged = orderNo();
    expect(await channel().pay({ tenantId: 1, orderNo: forged, amountFen: 100, authCode: WX.paid })).toMatchObject({
      state: 'UNKNOWN',
      message: '微信支付应答签名验证失败，结果未知',
    });
    standin.forgeAnswers = false;
  });

  it('a platform that does not answer leaves the result unknown', async () => {
    standin.silent = true;
    const answer = await channel().pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: WX.paid });
    standin.silent = false;
    expect(answer.state).toBe('UNKNOWN');
    expect(answer.message).toContain('微信支付无响应');
  });

  it('测试 queries an order that does not exist: ORDERNOTEXIST means the parameters work; a wrong key says so', async () => {
    expect(await channel().probe()).toEqual({ ok: true, message: '微信支付答复：此交易订单号不存在（ORDERNOTEXIST），商户号与API密钥可用' });
    expect(await channel({ apiKey: 'y'.repeat(32) }).probe()).toEqual({ ok: false, message: '微信支付拒绝请求：签名错误' });
  });

  it('downloads the day bill and reads its payments and refunds', async () => {
    const lines = await channel().bill('2026-11-27');
    expect(Array.isArray(lines)).toBe(true);
    const paid = [...standin.trades.values()].filter((t) => t.state === 'SUCCESS' || t.state === 'REFUND');
    expect((lines as { type: string }[]).filter((l) => l.type === 'PAY')).toHaveLength(paid.length);
    expect(lines).toContainEqual(expect.objectContaining({ type: 'REFUND', amountFen: 300 }));
  });
});

describe('Alipay 当面付 bar_code (alipay-sdk, RSA2) against its stand-in', () => {
  let standin: AlipayStandin;
  const app = rsaPair();
  const platform = rsaPair();
  const stranger = rsaPair();
  const channel = (privateKey = app.privateKey) =>
    new AlipayChannel(
      {
        baseUrl: `${standin.url}/gateway.do`,
        params: { appId: '2021000000000001', storeId: 'S01' },
        secrets: { privateKey, alipayPublicKey: platform.publicKey },
      },
      fast,
    );

  beforeAll(async () => {
    standin = await startAlipayStandin({
      appId: '2021000000000001',
      appPublicKey: app.publicKey,
      alipayPrivateKey: platform.privateKey,
      otherPrivateKey: stranger.privateKey,
    });
  });
  afterAll(() => standin.close());

  it('pays at once: alipay.trade.pay with scene bar_code, the subject and the amount in yuan', async () => {
    const no = orderNo();
    const answer = await channel().pay({ tenantId: 1, orderNo: no, amountFen: 1230, authCode: ALI.paid, description: '城东体育馆-商品销售' });
    expect(answer).toMatchObject({ state: 'PAID', message: '支付成功' });
    expect(standin.calls.find((c) => c.biz.out_trade_no === no)).toEqual({
      method: 'alipay.trade.pay',
      biz: { out_trade_no: no, scene: 'bar_code', auth_code: ALI.paid, subject: '城东体育馆-商品销售', total_amount: '12.30', store_id: 'S01' },
    });
  });

  it('takes the app key as the key tool writes it: bare base64, PKCS1 or PKCS8', async () => {
    const key = createPrivateKey(app.privateKey);
    for (const type of ['pkcs1', 'pkcs8'] as const) {
      const bare = key.export({ type, format: 'der' }).toString('base64');
      expect((await channel(bare).pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: ALI.paid })).state).toBe('PAID');
    }
  });

  it('10003 waiting for the buyer, then paid on the second query', async () => {
    const no = orderNo();
    const c = channel();
    expect(await c.pay({ tenantId: 1, orderNo: no, amountFen: 500, authCode: ALI.confirming })).toMatchObject({
      state: 'UNKNOWN',
      message: '用户支付中，需要在手机上确认',
    });
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('UNKNOWN');
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('PAID');
  });

  it('ACQ.SYSTEM_ERROR: unknown until alipay.trade.cancel closes it', async () => {
    const no = orderNo();
    const c = channel();
    expect(await c.pay({ tenantId: 1, orderNo: no, amountFen: 800, authCode: ALI.unclear })).toMatchObject({
      state: 'UNKNOWN',
      message: '系统错误（ACQ.SYSTEM_ERROR）',
    });
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('UNKNOWN');
    expect(await c.cancel({ tenantId: 1, orderNo: no })).toMatchObject({ state: 'FAILED', message: '交易已撤销' });
    expect(await c.query({ tenantId: 1, orderNo: no })).toMatchObject({ state: 'FAILED', message: '交易已关闭' });
    expect((await c.query({ tenantId: 1, orderNo: 'NEVER-SENT' })).message).toBe('交易不存在（ACQ.TRADE_NOT_EXIST）');
  });

  it('refused with the platform sub_msg; a second pay of a paid trade is ACQ.TRADE_HAS_SUCCESS: unknown, settled by query', async () => {
    expect(await channel().pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: ALI.refused })).toMatchObject({
      state: 'FAILED',
      message: '支付失败，获取顾客账户信息失败，请顾客刷新付款码后重新收款（ACQ.PAYMENT_AUTH_CODE_INVALID）',
    });
    const no = orderNo();
    await channel().pay({ tenantId: 1, orderNo: no, amountFen: 100, authCode: ALI.paid });
    expect((await channel().pay({ tenantId: 1, orderNo: no, amountFen: 100, authCode: ALI.paid })).state).toBe('UNKNOWN');
    expect((await channel().query({ tenantId: 1, orderNo: no })).state).toBe('PAID');
  });

  it('refunds by out_request_no (fund_change Y, then N on a repeat) and finds it by refund query', async () => {
    const no = orderNo();
    const c = channel();
    await c.pay({ tenantId: 1, orderNo: no, amountFen: 1000, authCode: ALI.paid });
    const refund = { tenantId: 1, orderNo: no, refundNo: `${no}R1`, amountFen: 300, totalFen: 1000 };
    expect(await c.refund(refund)).toMatchObject({ state: 'PAID', message: '已退款' });
    expect(await c.refund(refund)).toMatchObject({ state: 'PAID' });
    expect(standin.trades.get(no)!.refundedFen).toBe(300);
    expect(await c.queryRefund(refund)).toMatchObject({ state: 'PAID' });
    expect(await c.queryRefund({ ...refund, refundNo: `${no}R9` })).toMatchObject({ state: 'FAILED', message: '退款不存在' });
  });

  it('a request signed with another key is refused (isv.invalid-signature) and nothing is paid; a forged answer is never paid', async () => {
    const no = orderNo();
    expect(await channel(stranger.privateKey).pay({ tenantId: 1, orderNo: no, amountFen: 100, authCode: ALI.paid })).toMatchObject({ state: 'FAILED' });
    expect(standin.trades.has(no)).toBe(false);
    standin.forgeAnswers = true;
    const forged = orderNo();
    const answer = await channel().pay({ tenantId: 1, orderNo: forged, amountFen: 100, authCode: ALI.paid });
    standin.forgeAnswers = false;
    expect(answer).toMatchObject({ state: 'UNKNOWN', message: '支付宝应答签名验证失败，结果未知' });
  });

  it('a platform that does not answer leaves the result unknown', async () => {
    standin.silent = true;
    const answer = await channel().pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: ALI.paid });
    standin.silent = false;
    expect(answer.state).toBe('UNKNOWN');
  });

  it('测试 and the day bill (a zip of GBK CSV files)', async () => {
    expect(await channel().probe()).toEqual({ ok: true, message: '支付宝答复：交易不存在（ACQ.TRADE_NOT_EXIST），AppID 与密钥可用' });
    expect((await channel(stranger.privateKey).probe()).ok).toBe(false);
    const lines = await channel().bill('2026-11-27');
    expect(lines).toContainEqual(expect.objectContaining({ type: 'PAY', amountFen: 1230 }));
    expect(lines).toContainEqual(expect.objectContaining({ type: 'REFUND', amountFen: 300 }));
  });
});

describe('银联商务 POS link barcode payment (OPEN-BODY-SIG) against its stand-in', () => {
  let standin: UmspayStandin;
  const params = { appId: 'f0ec96ad2c3848b5b810e7aadf369e2f', merchantCode: '898340149000005', terminalCode: '00000001' };
  const appKey = '775481e2556e4564985f5439a5e6a277';
  const channel = (key = appKey) => new UmspayChannel({ baseUrl: standin.url, params, secrets: { appKey: key } }, fast);

  beforeAll(async () => {
    standin = await startUmspayStandin({ ...params, appKey });
  });
  afterAll(() => standin.close());

  it('pays at once with CODE_SCAN, the amount in fen and currency 156', async () => {
    const no = orderNo();
    expect(await channel().pay({ tenantId: 1, orderNo: no, amountFen: 1230, authCode: UMS.paid, description: '城东体育馆-商品销售' })).toMatchObject({
      state: 'PAID',
    });
    expect(standin.calls.find((c) => c.body.merchantOrderId === no)!.body).toEqual({
      ...{ merchantCode: params.merchantCode, terminalCode: params.terminalCode },
      transactionAmount: 1230,
      transactionCurrencyCode: '156',
      merchantOrderId: no,
      merchantRemark: '城东体育馆-商品销售',
      payMode: 'CODE_SCAN',
      payCode: UMS.paid,
    });
  });

  it('a timeout at the platform, then paid by query; an internal error voided', async () => {
    const c = channel();
    const no = orderNo();
    expect((await c.pay({ tenantId: 1, orderNo: no, amountFen: 500, authCode: UMS.confirming })).state).toBe('UNKNOWN');
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('UNKNOWN');
    expect((await c.query({ tenantId: 1, orderNo: no })).state).toBe('PAID');
    const other = orderNo();
    expect((await c.pay({ tenantId: 1, orderNo: other, amountFen: 500, authCode: UMS.unclear })).state).toBe('UNKNOWN');
    expect(await c.cancel({ tenantId: 1, orderNo: other })).toMatchObject({ state: 'FAILED', message: '交易已撤销' });
    expect(await c.query({ tenantId: 1, orderNo: other })).toMatchObject({ state: 'FAILED', message: '已撤销' });
  });

  it('refused; refund and refund query; a wrong AppKey is refused and nothing is paid; no answer is unknown', async () => {
    const c = channel();
    expect(await c.pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: UMS.refused })).toMatchObject({
      state: 'FAILED',
      message: '付款码无效，请顾客刷新后重试（PAYCODE_INVALID）',
    });
    const no = orderNo();
    await c.pay({ tenantId: 1, orderNo: no, amountFen: 1000, authCode: UMS.paid });
    const refund = { tenantId: 1, orderNo: no, refundNo: `${no}R1`, amountFen: 400, totalFen: 1000 };
    expect((await c.refund(refund)).state).toBe('PAID');
    expect((await c.queryRefund(refund)).state).toBe('PAID');
    expect((await c.queryRefund({ ...refund, refundNo: `${no}R2` })).state).toBe('FAILED');
    const refusedNo = orderNo();
    expect(await channel('0'.repeat(32)).pay({ tenantId: 1, orderNo: refusedNo, amountFen: 100, authCode: UMS.paid })).toMatchObject({
      state: 'FAILED',
      message: '银联商务拒绝请求：签名验证失败',
    });
    expect(standin.trades.has(refusedNo)).toBe(false);
    standin.silent = true;
    const silent = await c.pay({ tenantId: 1, orderNo: orderNo(), amountFen: 100, authCode: UMS.paid });
    standin.silent = false;
    expect(silent.state).toBe('UNKNOWN');
    expect((await c.probe()).ok).toBe(true);
  });
});
