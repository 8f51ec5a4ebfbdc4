import { expect, it } from 'vitest';
import { member } from '@venue/contract';
import type { z } from 'zod';
import { createServices } from '../src/modules.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, expectBooks } from './member-card.helpers.ts';
import type { UserClient } from './client.ts';

const PAYS = '134567890123456789';
const VENUE = 1;
const DAY_MS = 24 * 3600_000;

const typeForm = (over: Partial<z.input<typeof member.cardTypeForm>> & { cardTypeName: string; payType: 'M' | 'T' | 'D' }) => ({
  price: 100,
  face: 0,
  bonus: 0,
  validDays: 0,
  validMonths: 0,
  validStart: 'O' as const,
  discountable: false,
  discountPerMille: 1000,
  extendDayPrice: 0,
  replaceFee: 0,
  venueIds: [],
  itemIds: [],
  rechargeRules: [],
  state: 'A' as const,
  sort: 1,
  ...over,
});

async function sell(as: UserClient, memberId: number, cardTypeId: number, cardNo?: string) {
  const created = await as.call(member.createSaleOrder, { body: { memberId, cardTypeId, cardNo, venueId: VENUE } });
  if (created.body.code !== 200) return { created: created.body, paid: null };
  const o = created.body.data!;
  const paid = await as.call(member.payCardOrder, { body: { orderId: o.orderId, payMode: 'wechatpay', authCode: PAYS, money: o.pricePay } });
  return { created: created.body, paid: paid.body };
}

describeEachEngine('card types, extension, fees, expiry and blacklist rules on %s', (server) => {
  const { admin, cashier, other } = server;
  let memberId = 0;
  let stored = 0;
  let period = 0;
  let elsewhere = 0;
  let otherVenue = 0;

  it('administers card types: M, T and D with their fields, venues and sale state; 办卡 offers only on-sale types valid here', async () => {
    otherVenue = (await server.db.selectFrom('venue').select('id').where('tenant_id', '=', 1).where('id', '!=', VENUE).orderBy('id').executeTakeFirstOrThrow())
      .id;
    const m = await admin.call(member.cardTypeAdd, {
      body: typeForm({
        cardTypeName: '测试储值卡',
        payType: 'M',
        price: 300,
        face: 300,
        bonus: 30,
        discountable: true,
        discountPerMille: 850,
        replaceFee: 5,
        rechargeRules: [{ min: 100, bonus: 10 }],
      }),
    });
    expect(m.body.code).toBe(200);
    expect(m.body.data).toMatchObject({
      payType: 'M',
      price: 300,
      face: 300,
      bonus: 30,
      discountPerMille: 850,
      replaceFee: 5,
      rechargeRules: [{ min: 100, bonus: 10 }],
    });
    stored = m.body.data!.cardTypeId;
    const d = await admin.call(member.cardTypeAdd, {
      body: typeForm({ cardTypeName: '测试月卡', payType: 'D', price: 200, validMonths: 1, validStart: 'S', extendDayPrice: 2, venueIds: [VENUE] }),
    });
    expect(d.body.data).toMatchObject({ validMonths: 1, validStart: 'S', extendDayPrice: 2, venueIds: [VENUE] });
    period = d.body.data!.cardTypeId;
    // The card types the 延期 and 补卡 dialogs read carry their fees, to preview them (issue 30).
    expect((await cashier.call(member.cardTypes)).body.data!.find((x) => x.cardTypeId === period)).toMatchObject({ extendDayPrice: 2, replaceFee: 0 });
    const t = await admin.call(member.cardTypeAdd, { body: typeForm({ cardTypeName: '测试次卡', payType: 'T', price: 90, face: 10, validDays: 90 }) });
    expect(t.body.data).toMatchObject({ payType: 'T', face: 10, validDays: 90 });
    elsewhere = (await admin.call(member.cardTypeAdd, { body: typeForm({ cardTypeName: '分馆卡', payType: 'M', price: 10, venueIds: [otherVenue] }) })).body
      .data!.cardTypeId;

    expect((await admin.call(member.cardTypeAdd, { body: typeForm({ cardTypeName: '测试储值卡', payType: 'M' }) })).body.msg).toBe('该卡类型名称已存在');
    expect((await admin.call(member.cardTypeAdd, { body: typeForm({ cardTypeName: '无期限', payType: 'D' }) })).body.msg).toBe(
      '计时卡请输入有效天数或有效月数',
    );
    expect((await cashier.call(member.cardTypeAdd, { body: typeForm({ cardTypeName: '收银员', payType: 'M' }) })).body.code).toBe(510);

    const forSale = (await cashier.call(member.cardTypeForSale, { query: { venueId: VENUE } })).body.data!.map((x) => x.cardTypeId);
    expect(forSale).toEqual(expect.arrayContaining([stored, period]));
    expect(forSale).not.toContain(elsewhere);
    await admin.call(member.cardTypeSetState, { body: { cardTypeId: stored, state: 'S' } });
    expect((await cashier.call(member.cardTypeForSale, { query: { venueId: VENUE } })).body.data!.map((x) => x.cardTypeId)).not.toContain(stored);

    const added = await cashier.call(member.addMember, {
      body: { memberName: '卡类型测试', phone: '13700001111', source: 'B', family: [{ name: '卡类型家属', relation: 'M' }] },
    });
    memberId = added.body.data!.memberId;
    expect((await sell(cashier, memberId, stored)).created.msg).toBe('该卡类型已停售');
    expect((await sell(cashier, memberId, elsewhere)).created.msg).toBe('该卡类型不适用于当前场馆');
    await admin.call(member.cardTypeSetState, { body: { cardTypeId: stored, state: 'A' } });

    const page = (await admin.call(member.cardTypePage, { query: { cardTypeName: '测试', current: 1, size: 20 } })).body.data!;
    expect(page.records.map((r) => r.cardTypeName).sort()).toEqual(['测试储值卡', '测试月卡', '测试次卡']);
    const trail = await server.db.selectFrom('audit_log').select('action').where('tenant_id', '=', 1).where('target', '=', '会员卡类型 测试储值卡').execute();
    expect(trail.map((r) => r.action).sort()).toEqual(['cardType.add', 'cardType.state', 'cardType.state']);
  });

  it('sells with the type: face value and bonus on M; a period type valid from the sale runs one month', async () => {
    const s = await sell(cashier, memberId, stored, 'CT0001');
    expect(s.paid?.code).toBe(200);
    expect(await cardByNo(cashier, 'CT0001')).toMatchObject({ balance: 330, discount: 0.85, discountable: true });
    const p = await sell(cashier, memberId, period, 'CT0002');
    expect(p.paid?.code).toBe(200);
    const card = await cardByNo(cashier, 'CT0002');
    const begin = new Date(card.useBeginTime!);
    begin.setUTCMonth(begin.getUTCMonth() + 1);
    expect(card.useEndTime).toBe(begin.toISOString());
    await expectBooks(server);
  });

  it('extends one period card through 收款: the fee is days × the day price, the receipt and the trail show it', async () => {
    const card = await cardByNo(admin, 'CT0002');
    const made = await admin.call(member.createExtendOrder, { body: { cardId: card.cardId, days: 10, venueId: VENUE } });
    expect(made.body.code).toBe(200);
    const order = made.body.data!.order!;
    expect(order).toMatchObject({ kind: 'EXTEND', pricePay: 20, days: 10, cardNo: 'CT0002', payState: 'U' });
    expect((await cardByNo(admin, 'CT0002')).useEndTime).toBe(card.useEndTime);
    const forPay = await admin.call(member.queryFeeOrderForPay, { query: { orderId: order.orderId } });
    expect(forPay.body.data).toMatchObject({ totalPrice: 20 });
    const paid = await admin.call(member.payFeeOrder, { body: { orderId: order.orderId, payMode: 'wechatpay', authCode: PAYS, money: 20 } });
    expect(paid.body.code).toBe(200);
    expect((await cardByNo(admin, 'CT0002')).useEndTime).toBe(new Date(Date.parse(card.useEndTime!) + 10 * DAY_MS).toISOString());
    expect((await admin.call(member.feeOrderById, { params: { id: order.orderId } })).body.data).toMatchObject({
      payState: 'P',
      cards: [{ cardNo: 'CT0002', fee: 20 }],
    });
    const logs = (await admin.call(member.cardStateLogs, { query: { cardId: card.cardId } })).body.data!;
    expect(logs[0]).toMatchObject({ action: 'EXTEND', actionName: '延期', amount: 0 });
    // Paying it again (a double click) answers the payment made and extends nothing more.
    const again = await admin.call(member.payFeeOrder, { body: { orderId: order.orderId, payMode: 'cashpay', money: 20 } });
    expect(again.body.data?.payRecords ?? []).toHaveLength(1);
    expect((await cardByNo(admin, 'CT0002')).useEndTime).toBe(new Date(Date.parse(card.useEndTime!) + 10 * DAY_MS).toISOString());
    expect((await admin.call(member.createExtendOrder, { body: { cardId: (await cardByNo(admin, 'CT0001')).cardId, days: 1, venueId: VENUE } })).body.msg).toBe(
      '会员卡 CT0001 是储值卡，不能延期',
    );
  });

  it('extends in a batch: allForBatchExtension lists the cards, one order pays for all of them', async () => {
    expect((await sell(cashier, memberId, period, 'CT0003')).paid?.code).toBe(200);
    const list = (await admin.call(member.allForBatchExtension, { query: { cardTypeId: period, current: 1, size: 50 } })).body.data!;
    expect(list.records.map((c) => c.cardNo).sort()).toEqual(['CT0002', 'CT0003']);
    const ends = new Map(list.records.map((c) => [c.cardId, c.useEndTime!]));
    const made = await admin.call(member.batchExtend, { body: { cardIds: [...ends.keys()], days: 5, venueId: VENUE } });
    const order = made.body.data!.order!;
    expect(order).toMatchObject({ pricePay: 20, cardCount: 2, days: 5 });
    expect((await admin.call(member.payFeeOrder, { body: { orderId: order.orderId, payMode: 'cashpay', money: 20 } })).body.code).toBe(200);
    for (const [id, end] of ends)
      expect((await admin.call(member.getByIds, { query: { cardIds: String(id) } })).body.data![0].useEndTime).toBe(
        new Date(Date.parse(end) + 5 * DAY_MS).toISOString(),
      );
    expect((await admin.call(member.batchExtend, { body: { cardIds: [...ends.keys()], days: 5 } })).body.msg).toBe('请选择场馆');
  });

  it('stores expiry (E) by the daily job with its trail; the warning shows wherever the card is read; extending makes it A again', async () => {
    const card = await cardByNo(admin, 'CT0003');
    await server.db
      .updateTable('card')
      .set({ use_end: new Date(Date.now() - DAY_MS).toISOString() })
      .where('id', '=', card.cardId)
      .execute();
    const jobs = createServices(server.database.db, server.clock, server.database.dataDir).cardAdmin.rules;
    expect((await jobs.daily()).expired).toBeGreaterThanOrEqual(1);
    expect((await server.db.selectFrom('card').select('state').where('id', '=', card.cardId).executeTakeFirstOrThrow()).state).toBe('E');
    expect((await jobs.expireDue()) >= 0).toBe(true);
    const logs = (await admin.call(member.cardStateLogs, { query: { cardId: card.cardId } })).body.data!;
    expect(logs[0]).toMatchObject({ action: 'EXPIRE', actionName: '到期', toState: 'E', createName: '' });
    const detail = (await admin.call(member.memberDetailPage, { params: { id: memberId } })).body.data!;
    expect(detail.cards.find((c) => c.cardNo === 'CT0003')).toMatchObject({ state: 'E', warning: '当前卡状态不可用（已过期）' });
    expect(detail.audit.map((a) => a.actionName)).toContain('会员卡到期');
    const pay = await admin.call(member.allForPay, { query: { memberId, payTypes: 'D' } });
    expect(pay.body.data!.map((c) => c.cardNo)).not.toContain('CT0003');
    const made = await admin.call(member.createExtendOrder, { body: { cardId: card.cardId, days: 30, venueId: VENUE } });
    expect((await admin.call(member.payFeeOrder, { body: { orderId: made.body.data!.order!.orderId, payMode: 'cashpay', money: 60 } })).body.code).toBe(200);
    expect((await cardByNo(admin, 'CT0003')).state).toBe('A');
  });

  it('replaces a card with a 补卡 fee through 收款: the new card carries the balance; the books hold after every step', async () => {
    const card = await cardByNo(cashier, 'CT0001');
    const top = (await cashier.call(member.createRechargeOrder, { body: { cardId: card.cardId, amount: 100, venueId: VENUE } })).body.data!;
    expect(top.bonus).toBe(10);
    expect((await cashier.call(member.payCardOrder, { body: { orderId: top.orderId, payMode: 'cashpay', money: 100 } })).body.code).toBe(200);
    await expectBooks(server);
    expect((await cashier.call(member.changeCardState, { body: { cardId: card.cardId, action: 'LOSS' } })).body.code).toBe(200);
    const made = await cashier.call(member.createReplaceOrder, { body: { cardId: card.cardId, newCardNo: 'CT0001B', venueId: VENUE } });
    const order = made.body.data!.order!;
    expect(order).toMatchObject({ kind: 'REPLACE', pricePay: 5, newCardNo: 'CT0001B' });
    expect((await cardByNo(cashier, 'CT0001')).state).toBe('L');
    expect((await cashier.call(member.payFeeOrder, { body: { orderId: order.orderId, payMode: 'wechatpay', authCode: PAYS, money: 5 } })).body.code).toBe(200);
    expect(await cardByNo(cashier, 'CT0001')).toMatchObject({ state: 'C', balance: 0 });
    expect(await cardByNo(cashier, 'CT0001B')).toMatchObject({ state: 'A', balance: 440 });
    await expectBooks(server);
    // A type without a fee replaces at once.
    const t = await sell(cashier, memberId, period, 'CT0004');
    expect(t.paid?.code).toBe(200);
    const free = await cashier.call(member.createReplaceOrder, { body: { cardId: (await cardByNo(cashier, 'CT0004')).cardId, venueId: VENUE } });
    expect(free.body.data).toMatchObject({ order: null });
    expect((await cardByNo(cashier, free.body.data!.newCardNo!)).state).toBe('A');
  });

  it('blacklists by rule (TR: ticket refunds within days): the member is in the blacklist, its A cards become B with the warning; removal ends it', async () => {
    const saved = await admin.call(member.saveBlacklistRule, { body: { ruleType: 'TR', threshold: 2, days: 30, state: 'A' } });
    expect(saved.body.data).toMatchObject({ ruleType: 'TR', ruleName: '门票退票', threshold: 2, days: 30, state: 'A' });
    const rules = (await admin.call(member.blacklistRules)).body.data!;
    expect(rules.map((r) => r.ruleType)).toEqual(['FC', 'TR', 'TE', 'FN']);
    const now = new Date().toISOString();
    const refunded = {
      tenant_id: 1,
      venue_id: VENUE,
      member_id: memberId,
      order_state: 'C' as const,
      pay_state: 'FR' as const,
      price_pay_fen: 1000,
      source: 'B' as const,
      price_orig_fen: 1000,
      created_by: 1,
      username: 'admin',
      created_at: now,
    };
    await server.db.insertInto('ticket_order').values(refunded).execute();
    expect((await admin.call(member.applyBlacklistRules)).body.data).toEqual({ members: 0, cards: 0 });
    await server.db.insertInto('ticket_order').values(refunded).execute();
    // Two runs at once (立即执行 beside the daily job) put the member on once, and move the cards once.
    const runs = (await Promise.all([admin.call(member.applyBlacklistRules), admin.call(member.applyBlacklistRules)])).map((r) => r.body.data!);
    const applied = { members: runs[0].members + runs[1].members, cards: runs[0].cards + runs[1].cards };
    expect(applied.members).toBe(1);
    expect(applied.cards).toBeGreaterThanOrEqual(1);
    const active = await server.db.selectFrom('blacklist').select('rule_type').where('member_id', '=', memberId).where('active', '=', 1).execute();
    expect(active).toEqual([{ rule_type: 'TR' }]);
    expect((await admin.call(member.applyBlacklistRules)).body.data).toEqual({ members: 0, cards: 0 });
    const card = await cardByNo(cashier, 'CT0001B');
    expect(card).toMatchObject({ state: 'B', isInBlack: true });
    const detail = (await admin.call(member.memberDetailPage, { params: { id: memberId } })).body.data!;
    expect(detail.blacklist[0]).toMatchObject({ ruleType: 'TR', ruleName: '门票退票' });
    expect(detail.cards.find((c) => c.cardNo === 'CT0001B')!.warning).toBe('当前卡状态不可用（已加入黑名单）');
    expect(detail.stateLogs[0]).toMatchObject({ actionName: '拉黑' });
    expect((await admin.call(member.removeFromBlacklist, { body: { memberId } })).body.data).toEqual({ removed: 1 });
    expect((await cashier.call(member.changeCardState, { body: { cardId: card.cardId, action: 'UNBLACK' } })).body.code).toBe(200);
    expect(await cardByNo(cashier, 'CT0001B')).toMatchObject({ state: 'A', isInBlack: false });
  });

  it('keeps card numbers unique under 10 concurrent sales, generated or typed', async () => {
    const typed = await Promise.all(Array.from({ length: 10 }, () => sell(admin, memberId, stored, 'CTSAME')));
    expect(typed.filter((s) => s.paid?.code === 200)).toHaveLength(1);
    const generated = await Promise.all(Array.from({ length: 10 }, () => sell(admin, memberId, stored)));
    expect(generated.every((s) => s.paid?.code === 200)).toBe(true);
    const numbers = await server.db.selectFrom('card').select('card_no').where('tenant_id', '=', 1).execute();
    expect(new Set(numbers.map((n) => n.card_no)).size).toBe(numbers.length);
    await expectBooks(server);
  });

  it('another tenant sees none of it', async () => {
    const types = (await other.call(member.cardTypePage, { query: { current: 1, size: 100 } })).body.data!;
    expect(types.records.map((t) => t.cardTypeName)).not.toContain('测试储值卡');
    expect((await other.call(member.cardTypeEdit, { body: { ...typeForm({ cardTypeName: 'x', payType: 'M' }), cardTypeId: stored } })).body.code).not.toBe(200);
    expect((await other.call(member.memberDetailPage, { params: { id: memberId } })).body.code).toBe(-1100);
    const card = await cardByNo(admin, 'CT0002');
    expect((await other.call(member.createExtendOrder, { body: { cardId: card.cardId, days: 1, venueId: VENUE } })).body.code).not.toBe(200);
    expect((await other.call(member.feeOrderById, { params: { id: 1 } })).body.code).not.toBe(200);
    expect((await other.call(member.removeFromBlacklist, { body: { memberId } })).body.code).toBe(-1100);
    expect((await other.call(member.blacklistRules)).body.data!.find((r) => r.ruleType === 'TR')!.state).toBe('S');
  });
});
