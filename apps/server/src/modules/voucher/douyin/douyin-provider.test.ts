import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../lib/clock.ts';
import { DouyinVoucherProvider, PATHS, TOKEN_INVALID } from './douyin-provider.ts';
import { httpTransport } from './transport.ts';

/**
 * The real adapter against a local HTTP stand-in of the platform that checks each request against the
 * documented shapes (shared notes, integrations.md) and answers from a script.
 */
type Seen = { method: string; path: string; query: Record<string, string>; headers: IncomingMessage['headers']; body: unknown };
type Answer = { status?: number; json: unknown };
const seen: Seen[] = [];
let script: Record<string, Answer[]> = {};
let server: Server;
let base: string;

const envelope = (data: Record<string, unknown>, error = 0, description = '', logid = 'log') => ({
  data: { ...data, error_code: error, description },
  extra: { error_code: error, description, sub_error_code: 0, sub_description: description, logid, now: Date.now() },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      seen.push({
        method: req.method!,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      const answer = script[url.pathname]?.shift() ?? { status: 404, json: {} };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  logs.length = 0;
  script = {};
});

const settings = { clientKey: 'awk123', clientSecret: 's3cret', poiId: '7100000000000000001', retryDelayMs: 60, links: { origins: [], timeoutMs: 1000 } };
const logs: { level: string; details: object; message: string }[] = [];
const log = {
  info: (details: object, message: string) => logs.push({ level: 'info', details, message }),
  warn: (details: object, message: string) => logs.push({ level: 'warn', details, message }),
};
const provider = () => new DouyinVoucherProvider(httpTransport(base, 2000), settings, systemClock, () => log);
// client_token answers `data` and `message`, no extra.
const token = (value = 'tok-1') => ({ json: { data: { access_token: value, description: '', error_code: 0, expires_in: 7200 }, message: 'success' } });
const ENC = 'q3Vh8kz0+Yb1/8Jk2mQ9sWc4Xo7LrT5uE6nA1dF0gH2iJ3kL4mN5oP6qR7sT8uV9wX0yZ1aB2cD3eF4gH5iJ6kL7m==';
// Prepare answers encrypted codes only: no plain code, no certificate_id.
const certificate = {
  encrypted_code: ENC,
  start_time: 1_700_000_000,
  expire_time: 1_900_000_000,
  amount: { original_amount: 4000, pay_amount: 2500, coupon_pay_amount: 2500 },
  sku: { sku_id: 'sku1', title: '游泳单次票', groupon_type: 1, market_price: 4000, third_sku_id: '', account_id: 'a' },
};
const prepared = { json: envelope({ verify_token: 'vt-1', order_id: 'o-1', certificates: [certificate] }) };
const voucher = {
  encryptedCode: ENC,
  skuId: 'sku1',
  skuTitle: '游泳单次票',
  grouponType: 1,
  originalFen: 4000,
  payFen: 2500,
  expireTime: new Date(1_900_000_000_000).toISOString(),
};
const ofPath = (path: string) => seen.filter((s) => s.path === path);

describe('DouyinVoucherProvider against an HTTP stand-in', () => {
  it('gets a client token once, sends it as access-token, and prepares by code and store', async () => {
    script = { [PATHS.token]: [token()], [PATHS.prepare]: [prepared, prepared] };
    const p = provider();
    const answer = await p.prepare('100000000011');
    await p.prepare('100000000011');
    expect(ofPath(PATHS.token)).toHaveLength(1);
    expect(ofPath(PATHS.token)[0]).toMatchObject({
      method: 'POST',
      body: { client_key: 'awk123', client_secret: 's3cret', grant_type: 'client_credential' },
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
    const [prepare] = ofPath(PATHS.prepare);
    expect(prepare).toMatchObject({
      method: 'GET',
      query: { code: '100000000011', poi_id: settings.poiId },
      headers: expect.objectContaining({ 'access-token': 'tok-1' }),
    });
    expect(answer).toMatchObject({ errorCode: 0, orderId: 'o-1', verifyToken: 'vt-1', logid: 'prepare:log' });
    expect(answer.certificates[0]).toMatchObject({
      encryptedCode: ENC,
      payFen: 2500,
      originalFen: 4000,
      grouponType: 1,
      skuTitle: '游泳单次票',
    });
  });

  it('fetches a new token when the platform refuses the cached one (28001008 or 2190008), and sends the call again', async () => {
    for (const code of TOKEN_INVALID) {
      seen.length = 0;
      script = { [PATHS.token]: [token('old'), token('new')], [PATHS.prepare]: [{ json: envelope({}, code, 'access_token过期') }, prepared] };
      expect((await provider().prepare('100000000011')).errorCode).toBe(0);
      expect(ofPath(PATHS.prepare).map((s) => s.headers['access-token'])).toEqual(['old', 'new']);
    }
  });

  it('prepares a QR code by its object id (encrypted_data): a long link carrying it, or the id itself', async () => {
    script = { [PATHS.token]: [token()], [PATHS.prepare]: [prepared, prepared] };
    const p = provider();
    await p.prepare('https://life.douyin.com/coupon?object_id=obj_7K2x9&from=qr');
    await p.prepare('obj_7K2x9');
    expect(ofPath(PATHS.prepare).map((s) => s.query)).toEqual([
      { encrypted_data: 'obj_7K2x9', poi_id: settings.poiId },
      { encrypted_data: 'obj_7K2x9', poi_id: settings.poiId },
    ]);
  });

  it('refuses an answer the documentation does not describe, logging its logid', async () => {
    const odd = { ...certificate, amount: { original_amount: '40 元', pay_amount: 2500 } };
    script = {
      [PATHS.token]: [token()],
      [PATHS.prepare]: [{ json: envelope({ verify_token: 'vt-1', order_id: 'o-1', certificates: [odd] }, 0, '', 'LOGID-ODD') }],
    };
    await expect(provider().prepare('100000000011')).rejects.toThrow('抖音返回的数据无法识别（logid LOGID-ODD）');
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'warn', message: '抖音返回的数据无法识别', details: expect.objectContaining({ call: 'prepare', logid: 'LOGID-ODD' }) }),
    );
  });

  it('verifies with the token, store, order and encrypted codes of one order; results matched by the code sent', async () => {
    const results = [
      {
        result: 0,
        msg: 'success',
        code: ENC,
        origin_code: '100000000011',
        verify_id: 'v-1',
        certificate_id: 'c1',
        order_id: 'o-1',
        verify_time: 1_800_000_000,
      },
    ];
    script = { [PATHS.token]: [token()], [PATHS.prepare]: [prepared], [PATHS.verify]: [{ json: envelope({ verify_results: results }) }] };
    const p = provider();
    const ready = await p.prepare('100000000011');
    const outcome = await p.verify({ verifyToken: ready.verifyToken, orderId: ready.orderId, certificates: ready.certificates });
    expect(ofPath(PATHS.verify)[0]).toMatchObject({
      method: 'POST',
      body: { verify_token: 'vt-1', poi_id: settings.poiId, encrypted_codes: [ENC], order_id: 'o-1' },
    });
    expect(outcome).toEqual({
      outcomes: [
        {
          encryptedCode: ENC,
          kind: 'ok',
          certificateId: 'c1',
          verifyId: 'v-1',
          verifyTime: new Date(1_800_000_000_000).toISOString(),
          originCode: '100000000011',
        },
      ],
      logids: ['verify:log'],
    });
  });

  it('reads a verify_time of 13 digits as milliseconds', async () => {
    const results = [
      { result: 0, msg: 'success', code: ENC, origin_code: '100000000011', verify_id: 'v-1', certificate_id: 'c1', verify_time: 1_800_000_000_123 },
    ];
    script = { [PATHS.token]: [token()], [PATHS.verify]: [{ json: envelope({ verify_results: results }) }] };
    const { outcomes } = await provider().verify({ verifyToken: 'vt-1', orderId: 'o-1', certificates: [{ ...voucher, encryptedCode: ENC }] });
    expect(outcomes[0]).toMatchObject({ kind: 'ok', verifyTime: '2027-01-15T08:00:00.123Z' });
  });

  it('takes a verify answer it cannot read (success without certificate_id) as unclear: retried, then left to the status query', async () => {
    const results = [{ result: 0, msg: 'success', code: ENC, verify_id: 'v-1' }];
    script = { [PATHS.token]: [token()], [PATHS.verify]: [{ json: envelope({ verify_results: results }) }, { json: envelope({ verify_results: results }) }] };
    const { outcomes } = await provider().verify({ verifyToken: 'vt-1', orderId: 'o-1', certificates: [{ ...voucher, encryptedCode: ENC }] });
    expect(outcomes).toEqual([{ encryptedCode: ENC, kind: 'unclear', message: expect.stringContaining('抖音返回的数据无法识别') }]);
    expect(ofPath(PATHS.verify)).toHaveLength(2);
  });

  it('retries a failed verify after the wait; 1208 on the retry means the first call verified it', async () => {
    const already = [{ result: 1208, msg: '券码已核销', code: ENC, verify_id: '', certificate_id: 'c1', order_id: 'o-1', verify_time: 0 }];
    script = {
      [PATHS.token]: [token()],
      [PATHS.prepare]: [prepared],
      [PATHS.verify]: [{ status: 502, json: {} }, { json: envelope({ verify_results: already }) }],
    };
    const p = provider();
    const ready = await p.prepare('100000000011');
    const started = Date.now();
    const outcome = await p.verify({ verifyToken: ready.verifyToken, orderId: ready.orderId, certificates: ready.certificates });
    expect(Date.now() - started).toBeGreaterThanOrEqual(settings.retryDelayMs - 5);
    const [first, retry] = ofPath(PATHS.verify);
    expect(retry.body).toEqual(first.body);
    expect(outcome.outcomes).toEqual([{ encryptedCode: ENC, kind: 'already' }]);
  });

  it('takes 1208 on a first call as a refusal (another desk used it)', async () => {
    const already = [{ result: 1208, msg: '券码已核销', code: ENC, verify_id: '', certificate_id: 'c1', order_id: 'o-1', verify_time: 0 }];
    script = { [PATHS.token]: [token()], [PATHS.prepare]: [prepared], [PATHS.verify]: [{ json: envelope({ verify_results: already }) }] };
    const p = provider();
    const ready = await p.prepare('100000000011');
    expect((await p.verify({ verifyToken: ready.verifyToken, orderId: ready.orderId, certificates: ready.certificates })).outcomes).toEqual([
      { encryptedCode: ENC, kind: 'failed', message: '券码已核销' },
    ]);
  });

  it('cancels by verify id and certificate, passing the platform refusal on; asks the status by encrypted code', async () => {
    script = {
      [PATHS.token]: [token()],
      [PATHS.cancel]: [{ json: envelope({}, 3000001, '已超过可撤销时限,无法撤销核销') }],
      [PATHS.status]: [
        { json: envelope({ certificate: { status: 2, verify: { verify_id: 'v-1', certificate_id: 'c1', verify_time: 1_800_000_000, can_cancel: true } } }) },
      ],
    };
    const p = provider();
    expect(await p.cancel({ verifyId: 'v-1', certificateId: 'c1' })).toEqual({ ok: false, message: '已超过可撤销时限,无法撤销核销', logid: 'cancel:log' });
    expect(ofPath(PATHS.cancel)[0]).toMatchObject({ method: 'POST', body: { verify_id: 'v-1', certificate_id: 'c1' } });
    expect(await p.status(ENC)).toEqual({
      kind: 'verified',
      certificateId: 'c1',
      verifyId: 'v-1',
      verifyTime: new Date(1_800_000_000_000).toISOString(),
      logid: 'get:log',
    });
    // The encrypted code's + / = travel encoded.
    expect(ofPath(PATHS.status)[0]).toMatchObject({ method: 'GET', query: { encrypted_code: ENC } });
  });
});
