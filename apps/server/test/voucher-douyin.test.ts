import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { marketing } from '@venue/contract';
import { MARKETING_TEXTS } from '@venue/contract/marketing';
import { createLogger } from '../src/plugins/logging.ts';
import { DouyinStandin, STANDIN_PATHS } from './douyin-standin.ts';
import { describeEachEngine } from './harness.ts';
import { venueIdOf } from './voucher.helpers.ts';

/**
 * Issue 31: a venue on the real platform (provider douyin), its base_url pointed at a stand-in that
 * answers as Douyin's documentation and public SDKs say (test/douyin-standin.ts): prepare answers
 * encrypted codes only, verify answers certificate ids, a QR code is a short link, tokens expire with
 * 28001008, verify_time comes in seconds or milliseconds, every answer carries a logid.
 */
const lines: string[] = [];
const logger = createLogger({ requests: true }, { write: (line: string) => void lines.push(line) });
const credentials = { clientKey: 'awk3101', clientSecret: 'standin-secret-31', poiId: '7100000000000000031' };
const SWIM = ['300000000011', '300000000012', '300000000013'];
const SINGLE = '300000000021';
const swimVoucher = { skuId: '1800000000000000011', title: '游泳单次票（抖音）', grouponType: 1, originalFen: 4000, payFen: 2500 };

describeEachEngine(
  'Douyin vouchers against a documentation-faithful stand-in on %s',
  (server) => {
    const { admin } = server;
    let standin: DouyinStandin;
    let venueId: number;
    let swimOrder: { orderId: string; objectId: string };

    beforeAll(async () => {
      standin = await DouyinStandin.start(credentials);
      swimOrder = standin.addOrder(SWIM.map((code) => ({ ...swimVoucher, code })));
      standin.addOrder([{ code: SINGLE, skuId: '1800000000000000021', title: '羽毛球2小时（抖音）', grouponType: 1, originalFen: 6000, payFen: 3990 }]);
      venueId = await venueIdOf(server.db, '滨江网球中心');
      // The screen takes https only; the stand-in speaks http on 127.0.0.1, written in afterwards.
      const saved = await admin.call(marketing.configSave, { body: { venueId, provider: 'douyin', baseUrl: 'https://127.0.0.1', ...credentials } });
      expect(saved.body.code).toBe(200);
      await server.db.updateTable('voucher_config').set({ base_url: standin.url }).where('venue_id', '=', venueId).execute();
    });
    afterAll(() => standin.close());
    beforeEach(() => {
      standin.seen.length = 0;
      lines.length = 0;
    });

    const lookup = (code: string) => admin.call(marketing.couponByCode, { query: { code, venueId } });
    const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

    it('prepares as documented: encrypted codes only, shown with the code typed; a token first, sent as access-token', async () => {
      const answer = await lookup(SWIM[1]);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(200);
      const found = answer.body.data!;
      expect(found).toMatchObject({ code: SWIM[1], errorCode: 0, orderId: swimOrder.orderId });
      expect(found.certificates).toHaveLength(3);
      for (const c of found.certificates) {
        expect(c.encryptedCode.length).toBeGreaterThan(64);
        expect(c).toMatchObject({ checked: false, sku: { title: '游泳单次票（抖音）', grouponType: 1 }, amount: { originalAmount: 4000, payAmount: 2500 } });
      }
      const [token] = standin.calls(STANDIN_PATHS.token);
      expect(token.body).toEqual({ client_key: credentials.clientKey, client_secret: credentials.clientSecret, grant_type: 'client_credential' });
      const prepares = standin.calls(STANDIN_PATHS.prepare);
      expect(prepares).toHaveLength(1);
      expect(prepares[0].query).toEqual({ code: SWIM[1], poi_id: credentials.poiId });
      expect(prepares[0].headers['access-token']).toMatch(/^clt\./);
    });

    it('answers 抖音返回的数据无法识别 to an answer the documentation does not describe, and logs its logid', async () => {
      const logid = '20261128093000ABCDEF0123456789ABCD';
      standin.replyOnce(STANDIN_PATHS.prepare, {
        json: {
          data: {
            error_code: 0,
            description: 'success',
            verify_token: 'vt',
            order_id: '1',
            certificates: [{ encrypted_code: 'x'.repeat(90), sku: { title: '无金额' } }],
          },
          extra: { error_code: 0, description: '', sub_error_code: 0, sub_description: '', logid, now: Date.now() },
        },
      });
      const odd = await lookup(SWIM[0]);
      expect(odd.status).toBe(200);
      expect(odd.body).toMatchObject({ code: -9000, msg: MARKETING_TEXTS.unreadable, data: null });
      expect(logged()).toContainEqual(expect.objectContaining({ level: 40, msg: '抖音返回的数据无法识别', call: 'prepare', logid }));

      // Not JSON at all (a 5xx would be no answer): the gateway's logid header is the one logged.
      standin.replyOnce(STANDIN_PATHS.prepare, { status: 200, text: '<html>登录页</html>', headers: { 'x-tt-logid': 'GATEWAY-LOGID-31' } });
      expect((await lookup(SWIM[0])).body).toMatchObject({ code: -9000, msg: MARKETING_TEXTS.unreadable });
      expect(logged()).toContainEqual(expect.objectContaining({ msg: '抖音返回的数据无法识别', logid: 'GATEWAY-LOGID-31' }));
    });

    it("verifies with the lookup's own prepare, matched by the encrypted code; the record keeps certificate_id, verify_id, code and logids", async () => {
      const found = (await lookup(SWIM[0])).body.data!;
      const chosen = [found.certificates[0], found.certificates[2]];
      const body = { ...found, certificates: found.certificates.map((c) => ({ ...c, checked: chosen.includes(c) })) };
      const answer = (await admin.call(marketing.verifyDouYinCoupon, { body })).body;
      expect(answer.data).toMatchObject({ verified: 2, failed: 0, unknown: 0 });

      // One prepare, one verify, with that prepare's token and encrypted codes.
      expect(standin.calls(STANDIN_PATHS.prepare)).toHaveLength(1);
      const [verify] = standin.calls(STANDIN_PATHS.verify);
      expect(standin.calls(STANDIN_PATHS.verify)).toHaveLength(1);
      expect(verify.body).toEqual({
        verify_token: found.verifyToken,
        poi_id: credentials.poiId,
        encrypted_codes: chosen.map((c) => c.encryptedCode),
        order_id: swimOrder.orderId,
      });

      const verified = SWIM.map((code) => standin.voucher(code)).filter((v) => v.verify);
      expect(verified).toHaveLength(2);
      const [prepareLogid, verifyLogid] = [standin.calls(STANDIN_PATHS.prepare)[0].logid, verify.logid];
      expect(answer.data!.records.map((r) => [r.code, r.state, r.certificateId, r.verifyId, r.encryptedCode])).toEqual(
        verified.map((v, i) => [v.code, 'V', v.certificateId, v.verify!.verifyId, chosen[i].encryptedCode]),
      );
      for (const r of answer.data!.records) expect(r.logids).toEqual([`prepare:${prepareLogid}`, `verify:${verifyLogid}`]);
      // Kept and shown by 核销记录.
      const listed = (await admin.call(marketing.recordQuery, { query: { current: 1, size: 10, venueId, code: verified[0].code } })).body.data!;
      expect(listed.records[0]).toMatchObject({ certificateId: verified[0].certificateId, logids: [`prepare:${prepareLogid}`, `verify:${verifyLogid}`] });

      // The lookup's token served its verification: sent again, nothing reaches the platform.
      const again = (await admin.call(marketing.verifyDouYinCoupon, { body })).body;
      expect(again).toMatchObject({ code: -9000, msg: MARKETING_TEXTS.lookupSpent });
      expect(standin.calls(STANDIN_PATHS.prepare)).toHaveLength(1);
      expect(standin.calls(STANDIN_PATHS.verify)).toHaveLength(1);
    });

    it('cancels with the certificate_id and verify_id the verify answered', async () => {
      const record = (await admin.call(marketing.recordQuery, { query: { current: 1, size: 10, venueId, state: 'V', skuTitle: '游泳单次票（抖音）' } })).body
        .data!.records[0];
      const voucher = standin.voucher(record.code);
      const cancelled = (await admin.call(marketing.cancelByVerifyId, { query: { verifyId: record.verifyId! } })).body;
      expect(cancelled).toMatchObject({ code: 200, data: { state: 'C', cancelUserName: 'admin' } });
      const [cancel] = standin.calls(STANDIN_PATHS.cancel);
      expect(cancel.body).toEqual({ verify_id: record.verifyId, certificate_id: voucher.certificateId });
      expect(voucher.verify).toBeNull();
      expect(cancelled.data!.logids).toEqual([...record.logids, `cancel:${cancel.logid}`]);
    });

    it('asks the status query for the certificate id of a record kept without it (before issue 31: its encrypted code), then cancels', async () => {
      const order = standin.addOrder([{ ...swimVoucher, code: '300000000041' }]);
      const found = (await lookup(order.objectId)).body.data!;
      const body = { ...found, certificates: found.certificates.map((c) => ({ ...c, checked: true })) };
      const [record] = (await admin.call(marketing.verifyDouYinCoupon, { body })).body.data!.records;
      await server.db.updateTable('coupon_verification').set({ certificate_id: record.encryptedCode }).where('id', '=', record.recordId).execute();
      standin.seen.length = 0;
      const cancelled = (await admin.call(marketing.cancelByVerifyId, { query: { verifyId: record.verifyId! } })).body;
      expect(cancelled.data).toMatchObject({ state: 'C' });
      const [get, cancel] = standin.seen;
      expect([get.path, get.query, cancel.path]).toEqual([STANDIN_PATHS.get, { encrypted_code: record.encryptedCode }, STANDIN_PATHS.cancel]);
      expect(cancel.body).toEqual({ verify_id: record.verifyId, certificate_id: standin.voucher('300000000041').certificateId });
      expect(cancelled.data!.logids).toEqual([...record.logids, `get:${get.logid}`, `cancel:${cancel.logid}`]);
    });

    it('scans and verifies in one call: one prepare, one verify', async () => {
      const answer = (await admin.call(marketing.queryAndVerificationCoupon, { body: { code: SINGLE, venueId } })).body;
      expect(answer.data!.records.map((r) => [r.code, r.state, r.certificateId])).toEqual([[SINGLE, 'V', standin.voucher(SINGLE).certificateId]]);
      expect([standin.calls(STANDIN_PATHS.prepare).length, standin.calls(STANDIN_PATHS.verify).length]).toEqual([1, 1]);
    });

    it("takes a customer's QR code: its short link followed to the object_id, sent as encrypted_data; the object_id alone too", async () => {
      const link = standin.shortLinkOf(swimOrder.objectId);
      const viaLink = await lookup(link);
      expect(viaLink.body.code).toBe(200);
      expect(viaLink.body.data).toMatchObject({ code: link, orderId: swimOrder.orderId });
      expect(viaLink.body.data!.certificates).toHaveLength(2);
      // Two redirects on the platform's side; the long link itself is not fetched.
      expect(standin.seen.filter((s) => s.path.startsWith('/s/') || s.path.startsWith('/share/'))).toHaveLength(2);
      expect(standin.calls(STANDIN_PATHS.prepare).map((s) => s.query)).toEqual([{ encrypted_data: swimOrder.objectId, poi_id: credentials.poiId }]);

      const bare = (await lookup(swimOrder.objectId)).body.data!;
      expect(bare.certificates).toHaveLength(2);
      const long = (await lookup(`https://life.douyin.com/verify/coupon?object_id=${swimOrder.objectId}`)).body.data!;
      expect(long.orderId).toBe(swimOrder.orderId);
      expect(standin.calls(STANDIN_PATHS.prepare).map((s) => s.query.encrypted_data)).toEqual([swimOrder.objectId, swimOrder.objectId, swimOrder.objectId]);

      // Verifying from a QR lookup: the record shows the voucher's own code once verify answers it.
      const body = { ...viaLink.body.data!, certificates: viaLink.body.data!.certificates.map((c, i) => ({ ...c, checked: i === 0 })) };
      standin.seen.length = 0;
      const verified = (await admin.call(marketing.verifyDouYinCoupon, { body })).body.data!;
      expect(verified.records[0].code).toMatch(/^30000000001[1-3]$/);
      expect(standin.calls(STANDIN_PATHS.prepare)).toHaveLength(0);

      expect((await lookup('https://example.com/coupon/123')).body).toMatchObject({ code: -9000, msg: MARKETING_TEXTS.notDouyinQr });
      expect((await lookup(`${standin.url}/s/0000000000/`)).body).toMatchObject({ code: -9000, msg: '抖音券二维码链接无法解析（HTTP 404），请输入券码' });
    });

    it('fetches a new token when the platform answers 28001008 (now) or 2190008 (before), and sends the call again', async () => {
      for (const code of [28001008, 2190008]) {
        standin.seen.length = 0;
        standin.expireTokens(code);
        const answer = await lookup(SWIM[0]);
        expect(answer.body.code).toBe(200);
        const prepares = standin.calls(STANDIN_PATHS.prepare);
        expect(prepares).toHaveLength(2);
        expect(standin.calls(STANDIN_PATHS.token)).toHaveLength(1);
        expect(prepares[1].headers['access-token']).not.toBe(prepares[0].headers['access-token']);
        expect(standin.seen.map((s) => s.path)).toEqual([STANDIN_PATHS.prepare, STANDIN_PATHS.token, STANDIN_PATHS.prepare]);
      }
    });

    it('reads verify_time in milliseconds as milliseconds, and in seconds (10 digits) as seconds', async () => {
      const order = standin.addOrder(['300000000031', '300000000032'].map((code) => ({ ...swimVoucher, code })));
      for (const unit of ['milliseconds', 'seconds'] as const) {
        standin.verifyTimeUnit = unit;
        const found = (await lookup(order.objectId)).body.data!;
        const body = { ...found, certificates: found.certificates.map((c, i) => ({ ...c, checked: i === 0 })) };
        const [record] = (await admin.call(marketing.verifyDouYinCoupon, { body })).body.data!.records;
        const at = standin.voucher(record.code).verify!.at;
        expect(Math.abs(new Date(record.verifyTime!).getTime() - at)).toBeLessThan(1000);
        expect(record.verifyTime!.slice(0, 4)).toBe(new Date(at).toISOString().slice(0, 4));
      }
      standin.verifyTimeUnit = 'seconds';
    });

    it('logs every platform call with its logid', async () => {
      expect((await lookup('399999999999')).body.data).toMatchObject({ errorCode: 13000, description: '无券信息', certificates: [] });
      const [prepare] = standin.calls(STANDIN_PATHS.prepare);
      expect(prepare.logid).not.toBe('');
      expect(logged()).toContainEqual(
        expect.objectContaining({ msg: '抖音接口', platform: 'douyin', call: 'prepare', logid: prepare.logid, errorCode: 13000 }),
      );
    });
  },
  { logger },
);
