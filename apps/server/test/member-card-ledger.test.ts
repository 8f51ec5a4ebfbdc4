import { beforeAll, expect, it } from 'vitest';
import { Msg } from '@venue/contract';
import { BizError } from '../src/lib/errors.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches, servicesOf } from './member-card.helpers.ts';

describeEachEngine('member card ledger: charge, refund, invariant on %s', (server) => {
  const { admin } = server;
  let services: ReturnType<typeof servicesOf>;
  beforeAll(() => {
    services = servicesOf(server);
  });
  const charge = (cardId: number, amount: number, orderId = 1, itemId?: number) =>
    server.db
      .transaction()
      .execute((trx) =>
        services.ledger.chargeCard(trx, { tenantId: 1, cardId, amount, orderType: 'SALE', orderId, userId: 1, remark: '测试消费', venueId: 1, itemId }),
      );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: BizError) => ({ code: error.code, msg: error.message }),
    );
  const balanceOf = async (cardNo: string) => (await cardByNo(admin, cardNo)).balance;

  it('starts with every ledger summing to its balance', async () => {
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('charges a stored-value card in fen and a count card in times, writing the ledger row', async () => {
    const vip = await cardByNo(admin, DEMO.vip);
    const row = await charge(vip.cardId, 1234, 77);
    expect(row).toMatchObject({ kind: 'CONSUME', amount: -1234, balance_after: 50000 - 1234, order_type: 'SALE', order_id: 77, venue_id: 1 });
    expect(await balanceOf(DEMO.vip)).toBe(487.66);
    const times = await cardByNo(admin, DEMO.times);
    expect((await charge(times.cardId, 2)).balance_after).toBe(8);
    expect(await balanceOf(DEMO.times)).toBe(8);
    const year = await cardByNo(admin, DEMO.year);
    expect((await charge(year.cardId, 999)).amount).toBe(0);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('refuses, changing nothing, unusable, unopened, expired, uncovering and short cards', async () => {
    const id = async (cardNo: string) => (await cardByNo(admin, cardNo)).cardId;
    expect(await refusal(charge(await id(DEMO.lost), 100))).toEqual({ code: 606, msg: '当前卡状态不可用（已挂失）' });
    expect(await refusal(charge(await id(DEMO.returned), 100))).toEqual({ code: 606, msg: '当前卡状态不可用（已退卡）' });
    expect(await refusal(charge(await id(DEMO.expired), 1))).toEqual({ code: 606, msg: '当前卡状态不可用（已过期）' });
    const unopened = await server.db
      .selectFrom('card')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('is_opened', '=', 'F')
      .where('state', '=', 'A')
      .executeTakeFirstOrThrow();
    expect((await refusal(charge(unopened.id, 100)))?.msg).toBe('该卡尚未开卡，请先开卡');
    const badminton = (await server.db.selectFrom('sport_item').select('id').where('tenant_id', '=', 1).where('name', '=', '网球').executeTakeFirstOrThrow())
      .id;
    expect((await refusal(charge(await id(DEMO.times), 1, 1, badminton)))?.msg).toBe('该会员卡不适用于当前项目');
    const before = await balanceOf(DEMO.vip);
    expect(await refusal(charge(await id(DEMO.vip), 100_000_00))).toEqual({ code: 606, msg: Msg.cardBalanceShort });
    expect(await refusal(charge(await id(DEMO.times), 9))).toEqual({ code: 606, msg: '会员卡剩余次数不足' });
    expect((await refusal(charge(await id(DEMO.vip), 0)))?.code).toBe(606);
    expect((await refusal(charge(999999, 1)))?.code).toBe(438);
    expect(await balanceOf(DEMO.vip)).toBe(before);
    // A blacklisted card stays selectable (spec 4: A and B).
    expect((await charge(await id(DEMO.black), 100)).kind).toBe('CONSUME');
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('never takes a balance below zero, whatever the concurrency', async () => {
    const card = await server.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id', 'c.balance'])
      .where('c.tenant_id', '=', 1)
      .where('t.pay_type', '=', 'M')
      .where('c.state', '=', 'A')
      .where('c.is_opened', '=', 'T')
      .where('c.use_end', 'is', null)
      .where('c.balance', '>=', 1000)
      .where('c.card_no', 'like', 'MC%')
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const piece = Math.floor(card.balance / 5);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => charge(card.id, piece, 100 + i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([
      Msg.cardBalanceShort,
      Msg.cardBalanceShort,
      Msg.cardBalanceShort,
    ]);
    const after = await server.db.selectFrom('card').select('balance').where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(after.balance).toBe(card.balance - 5 * piece);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('refunds a consume once and only once, even when two refunds race', async () => {
    const vip = await cardByNo(admin, DEMO.vip);
    const before = await balanceOf(DEMO.vip);
    const consume = await charge(vip.cardId, 5000, 200);
    expect(await balanceOf(DEMO.vip)).toBeCloseTo(before - 50, 2);
    const refund = () => admin.call('POST', 'member/card/refundCardConsume', { body: { consumeId: consume.id, remark: '顾客退货' } });
    const answers = await Promise.all([refund(), refund(), refund()]);
    const ok = answers.filter((a) => a.body.code === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].body.data).toMatchObject({
      kind: 'REFUND',
      amount: 50,
      orderType: 'SALE',
      orderId: 200,
      remark: '顾客退货',
      refundable: false,
      createName: '系统管理员',
    });
    expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body)).toEqual([
      { code: -2000, msg: '该消费记录已退款', data: null },
      { code: -2000, msg: '该消费记录已退款', data: null },
    ]);
    expect(await balanceOf(DEMO.vip)).toBe(before);
    expect((await refund()).body.code).toBe(-2000);

    const second = await charge(vip.cardId, 300, 201);
    const direct = await Promise.allSettled(
      [1, 2].map(() => server.db.transaction().execute((trx) => services.ledger.refundConsume(trx, { tenantId: 1, consumeId: second.id, userId: 1 }))),
    );
    expect(direct.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(DEMO.vip)).toBe(before);

    const records = (await admin.call('GET', 'member/card/queryOrderConsume', { query: { cardId: vip.cardId, kind: 'CONSUME', size: 50 } })).body.data.records;
    expect(records.find((r: { consumeId: number }) => r.consumeId === consume.id)).toMatchObject({
      refundable: false,
      refundedBy: ok[0].body.data.consumeId,
      amount: -50,
    });
    const opening = (await admin.call('GET', 'member/card/queryOrderConsume', { query: { cardId: vip.cardId, kind: 'OPEN' } })).body.data.records[0];
    expect((await admin.call('POST', 'member/card/refundCardConsume', { body: { consumeId: opening.consumeId } })).body.msg).toBe('只有消费记录可以退款');
    expect((await admin.call('POST', 'member/card/refundCardConsume', { body: { consumeId: 999999 } })).body.code).toBe(-1100);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('sums a card, every card type and the ledger by day; prints a consume', async () => {
    const vip = await cardByNo(admin, DEMO.vip);
    const summary = (await admin.call('GET', 'member/card/getCardSummary', { query: { cardId: vip.cardId } })).body.data;
    expect(summary.balance).toBe(vip.balance);
    expect(summary.totalRecharge - summary.totalConsume + summary.totalRefund).toBeCloseTo(vip.balance, 2);
    expect(summary.consumeCount).toBeGreaterThanOrEqual(4);
    const byType = (await admin.call('GET', 'member/card/getCardSummaryAll')).body.data as { cardTypeName: string; cardCount: number; balance: number }[];
    const cards = await server.db.selectFrom('card').select(['balance', 'card_type_id']).where('tenant_id', '=', 1).where('card_type_id', '=', 1).execute();
    expect(byType[0]).toMatchObject({ cardTypeName: '储值卡', cardCount: cards.length, balance: cards.reduce((s, c) => s + c.balance, 0) / 100 });

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const days = (await admin.call('POST', 'member/card/queryCardConsumeSummary', { body: { beginTime: today, endTime: today } })).body.data as {
      day: string;
      kind: string;
      cardTypeName: string;
      count: number;
      amount: number;
    }[];
    expect(days.every((d) => d.day === today)).toBe(true);
    const refunds = days.find((d) => d.kind === 'REFUND' && d.cardTypeName === '储值卡');
    expect(refunds).toMatchObject({ count: 2, amount: 53 });
    const venueOnly = (await admin.call('POST', 'member/card/queryCardConsumeSummary', { body: { beginTime: today, endTime: today, venueId: 2 } })).body.data;
    expect(venueOnly).toEqual([]);

    const all = (await admin.call('GET', 'member/card/queryOrderConsumeAll', { query: { keyword: '张三', beginTime: today, endTime: today, size: 50 } })).body
      .data;
    expect(all.total).toBeGreaterThan(0);
    expect(all.records.every((r: { memberName: string }) => r.memberName === '张三')).toBe(true);
    const print = (await admin.call('GET', 'member/card/getPrintCardConsume', { query: { consumeId: all.records[0].consumeId } })).body.data;
    expect(print).toMatchObject({ venueName: '城东羽毛球馆', card: { cardNo: expect.any(String) }, consume: { consumeId: all.records[0].consumeId } });
    expect(print.printTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await admin.call('GET', 'member/card/queryOrderConsume', { query: { cardId: 999999 } })).body.code).toBe(438);
  });
});
