import { expect, it } from 'vitest';
import { member, Msg, type CallQuery } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';

type CardRecord = {
  cardId: number;
  cardNo: string;
  memberName: string;
  phone: string;
  state: string;
  isInBlack: boolean;
  isOpened: string;
  payType: string;
  balance: number;
};

describeEachEngine('member cards: search, lookups, states on %s', (server) => {
  const { admin, cashier } = server;
  const all = async (query: CallQuery<typeof member.all>) => {
    const { body } = await admin.call(member.all, { query });
    expect(body.code).toBe(200);
    return body.data;
  };

  it('lists every card 10 to a page by default, newest first, and pages on', async () => {
    const first = await all({});
    expect(first.records).toHaveLength(10);
    expect(first.total).toBeGreaterThan(300);
    const second = await all({ current: 2, size: 10 });
    expect(second.records[0].cardId).toBeLessThan(first.records[9].cardId);
    const vip = await all({ blurryKeyword: 'VIP', size: 5, current: 2 });
    expect(vip.total).toBe(9);
    expect(vip.records.map((c) => c.cardNo)).toEqual(['VIP0004', 'VIP0003', 'VIP0002', 'VIP0001']);
  });

  it('finds a card by number, by id and by physical card id (type 2)', async () => {
    const byNo = await all({ cardNoOrId: DEMO.vip });
    expect(byNo.records).toMatchObject([{ cardNo: 'VIP0001', memberName: '张三', phone: '13800000001', payType: 'M', balance: 500 }]);
    expect((await all({ cardNoOrId: String(byNo.records[0].cardId) })).records.map((c) => c.cardNo)).toContain('VIP0001');
    expect((await all({ cardNoOrId: DEMO.phy })).records.map((c) => c.cardNo)).toEqual(['VIP0001']);
    expect((await all({ cardNoOrId: 'VIP000' })).total).toBe(0);
  });

  it('finds by member name: a prefix under 3 characters, a substring from 3 (type 3)', async () => {
    const zhang = await all({ memberName: '张', size: 100 });
    expect(zhang.total).toBeGreaterThan(3);
    expect(zhang.records.every((c) => c.memberName.startsWith('张'))).toBe(true);
    expect((await all({ memberName: '张三' })).records.map((c) => c.cardNo).sort()).toEqual(['TIMES0001', 'VIP0001', 'YEAR0001']);
    const long = await server.db
      .selectFrom('member')
      .select(['name'])
      .where('tenant_id', '=', 1)
      .where(({ fn }) => fn('length', ['name']), '=', 3)
      .executeTakeFirstOrThrow();
    const found = await all({ memberName: long.name, size: 50 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.records.every((c) => c.memberName.includes(long.name))).toBe(true);
  });

  it('finds by phone, exact or prefix (type 4)', async () => {
    expect((await all({ phone: '13800000001' })).total).toBe(3);
    const prefix = await all({ phone: '1380000000', size: 50 });
    expect(prefix.total).toBe(11);
    expect(prefix.records.every((c) => c.phone.startsWith('1380000000'))).toBe(true);
  });

  it('finds by any fragment of name, phone or card number (other types), in any letter case', async () => {
    expect((await all({ blurryKeyword: 'vip000', size: 20 })).total).toBe(9);
    const someone = await server.db
      .selectFrom('member')
      .select(['phone'])
      .where('tenant_id', '=', 1)
      .where('phone', 'not like', '138%')
      .executeTakeFirstOrThrow();
    const middle = someone.phone.slice(3, 9);
    const byPhone = await all({ blurryKeyword: middle, size: 50 });
    expect(byPhone.records.some((c) => c.phone === someone.phone)).toBe(true);
    expect(byPhone.records.every((c) => c.phone.includes(middle) || c.cardNo.includes(middle) || c.memberName.includes(middle))).toBe(true);
    expect((await all({ blurryKeyword: '张三' })).total).toBe(3);
    expect((await all({ blurryKeyword: '没有这个人' })).total).toBe(0);
    expect((await all({ blurryKeyword: '%' })).total).toBe(0);
  });

  it('keeps the search index in step with member and card changes', async () => {
    await server.db.updateTable('member').set({ name: '张三丰' }).where('tenant_id', '=', 1).where('phone', '=', '13800000001').execute();
    expect((await all({ memberName: '三丰' })).total).toBe(0);
    expect((await all({ memberName: '张三丰' })).total).toBe(3);
    expect((await all({ blurryKeyword: '三丰1' })).total).toBe(0);
    await server.db.updateTable('member').set({ name: '张三' }).where('tenant_id', '=', 1).where('phone', '=', '13800000001').execute();
    expect((await all({ memberName: '张三丰' })).total).toBe(0);
  });

  it('filters by state (expiry computed), physical card, card type and venue', async () => {
    const expired = await all({ state: 'E', size: 100 });
    expect(expired.records.map((c) => c.cardNo)).toContain('VIP0007');
    expect(expired.records.every((c) => c.state === 'E')).toBe(true);
    expect((await all({ state: 'A', size: 100 })).records.every((c) => c.state === 'A')).toBe(true);
    const physical = await all({ isPhyCard: 'T', size: 100 });
    expect(physical.records.map((c) => c.cardNo)).toContain('VIP0001');
    const times = await all({ cardTypeId: 3, size: 100 });
    expect(times.records.every((c) => c.payType === 'T')).toBe(true);
    const venue = await all({ venueId: 1, size: 1000 });
    expect(venue.total).toBeLessThan((await all({})).total);
  });

  it('answers each card with its state, blacklist and opening; 438 找不到会员信息 for none', async () => {
    expect(await cardByNo(admin, DEMO.phy)).toMatchObject({
      cardNo: 'VIP0001',
      state: 'A',
      isOpened: 'T',
      isInBlack: false,
      discount: 0.9,
      discountable: true,
    });
    expect(await cardByNo(admin, DEMO.unopened)).toMatchObject({ state: 'A', isOpened: 'F' });
    expect((await cardByNo(admin, DEMO.lost)).state).toBe('L');
    expect((await cardByNo(admin, DEMO.returned)).state).toBe('R');
    expect((await cardByNo(admin, DEMO.replaced)).state).toBe('C');
    expect(await cardByNo(admin, DEMO.black)).toMatchObject({ state: 'B', isInBlack: true });
    expect((await cardByNo(admin, DEMO.expired)).state).toBe('E');
    expect(await cardByNo(admin, DEMO.times)).toMatchObject({ payType: 'T', balance: 10 });
    expect(await cardByNo(admin, DEMO.year)).toMatchObject({ payType: 'D', balance: 0 });
    const missing = await admin.call('GET', 'member/card/getByCardId', { query: { cardId: 'NO-SUCH-CARD' } });
    expect(missing).toMatchObject({ status: 200, body: { code: 438, msg: '找不到会员信息' } });
    expect((await admin.call('GET', 'member/card/getByCardId', { query: { cardId: ' ' } })).status).toBe(400);
    const ids = [(await cardByNo(admin, DEMO.year)).cardId, (await cardByNo(admin, DEMO.vip)).cardId];
    const byIds = await admin.call('GET', 'member/card/getByIds', { query: { cardIds: `${ids.join(',')},999999` } });
    expect(byIds.body.data.map((c: CardRecord) => c.cardNo)).toEqual(['YEAR0001', 'VIP0001']);
  });

  it('opens only an unopened A card, starting a validity of its type; explains every refusal', async () => {
    const open = (cardId: number) => admin.call('POST', 'member/card/openCard', { body: { cardId } });
    const unopened = await cardByNo(admin, DEMO.unopened);
    const opened = await open(unopened.cardId);
    expect(opened.body.data).toMatchObject({ cardNo: 'VIP0002', isOpened: 'T', state: 'A' });
    expect((await open(unopened.cardId)).body).toMatchObject({ code: -9000, msg: '该卡已开卡，无需重复开卡' });
    const lostId = (await cardByNo(admin, DEMO.lost)).cardId;
    await server.db.updateTable('card').set({ is_opened: 'F' }).where('id', '=', lostId).execute();
    expect((await open(lostId)).body.msg).toBe('当前卡状态不可用（已挂失）');
    expect((await open(999999)).body).toMatchObject({ code: 438, msg: '找不到会员信息' });

    const timesCard = await server.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id'])
      .where('c.tenant_id', '=', 1)
      .where('c.is_opened', '=', 'F')
      .where('c.state', '=', 'A')
      .where('t.pay_type', '=', 'T')
      .executeTakeFirstOrThrow();
    const before = Date.now();
    const times = (await open(timesCard.id)).body.data;
    const days = (new Date(times.useEndTime).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThan(180.1);
  });

  it("lists a member's cards that can pay: A/B, opened, valid, of the pay types, covering the item", async () => {
    const { memberId } = await cardByNo(admin, DEMO.vip);
    const forPay = async (query: Record<string, unknown>) =>
      (await admin.call('GET', 'member/card/allForPay', { query: { memberId, ...query } })).body.data as { cardNo: string; sourceType: string }[];
    expect((await forPay({})).map((c) => c.cardNo).sort()).toEqual(['TIMES0001', 'VIP0001', 'YEAR0001']);
    expect((await forPay({ payTypes: 'M' })).map((c) => c.cardNo)).toEqual(['VIP0001']);
    const items = await server.db.selectFrom('sport_item').select(['id', 'name']).where('tenant_id', '=', 1).execute();
    const swim = items.find((i) => i.name === '游泳')!.id;
    expect((await forPay({ itemId: swim })).map((c) => c.cardNo).sort()).toEqual(['VIP0001', 'YEAR0001']);
    const expiredOwner = (await cardByNo(admin, DEMO.expired)).memberId;
    expect((await admin.call('GET', 'member/card/allForPay', { query: { memberId: expiredOwner } })).body.data).toEqual([]);
    const blackOwner = (await cardByNo(admin, DEMO.black)).memberId;
    expect((await admin.call('GET', 'member/card/allForPay', { query: { memberId: blackOwner } })).body.data.map((c: { cardNo: string }) => c.cardNo)).toEqual([
      'VIP0006',
    ]);
  });

  it('updates the remark, binds a physical card once, and finds a card for binding by its number', async () => {
    const card = await cardByNo(admin, DEMO.times);
    const remark = await admin.call('POST', 'member/card/updateRemark', { query: { cardId: card.cardId, remark: '  常来打球  ' } });
    expect(remark.body.data.remark).toBe('常来打球');
    expect((await admin.call('POST', 'member/card/updateRemark', { query: { cardId: card.cardId, remark: 'x'.repeat(201) } })).status).toBe(400);
    const bind = (cardId: number, phyCardId: string) => admin.call('POST', 'member/card/bindCard', { body: { cardId, phyCardId } });
    expect((await bind(card.cardId, '8800112233')).body.data.phyCardId).toBe('8800112233');
    expect((await cardByNo(admin, '8800112233')).cardNo).toBe('TIMES0001');
    const year = await cardByNo(admin, DEMO.year);
    expect((await bind(year.cardId, '8800112233')).body).toMatchObject({ code: -1000, msg: '该实体卡已绑定会员卡 TIMES0001' });
    expect((await bind(year.cardId, 'VIP0001')).body.code).toBe(-1000);
    expect((await bind(year.cardId, '123')).status).toBe(400);
    const forBinding = await admin.call('GET', 'member/card/getCardForBinding', { query: { cardId: 'YEAR0001' } });
    expect(forBinding.body.data.cardNo).toBe('YEAR0001');
    expect((await admin.call('GET', 'member/card/getCardForBinding', { query: { cardId: '8800112233' } })).body.code).toBe(438);
  });

  it('offers for 批量延期 only cards that can be extended: not lost, returned or blacklisted (issue 30)', async () => {
    const listed = async () =>
      (await admin.call(member.allForBatchExtension, { query: { endBefore: '2099-12-31', size: 500 } })).body.data!.records.map((c) => c.cardId);
    const before = await listed();
    expect(before.length).toBeGreaterThanOrEqual(4);
    const [lost, returned, blacklisted, memberBlacklisted] = before;
    const states = await server.db.selectFrom('card').select(['id', 'state', 'member_id']).where('id', 'in', before.slice(0, 4)).execute();
    const stateOf = (id: number) => states.find((r) => r.id === id)!;
    try {
      await server.db.updateTable('card').set({ state: 'L' }).where('id', '=', lost).execute();
      await server.db.updateTable('card').set({ state: 'R' }).where('id', '=', returned).execute();
      await server.db.updateTable('card').set({ state: 'B' }).where('id', '=', blacklisted).execute();
      await server.db
        .insertInto('blacklist')
        .values({
          tenant_id: 1,
          member_id: stateOf(memberBlacklisted).member_id,
          rule_type: 'FC',
          active: 1,
          reason: 'issue 30',
          created_at: new Date().toISOString(),
        })
        .execute();
      const after = await listed();
      for (const id of [lost, returned, blacklisted, memberBlacklisted]) expect(after).not.toContain(id);
      const refused = await admin.call(member.batchExtend, { body: { cardIds: [blacklisted], days: 5, venueId: 1 } });
      expect(refused.body.msg).toContain('当前卡状态不可用');
    } finally {
      for (const id of [lost, returned, blacklisted])
        await server.db
          .updateTable('card')
          .set({ state: stateOf(id).state })
          .where('id', '=', id)
          .execute();
      await server.db.deleteFrom('blacklist').where('reason', '=', 'issue 30').execute();
    }
  });

  it('lists count and period cards by end date and extends them; an extended expired card is usable again', async () => {
    const list = await admin.call('GET', 'member/card/allForBatchExtension', { query: { endBefore: '2099-12-31', size: 500 } });
    const ends = list.body.data.records.map((c: { useEndTime: string }) => c.useEndTime);
    expect(ends).toEqual([...ends].sort());
    expect(list.body.data.records.every((c: CardRecord) => c.payType !== 'M')).toBe(true);
    const expired = await cardByNo(admin, DEMO.expired);
    const extended = await admin.call('POST', 'member/card/batchExtend', { body: { cardIds: [expired.cardId], days: 30 } });
    expect(extended.body.data).toEqual({ order: null, extended: 1, newCardNo: null });
    expect((await cardByNo(admin, DEMO.expired)).state).toBe('A');
    expect((await admin.call('POST', 'member/card/batchExtend', { body: { cardIds: [expired.cardId, 999999], days: 30 } })).body.code).toBe(438);
    expect((await admin.call('POST', 'member/card/batchExtend', { body: { cardIds: [], days: 30 } })).body.msg).toBe(Msg.chooseCard);
  });

  it('answers card types, a member with family and blacklist, and the 会员管理 menus', async () => {
    const types = (await admin.call('GET', 'member/cardType/all')).body.data;
    expect(types.map((t: { payType: string }) => t.payType).sort()).toEqual(['D', 'D', 'M', 'M', 'T']);
    expect(types.find((t: { cardTypeName: string }) => t.cardTypeName === '储值卡')).toMatchObject({ discountable: true, discount: 0.9 });
    const zhang = await cardByNo(admin, DEMO.vip);
    const detail = (await admin.call('GET', `member/member/id/${zhang.memberId}`)).body.data;
    expect(detail).toMatchObject({ memberName: '张三', phone: '13800000001', source: 'B', blacklist: [] });
    expect(detail.family.map((f: { relation: string }) => f.relation)).toContain('S');
    const black = await cardByNo(admin, DEMO.black);
    const blackDetail = (await admin.call('GET', `member/member/id/${black.memberId}`)).body.data;
    expect(blackDetail.blacklist[0]).toMatchObject({ ruleType: 'FN', reason: '多次订场未到场' });
    expect((await admin.call('GET', 'member/member/id/999999')).body.code).toBe(438);

    const menus = (await cashier.call('GET', 'system/api/menus/user-all')).body.data as {
      path: string;
      hidden?: boolean;
      children?: { path: string; component?: string; meta?: { title: string } }[];
    }[];
    const group = menus.find((m) => m.path === '/member');
    expect(group?.children?.map((c) => [c.path, c.component, c.meta?.title])).toEqual([
      ['card', 'member/card/index', '会员卡管理'],
      ['archive', 'member/archive/index', '会员档案'],
    ]);
    const readCards = menus.find((m) => m.path === '/readCards');
    expect(readCards?.hidden).toBe(true);
    const info = (await cashier.call('GET', 'system/auth/info')).body.data;
    expect(info.permissions).toEqual(expect.arrayContaining(['member:card:list', 'member:card:open']));
    expect(info.permissions).not.toContain('member:card:refund');
    expect(await ledgerMismatches(server)).toEqual([]);
  });
});
