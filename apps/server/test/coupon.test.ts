import { expect, it } from 'vitest';
import { coupons, type CallBody } from '@venue/contract';
import { readFirstSheet } from '../src/lib/xlsx-read.ts';
import type { Client } from './client.ts';
import { describeEachEngine, type Server } from './harness.ts';

const T = coupons.COUPON_TEXTS;
const DAY = 24 * 3600_000;
const dayOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
type Fields = CallBody<typeof coupons.couponAdd>;

/** A 满50减10 coupon of venues 1 and 2, valid from today for 30 days. */
const fields = (server: Server, extra: Partial<Fields> = {}): Fields => {
  const now = server.clock.now().getTime();
  return {
    couponName: '测试满50减10',
    couponType: 'A',
    amount: 10,
    minSpend: 50,
    beginDate: dayOf(now),
    endDate: dayOf(now + 30 * DAY),
    venueIds: [1, 2],
    totalQuantity: 10,
    perMemberLimit: 1,
    ...extra,
  };
};

async function addCoupon(as: Client, body: Fields) {
  const { body: answer } = await as.call(coupons.couponAdd, { body });
  if (answer.code !== 200) throw new Error(`couponAdd: ${answer.msg}`);
  return answer.data;
}

async function memberId(as: Client, keyword: string) {
  const { body } = await as.call(coupons.issueMembers, { query: { keyword } });
  return body.data[0].memberId;
}

/** `n` new members of a tenant, for the races. */
async function newMembers(server: Server, tenantId: number, n: number, prefix: string) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = await server.db
      .insertInto('member')
      .values({
        tenant_id: tenantId,
        name: `${prefix}${i}`,
        phone: `139${String(tenantId)}${String(i).padStart(7, '0')}`,
        id_number: null,
        photo: null,
        member_type_id: null,
        source: 'B',
        created_at: new Date().toISOString(),
        gender: null,
        birthday: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const auditCount = (server: Server, action: string) =>
  server.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describeEachEngine('marketing coupons (优惠券) on %s', (server) => {
  const { admin, cashier, other } = server;

  it('shows the demo coupons issued to the demo members', async () => {
    const list = (await admin.call(coupons.couponQuery, { query: {} })).body.data;
    expect(list.records.map((c) => c.couponName).sort()).toEqual(['满100减20元券', '饮品8.5折券']);
    const full = list.records.find((c) => c.couponName === '满100减20元券')!;
    expect(full).toMatchObject({ couponType: 'A', amount: 20, minSpend: 100, issuedQuantity: 2, totalQuantity: 100, state: 'A', expired: false });
    expect(coupons.couponValueText(full)).toBe('满100减20');
    const records = (await admin.call(coupons.recordQuery, { query: { keyword: '张三' } })).body.data;
    expect(records.total).toBe(2);
    expect(records.records.every((r) => r.state === 'U' && r.phone === '13800000001')).toBe(true);
    // the cashier, without 查看完整手机号, sees the number masked
    const seen = (await cashier.call(coupons.recordQuery, { query: { keyword: '张三' } })).body.data;
    expect(seen.records.map((r) => r.phone)).toEqual(['138****0001', '138****0001']);
  });

  it('validates a definition with the Chinese messages the form shows', async () => {
    const refused = async (extra: Partial<Fields> & Record<string, unknown>) => (await admin.call(coupons.couponAdd, { body: fields(server, extra) })).body;
    expect((await refused({ couponName: '' })).msg).toContain('请输入优惠券名称');
    expect((await refused({ amount: undefined })).msg).toContain('请输入减免金额');
    expect((await refused({ amount: 60 })).msg).toContain(T.amountOverMinSpend);
    expect((await refused({ couponType: 'D', amount: undefined })).msg).toContain('请输入折扣');
    expect((await refused({ couponType: 'D', discount: 1000 })).msg).toContain('折扣不能大于999‰');
    expect((await refused({ venueIds: [] })).msg).toContain('请选择适用场馆');
    expect((await refused({ endDate: '2000-01-01' })).msg).toContain(T.endBeforeBegin);
    expect((await refused({ totalQuantity: 0 })).msg).toContain('发放总量至少为1');
    expect((await refused({ venueIds: [999999] })).msg).toBe('场馆不存在');
    const bad = await admin.call(coupons.couponAdd, { body: fields(server, { beginDate: '2026/01/01' }) });
    expect([bad.status, bad.body.msg]).toEqual([400, expect.stringContaining('开始日期格式应为 yyyy-MM-dd')]);
  });

  it('adds, edits and switches a coupon off, each change in the audit log', async () => {
    const [adds, edits, states] = await Promise.all(['coupon.add', 'coupon.edit', 'coupon.state'].map((a) => auditCount(server, a)));
    const added = await addCoupon(admin, fields(server, { couponName: '游泳9折券', couponType: 'D', amount: undefined, discount: 900, minSpend: 0 }));
    expect(added).toMatchObject({ couponType: 'D', discount: 900, amount: null, venueNames: ['城东羽毛球馆', '城东游泳馆'], issuedQuantity: 0 });
    expect(coupons.couponValueText(added)).toBe('9折');
    const edited = await admin.call(coupons.couponEdit, {
      body: { ...fields(server, { couponName: '游泳8.5折券', couponType: 'D', discount: 850, minSpend: 0 }), amount: undefined, couponId: added.couponId },
    });
    expect(edited.body).toMatchObject({ code: 200, data: { couponName: '游泳8.5折券', discount: 850 } });
    const off = await admin.call(coupons.couponState, { body: { couponId: added.couponId, state: 'S' } });
    expect(off.body.data.state).toBe('S');
    // An disabled coupon is not offered for issuing, and is refused if named.
    const options = (await admin.call(coupons.couponOptions, { query: { issuable: 'T' } })).body.data;
    expect(options.some((c) => c.couponId === added.couponId)).toBe(false);
    // 领用记录's filter lists it still.
    const all = (await admin.call(coupons.couponOptions, { query: {} })).body.data;
    expect(all.find((c) => c.couponId === added.couponId)).toMatchObject({ state: 'S' });
    const zhang = await memberId(admin, '张三');
    const refused = await admin.call(coupons.issue, { body: { couponId: added.couponId, memberIds: [zhang] } });
    expect(refused.body).toMatchObject({ code: -9000, msg: T.disabled });
    expect(await auditCount(server, 'coupon.add')).toBe(adds + 1);
    expect(await auditCount(server, 'coupon.edit')).toBe(edits + 1);
    expect(await auditCount(server, 'coupon.state')).toBe(states + 1);
    const entry = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'coupon.edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.before_json).toContain('游泳9折券');
    expect(entry.after_json).toContain('游泳8.5折券');
  });

  it('issues to several members within the per-member limit and the total, and records each coupon', async () => {
    const c = await addCoupon(admin, fields(server, { couponName: '限量券', totalQuantity: 3, perMemberLimit: 2 }));
    const [a, b] = await newMembers(server, 1, 2, '发券会员');
    const issued = await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [a, b], quantity: 1, remark: '开业活动' } });
    expect(issued.body).toMatchObject({ code: 200, data: { issued: 2 } });
    expect(issued.body.data.coupons.map((m) => [m.memberName, m.state, m.remark])).toEqual(
      expect.arrayContaining([
        ['发券会员0', 'U', '开业活动'],
        ['发券会员1', 'U', '开业活动'],
      ]),
    );
    expect(new Set(issued.body.data.coupons.map((m) => m.code)).size).toBe(2);
    // Two more for member a would pass a's limit of 2 and the total of 3.
    const over = await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [a], quantity: 2 } });
    expect(over.body).toMatchObject({ code: -9000, msg: T.soldOut });
    const limit = await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [b], quantity: 1 } });
    expect(limit.body.code).toBe(200);
    const full = await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [a], quantity: 1 } });
    expect(full.body).toMatchObject({ code: -9000, msg: T.soldOut });
    const now = (await admin.call(coupons.couponById, { params: { id: c.couponId } })).body.data;
    expect(now).toMatchObject({ issuedQuantity: 3, totalQuantity: 3 });
    const held = (await admin.call(coupons.issueMembers, { query: { keyword: '发券会员1', couponId: c.couponId } })).body.data;
    expect(held).toEqual([expect.objectContaining({ memberName: '发券会员1', held: 2 })]);
    // Raising the total lets a's second one through; b is at the limit.
    await admin.call(coupons.couponEdit, { body: { ...fields(server, { couponName: '限量券', totalQuantity: 5, perMemberLimit: 2 }), couponId: c.couponId } });
    const bAgain = await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [b] } });
    expect(bAgain.body).toMatchObject({ code: -9000, msg: T.perMember('发券会员1', 2) });
    // Value fields are locked once issued; the total cannot go below what is out.
    const value = await admin.call(coupons.couponEdit, {
      body: { ...fields(server, { couponName: '限量券', amount: 5, totalQuantity: 5, perMemberLimit: 2 }), couponId: c.couponId },
    });
    expect(value.body).toMatchObject({ code: -9000, msg: T.valueLocked });
    const below = await admin.call(coupons.couponEdit, {
      body: { ...fields(server, { couponName: '限量券', totalQuantity: 2, perMemberLimit: 2 }), couponId: c.couponId },
    });
    expect(below.body).toMatchObject({ code: -9000, msg: T.totalBelowIssued(3) });
    expect((await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [a, a] } })).body.msg).toContain('会员不能重复');
    expect((await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [] } })).body.msg).toContain(T.chooseMembers);
    expect((await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [999999] } })).body).toMatchObject({
      code: -1100,
      msg: T.memberNotFound,
    });
    const records = (await admin.call(coupons.recordQuery, { query: { couponId: c.couponId, size: 50 } })).body.data;
    expect(records.total).toBe(3);
    expect(records.records.every((r) => r.issueUserName === 'admin' && r.couponName === '限量券')).toBe(true);
  });

  it('revokes an unused coupon once, giving its quantity back; an expired one is neither issued nor revoked', async () => {
    const c = await addCoupon(admin, fields(server, { couponName: '作废测试券', totalQuantity: 2, perMemberLimit: 2 }));
    const [m] = await newMembers(server, 1, 1, '作废会员');
    const issued = (await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [m], quantity: 2 } })).body.data;
    const [first, second] = issued.coupons;
    const revokes = await auditCount(server, 'coupon.revoke');
    const done = await admin.call(coupons.revoke, { body: { memberCouponId: first.memberCouponId, reason: '发错会员' } });
    expect(done.body).toMatchObject({ code: 200, data: { state: 'R', revokeUserName: 'admin', revokeReason: '发错会员' } });
    expect((await admin.call(coupons.revoke, { body: { memberCouponId: first.memberCouponId } })).body).toMatchObject({ code: -9000, msg: T.onlyUnused });
    expect(await auditCount(server, 'coupon.revoke')).toBe(revokes + 1);
    expect((await admin.call(coupons.couponById, { params: { id: c.couponId } })).body.data.issuedQuantity).toBe(1);
    const revoked = (await admin.call(coupons.recordQuery, { query: { couponId: c.couponId, state: 'R' } })).body.data;
    expect(revoked.records.map((r) => r.code)).toEqual([first.code]);
    // Past the end date (its last day yesterday): 已过期, not issued, not revoked.
    const yesterday = dayOf(server.clock.now().getTime() - DAY);
    await server.db
      .updateTable('coupon')
      .set({ begin_date: dayOf(server.clock.now().getTime() - 10 * DAY), end_date: yesterday })
      .where('id', '=', c.couponId)
      .execute();
    {
      const expired = (await admin.call(coupons.recordQuery, { query: { couponId: c.couponId, state: 'E' } })).body.data;
      expect(expired.records.map((r) => r.code)).toEqual([second.code]);
      expect((await admin.call(coupons.revoke, { body: { memberCouponId: second.memberCouponId } })).body.msg).toBe(T.onlyUnused);
      expect((await admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [m] } })).body.msg).toBe(T.expired);
      expect((await admin.call(coupons.couponById, { params: { id: c.couponId } })).body.data.expired).toBe(true);
    }
  });

  it('exports the records as .xlsx with the filters of the list', async () => {
    const file = await admin.download(coupons.recordExport.path, { query: { keyword: '张三' } });
    expect(file.status).toBe(200);
    const sheet = await readFirstSheet(file.bytes, { maxRows: 100, columns: 16, maxUnpackedBytes: 10_000_000 });
    if (sheet.kind !== 'sheet') throw new Error(sheet.kind);
    expect(sheet.header.slice(0, 7)).toEqual(['券码', '优惠券', '优惠内容', '有效期', '会员', '手机号', '状态']);
    expect(sheet.rows.map((r) => r.cells[4])).toEqual(['张三', '张三']);
    expect(sheet.rows.map((r) => r.cells[2]).sort()).toEqual(['8.5折', '满100减20']);
    expect(sheet.rows.every((r) => r.cells[5] === '13800000001' && r.cells[6] === '未使用')).toBe(true);
  });

  it('asks each call for its permission: the cashier reads 领用记录 of its venues only', async () => {
    for (const [call, input] of [
      [coupons.couponAdd, { body: fields(server) }],
      [coupons.couponQuery, { query: {} }],
      [coupons.issue, { body: { couponId: 1, memberIds: [1] } }],
      [coupons.issueMembers, { query: {} }],
      [coupons.revoke, { body: { memberCouponId: 1 } }],
    ] as const) {
      const answer = await cashier.call(call as typeof coupons.couponAdd, input as never);
      expect([answer.status, answer.body.code], call.path).toEqual([403, 510]);
    }
    expect((await cashier.download(coupons.recordExport.path)).status).toBe(403);
    const mine = (await cashier.call(coupons.recordQuery, { query: { keyword: '张三' } })).body.data;
    expect(mine.total).toBe(2);
    // A coupon of venues 3 and 4 only is none of the cashier's (venues 1 and 2).
    const elsewhere = await addCoupon(admin, fields(server, { couponName: '滨江专用券', venueIds: [3, 4] }));
    const [m] = await newMembers(server, 1, 1, '滨江会员');
    await admin.call(coupons.issue, { body: { couponId: elsewhere.couponId, memberIds: [m] } });
    expect((await cashier.call(coupons.recordQuery, { query: { couponId: elsewhere.couponId } })).body.data.total).toBe(0);
    expect((await admin.call(coupons.recordQuery, { query: { couponId: elsewhere.couponId } })).body.data.total).toBe(1);
  });

  it("keeps tenants apart: another tenant sees none of tenant 1's coupons, members or records and changes none", async () => {
    const mine = await addCoupon(admin, fields(server, { couponName: '本租户券' }));
    const zhang = await memberId(admin, '张三');
    const theirs = (await other.call(coupons.couponQuery, { query: { size: 100 } })).body.data.records;
    expect(theirs.some((c) => c.couponId === mine.couponId)).toBe(false);
    expect((await other.call(coupons.couponById, { params: { id: mine.couponId } })).body.code).toBe(-1100);
    expect((await other.call(coupons.issue, { body: { couponId: mine.couponId, memberIds: [zhang] } })).body.code).toBe(-1100);
    const theirCoupon = theirs[0];
    expect((await other.call(coupons.issue, { body: { couponId: theirCoupon.couponId, memberIds: [zhang] } })).body).toMatchObject({
      code: -1100,
      msg: T.memberNotFound,
    });
    expect((await other.call(coupons.issueMembers, { query: { keyword: '张三' } })).body.data).toEqual([]);
    const record = await server.db
      .selectFrom('member_coupon')
      .select(['id', 'code'])
      .where('tenant_id', '=', 1)
      .where('state', '=', 'U')
      .executeTakeFirstOrThrow();
    expect((await other.call(coupons.revoke, { body: { memberCouponId: record.id } })).body.code).toBe(-1100);
    const listed = JSON.stringify((await other.call(coupons.recordQuery, { query: { size: 100 } })).body.data);
    expect(listed).not.toContain(record.code);
    const edit = await other.call(coupons.couponEdit, { body: { ...fields(server, { venueIds: [1] }), couponId: mine.couponId } });
    expect(edit.body.code).not.toBe(200);
    // Tenant 2's coupon cannot be given tenant 1's venues.
    const cross = await other.call(coupons.couponAdd, { body: fields(server, { venueIds: [1] }) });
    expect(cross.body.code).not.toBe(200);
  });

  it('never issues past the total nor past a member’s limit when issues race', async () => {
    const c = await addCoupon(admin, fields(server, { couponName: '抢券', totalQuantity: 5, perMemberLimit: 2 }));
    const racers = await newMembers(server, 1, 12, '抢券会员');
    const answers = await Promise.all(racers.map((m) => admin.call(coupons.issue, { body: { couponId: c.couponId, memberIds: [m] } })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.msg === T.soldOut)).toBe(true);
    const rows = await server.db.selectFrom('member_coupon').select('id').where('coupon_id', '=', c.couponId).execute();
    expect(rows).toHaveLength(5);
    expect((await admin.call(coupons.couponById, { params: { id: c.couponId } })).body.data.issuedQuantity).toBe(5);

    const one = await addCoupon(admin, fields(server, { couponName: '限领抢券', totalQuantity: 50, perMemberLimit: 2 }));
    const [m] = await newMembers(server, 1, 1, '限领会员');
    const same = await Promise.all(Array.from({ length: 8 }, () => admin.call(coupons.issue, { body: { couponId: one.couponId, memberIds: [m] } })));
    expect(same.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(same.filter((a) => a.body.code !== 200).every((a) => a.body.msg === T.perMember('限领会员0', 2))).toBe(true);
    expect((await admin.call(coupons.couponById, { params: { id: one.couponId } })).body.data.issuedQuantity).toBe(2);
  });
});
