import { beforeAll, expect, it } from 'vitest';
import { marketing } from '@venue/contract';
import { simulatedObjectId } from '../src/modules/voucher/douyin/simulator.ts';
import { describeEachEngine } from './harness.ts';
import { CODES, simVoucher, venueIdOf } from './voucher.helpers.ts';

/**
 * Issue 17: short-video platform vouchers through the simulator: lookup, verify once (two desks
 * racing, an unclear answer settled by the status query), cancel within the hour, records, totals,
 * and another tenant's codes.
 */
describeEachEngine('short-video platform vouchers on %s', (server) => {
  const { admin, cashier, other } = server;
  let swim: number;
  let tennis: number;
  beforeAll(async () => {
    swim = await venueIdOf(server.db, '城东游泳馆');
    tennis = await venueIdOf(server.db, '滨江网球中心');
  });
  const lookup = (code: string, venueId = swim, who = admin) => who.call(marketing.couponByCode, { query: { code, venueId } });
  /** Looks `code` up and verifies the vouchers at `chosen` (indexes in the lookup's list, the order's vouchers in turn). */
  const verify = async (code: string, chosen: number[] | 'all', venueId = swim, who = admin) => {
    const found = (await lookup(code, venueId, who)).body.data!;
    const certificates = found.certificates.map((c, i) => ({ ...c, checked: chosen === 'all' || chosen.includes(i) }));
    return who.call(marketing.verifyDouYinCoupon, { body: { ...found, certificates } });
  };
  const encryptedOf = async (codes: readonly string[]) => Promise.all(codes.map(async (code) => (await simVoucher(server.db, swim, code)).encrypted_code));

  it('looks a code up: every unused voucher of its order as the platform answers it (encrypted codes), amounts in fen', async () => {
    const one = (await lookup(CODES.single)).body;
    expect(one.code).toBe(200);
    expect(one.data).toMatchObject({ code: CODES.single });
    expect(one.data!.certificates).toEqual([
      expect.objectContaining({
        encryptedCode: (await encryptedOf([CODES.single]))[0],
        checked: false,
        sku: expect.objectContaining({ title: '羽毛球单人畅打2小时', grouponType: 1 }),
        amount: { originalAmount: 6000, payAmount: 3990 },
      }),
    ]);
    expect(one.data!.certificates[0].encryptedCode).toHaveLength(88);
    const three = (await lookup(CODES.three[1])).body.data!;
    expect(three.certificates.map((c) => c.encryptedCode)).toEqual(await encryptedOf(CODES.three));
    expect(three.verifyToken).not.toBe('');
    // Used and expired vouchers do not come back; the expired one with the platform's word.
    expect((await lookup(CODES.used)).body.data!.certificates).toEqual([]);
    const expired = (await lookup(CODES.expired)).body.data!;
    expect(expired).toMatchObject({ certificates: [], description: '券码已过期' });
    expect((await lookup('999999999999')).body.data!.certificates).toEqual([]);
  });

  it("finds a customer's QR code on the simulator too: its object id (encrypted_data), alone or in its long link", async () => {
    const { order_id: order } = await simVoucher(server.db, swim, CODES.three[0]);
    const objectId = simulatedObjectId(order);
    for (const typed of [objectId, `https://www.douyin.com/life/verify?object_id=${objectId}`]) {
      const found = (await lookup(typed)).body.data!;
      expect(found).toMatchObject({ code: typed, orderId: order });
      expect(found.certificates.map((c) => c.encryptedCode)).toEqual(await encryptedOf(CODES.three));
    }
    expect((await lookup(simulatedObjectId('not-an-order'))).body.data).toMatchObject({ errorCode: 1000, description: '券码不存在', certificates: [] });
    expect((await lookup('AAAAAAAAAAAAAAAAAAAA')).body.data).toMatchObject({ errorCode: 13000, description: '参数错误,请刷新二维码', certificates: [] });
  });

  it('refuses bad input in Chinese and a venue the user does not have', async () => {
    const blank = await admin.call('GET', 'marketing/coupon/queryByCode', { query: { code: '', venueId: swim } });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toContain('请输入券码');
    const none = await admin.call('POST', 'marketing/couponVerificationRecord/verifyDouYinCoupon', {
      body: { code: CODES.single, venueId: swim, certificates: [{ encryptedCode: 'x', checked: false }] },
    });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('请选择要核销的券');
    const notMine = await lookup(CODES.single, tennis, cashier);
    expect(notMine.status).toBe(403);
  });

  it('verifies two of the three vouchers of one order; the third stays for later', async () => {
    const answer = (await verify(CODES.three[1], [0, 2])).body;
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ verified: 2, failed: 0, unknown: 0 });
    // The voucher's own code and certificate id as verify answered them (origin_code, certificate_id).
    const platform = await Promise.all([CODES.three[0], CODES.three[2]].map((code) => simVoucher(server.db, swim, code)));
    expect(answer.data!.records.map((r) => [r.code, r.state, r.payAmount, r.userName, r.certificateId, r.verifyId])).toEqual(
      platform.map((v) => [v.code, 'V', 2500, 'admin', v.certificate_id, v.verify_id]),
    );
    expect(answer.data!.records.every((r) => r.verifyId && r.cancellable)).toBe(true);
    expect(answer.data!.records[0].logids).toEqual([
      expect.stringMatching(/^prepare:\d{14}[0-9A-F]{20}$/),
      expect.stringMatching(/^verify:\d{14}[0-9A-F]{20}$/),
    ]);
    expect((await lookup(CODES.three[0])).body.data!.certificates.map((c) => c.encryptedCode)).toEqual(await encryptedOf([CODES.three[1]]));
    const audited = await server.db.selectFrom('audit_log').select(['action', 'target', 'venue_id']).where('action', '=', 'voucher.verify').execute();
    expect(audited).toEqual([
      { action: 'voucher.verify', target: `团购券 ${CODES.three[0]}`, venue_id: swim },
      { action: 'voucher.verify', target: `团购券 ${CODES.three[2]}`, venue_id: swim },
    ]);
  });

  it('verifies a voucher once when two desks race for it', async () => {
    const found = (await lookup(CODES.single)).body.data!;
    const body = { ...found, certificates: found.certificates.map((c) => ({ ...c, checked: true })) };
    const answers = await Promise.all([
      admin.call(marketing.verifyDouYinCoupon, { body }),
      cashier.call(marketing.verifyDouYinCoupon, { body }),
      admin.call(marketing.verifyDouYinCoupon, { body }),
    ]);
    const verified = answers.filter((a) => a.body.code === 200 && a.body.data!.verified === 1);
    expect(verified).toHaveLength(1);
    for (const a of answers.filter((x) => !verified.includes(x))) expect(a.body.code === 200 ? a.body.data!.verified : 0).toBe(0);
    const live = await server.db
      .selectFrom('coupon_verification')
      .select(['state', 'verify_id'])
      .where('code', '=', CODES.single)
      .where('state', '=', 'V')
      .execute();
    expect(live).toHaveLength(1);
    expect((await simVoucher(server.db, swim, CODES.single)).verify_id).toBe(live[0].verify_id);
  });

  it('settles a lost answer and an unclear answer by the status query, never verifying twice', async () => {
    for (const code of [CODES.timeout, CODES.unclear]) {
      const answer = (await verify(code, 'all')).body;
      expect(answer.data).toMatchObject({ verified: 1, failed: 0, unknown: 0 });
      const sim = await simVoucher(server.db, swim, code);
      expect(sim.status).toBe('used');
      expect(answer.data!.records[0].verifyId).toBe(sim.verify_id);
      const rows = await server.db.selectFrom('coupon_verification').select('state').where('code', '=', code).where('venue_id', '=', swim).execute();
      expect(rows).toEqual([{ state: 'V' }]);
    }
  });

  it('records a refusal of the platform and leaves the voucher usable; a cash voucher is not open', async () => {
    const failed = (await verify(CODES.fails, 'all')).body.data!;
    expect(failed).toMatchObject({ verified: 0, failed: 1 });
    expect(failed.messages[0]).toContain('券码状态异常，核销失败');
    expect(failed.records[0].state).toBe('F');
    expect((await lookup(CODES.fails)).body.data!.certificates).toHaveLength(1);
    const cash = await verify(CODES.cashVoucher, 'all');
    expect(cash.body).toMatchObject({ code: -9000, msg: '该类型券暂未开放' });
    expect((await simVoucher(server.db, swim, CODES.cashVoucher)).status).toBe('unused');
  });

  it("scans and verifies one voucher of the code's order in one call (queryAndVerificationCoupon)", async () => {
    // Prepare answers no plain codes: which of the order's two the platform verified, its answer says.
    const answer = (await cashier.call(marketing.queryAndVerificationCoupon, { body: { code: CODES.two[1], venueId: swim } })).body;
    expect(answer.data!.records.map((r) => [r.state, r.userName])).toEqual([['V', 'cashier']]);
    const [done] = answer.data!.records;
    const left = CODES.two.find((code) => code !== done.code)!;
    expect(CODES.two).toContain(done.code);
    expect((await simVoucher(server.db, swim, done.code)).status).toBe('used');
    expect((await lookup(CODES.two[0])).body.data!.certificates.map((c) => c.encryptedCode)).toEqual(await encryptedOf([left]));
  });

  it('cancels inside the hour; after it the platform refuses with its message', async () => {
    const [record] = (await verify(CODES.two[0], 'all')).body.data!.records;
    const cancelled = (await admin.call(marketing.cancelByVerifyId, { query: { verifyId: record.verifyId! } })).body;
    expect(cancelled.data).toMatchObject({ state: 'C', cancelUserName: 'admin', cancellable: false });
    expect(cancelled.data!.logids).toEqual([...record.logids, expect.stringMatching(/^cancel:/)]);
    expect((await simVoucher(server.db, swim, record.code)).status).toBe('unused');
    const audited = await server.db.selectFrom('audit_log').select('target').where('action', '=', 'voucher.cancel').execute();
    expect(audited).toEqual([{ target: `团购券 ${record.code}` }]);
    const again = (await admin.call(marketing.cancelByVerifyId, { query: { verifyId: record.verifyId! } })).body;
    expect(again.code).not.toBe(200);

    const [late] = (await verify(CODES.two[0], 'all')).body.data!.records;
    server.clock.advance(61 * 60_000);
    const refused = (await admin.call(marketing.cancelByVerifyId, { query: { verifyId: late.verifyId! } })).body;
    expect(refused).toMatchObject({ code: -9000, msg: '已超过可撤销时限,无法撤销核销' });
    const row = await server.db.selectFrom('coupon_verification').select('state').where('verify_id', '=', late.verifyId!).executeTakeFirstOrThrow();
    expect(row.state).toBe('V');
  });

  it('lists the records with filters, totals per day and sku, and exports them', async () => {
    const page = (await admin.call(marketing.recordQuery, { query: { current: 1, size: 50, state: 'V', venueId: swim } })).body.data!;
    expect(page.total).toBe(page.records.length);
    expect(page.records.every((r) => r.state === 'V' && r.venueName === '城东游泳馆')).toBe(true);
    const swimTickets = (await admin.call(marketing.recordQuery, { query: { current: 1, size: 50, skuTitle: '游泳单次票' } })).body.data!;
    expect(swimTickets.total).toBe(2);
    const totals = (await admin.call(marketing.dailyTotals, { query: { venueId: swim } })).body.data!;
    expect(totals.find((t) => t.skuTitle === '游泳单次票')).toMatchObject({ count: 2, payAmount: 5000 });
    const file = await admin.download('marketing/couponVerificationRecord/export', { query: { venueId: String(swim) } });
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it("knows nothing of another tenant's codes and records", async () => {
    const [theirVenue] = await server.db.selectFrom('venue').select('id').where('name', '=', '星河综合馆').execute();
    expect((await lookup(CODES.three[1], theirVenue.id, other)).body.data!.certificates).toEqual([]);
    // Tenant 1's venue id is no venue of theirs: no settings there, nothing found.
    expect((await lookup(CODES.single, swim, other)).body).toMatchObject({ code: -9000, data: null });
    const mine = await server.db.selectFrom('coupon_verification').select('verify_id').where('state', '=', 'V').executeTakeFirstOrThrow();
    const theirs = (await other.call(marketing.cancelByVerifyId, { query: { verifyId: mine.verify_id! } })).body;
    expect(theirs.code).toBe(-1100);
    expect((await other.call(marketing.recordQuery, { query: { current: 1, size: 20 } })).body.data!.total).toBe(0);
    // Their own code works at their venue.
    expect((await lookup('200000000001', theirVenue.id, other)).body.data!.certificates).toHaveLength(1);
  });

  it('refuses a venue without platform settings', async () => {
    await server.db.deleteFrom('voucher_config').where('venue_id', '=', tennis).execute();
    expect((await lookup(CODES.single, tennis)).body).toMatchObject({ code: -9000, msg: '当前场馆未配置短视频平台团购核销' });
  });

  it("keeps a venue's platform settings with the client secret sealed, never answering it", async () => {
    const https = await admin.call('PUT', 'marketing/couponConfig/save', {
      body: { venueId: tennis, provider: 'douyin', baseUrl: 'http://x', clientKey: 'k', poiId: '7100' },
    });
    expect(https.status).toBe(400);
    expect(https.body.msg).toContain('接口地址须为 https:// 开头');
    const saved = await admin.call(marketing.configSave, {
      body: {
        venueId: tennis,
        provider: 'douyin',
        baseUrl: 'https://open.douyin.com',
        clientKey: 'awk1',
        clientSecret: 'top-secret-1',
        poiId: '7100000000000000001',
      },
    });
    expect(saved.body.data).toEqual({
      venueId: tennis,
      provider: 'douyin',
      baseUrl: 'https://open.douyin.com',
      clientKey: 'awk1',
      poiId: '7100000000000000001',
      secretSet: true,
    });
    const stored = await server.db.selectFrom('voucher_config').select('client_secret_enc').where('venue_id', '=', tennis).executeTakeFirstOrThrow();
    expect(stored.client_secret_enc).not.toContain('top-secret-1');
    expect(JSON.stringify((await admin.call(marketing.configGet, { query: { venueId: tennis } })).body)).not.toContain('top-secret');
    // Back on the simulator with its store: the codes are there again; an empty secret keeps the stored one.
    await admin.call(marketing.configSave, {
      body: { venueId: tennis, provider: 'simulator', baseUrl: '', clientKey: '', clientSecret: '', poiId: `sim-1-${tennis}` },
    });
    expect((await lookup(CODES.single, tennis)).body.data!.certificates).toHaveLength(1);
    expect((await cashier.call(marketing.configGet, { query: { venueId: swim } })).status).toBe(403);
  });
});
