import { expect, it } from 'vitest';
import { member } from '@venue/contract';
import { sql } from 'kysely';
import { describeEachEngine, type Server } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches, servicesOf } from './member-card.helpers.ts';
import type { UserClient } from './client.ts';

const PAYS = '134567890123456789';
const VENUE = 1;

/** Sum of M card balances, sum of their ledger rows (fen), and the liability the API answers (yuan). */
async function books(server: Server) {
  const balances = await server.db
    .selectFrom('card as c')
    .innerJoin('card_type as t', 't.id', 'c.card_type_id')
    .select(sql<number>`coalesce(sum(c.balance), 0)`.as('s'))
    .where('c.tenant_id', '=', 1)
    .where('t.pay_type', '=', 'M')
    .executeTakeFirstOrThrow();
  const ledger = await server.db
    .selectFrom('card_consume as cc')
    .innerJoin('card as c', 'c.id', 'cc.card_id')
    .innerJoin('card_type as t', 't.id', 'c.card_type_id')
    .select(sql<number>`coalesce(sum(cc.amount), 0)`.as('s'))
    .where('cc.tenant_id', '=', 1)
    .where('t.pay_type', '=', 'M')
    .executeTakeFirstOrThrow();
  const liability = (await server.admin.call(member.liability)).body.data!;
  return { balances: Number(balances.s), ledger: Number(ledger.s), liability: Math.round(liability.total * 100) };
}

export async function sellCard(as: UserClient, memberId: number, cardTypeId: number, cardNo?: string) {
  const created = await as.call(member.createSaleOrder, { body: { memberId, cardTypeId, cardNo, venueId: VENUE } });
  if (created.body.code !== 200) return { created: created.body, paid: null };
  const order = created.body.data;
  const paid = await as.call(member.payCardOrder, { body: { orderId: order.orderId, payMode: 'wechatpay', authCode: PAYS, money: order.pricePay } });
  return { created: created.body, paid: paid.body };
}

describeEachEngine('members and cards through their life on %s', (server) => {
  const { admin, cashier, other } = server;
  let memberId = 0;
  let storedType = 0;
  const expectBooks = async () => {
    const b = await books(server);
    expect(b.balances).toBe(b.ledger);
    expect(b.liability).toBe(b.balances);
    expect(await ledgerMismatches(server)).toEqual([]);
  };

  it('archives a member with family; lists mask phone and ID for a clerk without member:member:plain', async () => {
    const bad = await cashier.call(member.addMember, { body: { memberName: '测试', phone: '12345', idNumber: '123' } });
    expect(bad.body.code).not.toBe(200);
    expect(bad.body.msg).toMatch(/请输入正确的电话号码|请输入正确的身份证号码/);
    const added = await cashier.call(member.addMember, {
      body: {
        memberName: '陈小明',
        phone: '13912345678',
        idNumber: '11010119900101123x',
        gender: 'M',
        birthday: '1990-01-01',
        source: 'B',
        family: [{ name: '陈大明', relation: 'F', phone: '13912345679' }],
      },
    });
    expect(added.body.code).toBe(200);
    memberId = added.body.data!.memberId;
    expect(added.body.data).toMatchObject({
      memberName: '陈小明',
      phone: '139****5678',
      idNumber: '110***********123X',
      family: [{ name: '陈大明', relation: 'F' }],
    });
    const whole = await admin.call(member.memberArchive, { params: { id: memberId } });
    expect(whole.body.data).toMatchObject({ phone: '13912345678', idNumber: '11010119900101123X' });
    const again = await cashier.call(member.addMember, { body: { memberName: '重复', phone: '13912345678' } });
    expect(again.body.msg).toBe('该手机号已登记为会员');
    const found = await cashier.call(member.members, { query: { keyword: '陈小明' } });
    expect(found.body.data!.records.map((r) => r.memberId)).toEqual([memberId]);
    expect((await other.call(member.memberArchive, { params: { id: memberId } })).body.code).toBe(-1100);
    expect((await other.call(member.members, { query: { keyword: '陈小明' } })).body.data!.total).toBe(0);
  });

  it('keeps a family row and its id when the archive is saved again (a child enrolled on a course names it)', async () => {
    const before = (await admin.call(member.memberArchive, { params: { id: memberId } })).body.data!.family;
    expect(before).toEqual([{ familyId: expect.any(Number), name: '陈大明', relation: 'F', phone: '13912345679' }]);
    const saved = await admin.call(member.editMember, {
      body: {
        memberId,
        memberName: '陈小明',
        phone: '13912345678',
        family: [
          { name: '陈大明', relation: 'F', phone: '13912345670' },
          { name: '陈小小', relation: 'O', phone: '' },
        ],
      },
    });
    expect(saved.body.code).toBe(200);
    const after = (await admin.call(member.memberArchive, { params: { id: memberId } })).body.data!.family;
    expect(after).toEqual([
      { familyId: before[0].familyId, name: '陈大明', relation: 'F', phone: '13912345670' },
      { familyId: expect.any(Number), name: '陈小小', relation: 'O', phone: null },
    ]);
    const dropped = await admin.call(member.editMember, {
      body: { memberId, memberName: '陈小明', phone: '13912345678', family: [{ name: '陈小小', relation: 'O', phone: '' }] },
    });
    expect(dropped.body.code).toBe(200);
    const last = (await admin.call(member.memberArchive, { params: { id: memberId } })).body.data!.family;
    expect(last).toEqual([{ familyId: after[1].familyId, name: '陈小小', relation: 'O', phone: null }]);
  });

  it('sells a 储值卡 paid by WeChat: the card is issued opened with its value, in the ledger', async () => {
    storedType = (await admin.call(member.cardTypes)).body.data!.find((t) => t.cardTypeName === '储值卡')!.cardTypeId;
    const { created, paid } = await sellCard(cashier, memberId, storedType, 'NEW0001');
    expect(created.data).toMatchObject({ kind: 'SALE', pricePay: 500, cardNo: 'NEW0001', payState: 'U' });
    expect(paid).toMatchObject({ code: 200, data: { payState: 'P', payRecords: [{ payMode: 'wechatpay', money: 500 }] } });
    const card = await cardByNo(cashier, 'NEW0001');
    expect(card).toMatchObject({ memberId, balance: 500, isOpened: 'T', state: 'A', discount: 0.9 });
    expect((await cashier.call(member.cardOrderById, { params: { id: created.data!.orderId } })).body.data).toMatchObject({
      cardId: card.cardId,
      payState: 'P',
    });
    const taken = await cashier.call(member.createSaleOrder, { body: { memberId, cardTypeId: storedType, cardNo: 'NEW0001', venueId: VENUE } });
    expect(taken.body.msg).toBe('该会员卡号已存在');
    await expectBooks();
  });

  it('tops up with the bonus of the rules, and adds times to a count card', async () => {
    const card = await cardByNo(cashier, 'NEW0001');
    expect((await cashier.call(member.rechargeBonus, { query: { cardId: card.cardId, amount: '500' } })).body.data).toEqual({ bonus: 50, price: 500 });
    const order = (await cashier.call(member.createRechargeOrder, { body: { cardId: card.cardId, amount: 500, venueId: VENUE } })).body.data!;
    expect(order).toMatchObject({ kind: 'RECHARGE', pricePay: 500, amount: 500, bonus: 50 });
    const paid = await cashier.call(member.payCardOrder, { body: { orderId: order.orderId, payMode: 'cashpay', money: 500 } });
    expect(paid.body.code).toBe(200);
    expect((await cardByNo(cashier, 'NEW0001')).balance).toBe(1050);
    const times = await cardByNo(admin, DEMO.times);
    // 加次 says what it will cost before the order: the times at the type's price per time (issue 30).
    const quoted = (await admin.call(member.rechargeBonus, { query: { cardId: times.cardId, amount: '10' } })).body.data!;
    const add = (await admin.call(member.createRechargeOrder, { body: { cardId: times.cardId, times: 10, venueId: VENUE } })).body.data!;
    expect(quoted.price).toBe(add.pricePay);
    expect(quoted.price).toBeGreaterThan(0);
    expect(add).toMatchObject({ pricePay: 300, amount: 10, bonus: 1 });
    expect((await admin.call(member.payCardOrder, { body: { orderId: add.orderId, payMode: 'cashpay', money: 300 } })).body.code).toBe(200);
    expect((await cardByNo(admin, DEMO.times)).balance).toBe(times.balance + 11);
    await expectBooks();
  });

  it('reports lost, finds, replaces (the balance moves), and returns once', async () => {
    const card = await cardByNo(cashier, 'NEW0001');
    const lost = await cashier.call(member.changeCardState, { body: { cardId: card.cardId, action: 'LOSS' } });
    expect(lost.body.data).toMatchObject({ actionName: '挂失', fromState: 'A', toState: 'L' });
    expect((await cardByNo(cashier, 'NEW0001')).state).toBe('L');
    const again = await cashier.call(member.changeCardState, { body: { cardId: card.cardId, action: 'LOSS' } });
    expect(again.body.msg).toBe('当前卡状态为已挂失，不能挂失');
    const topUp = await cashier.call(member.createRechargeOrder, { body: { cardId: card.cardId, amount: 10, venueId: VENUE } });
    expect(topUp.body.msg).toBe('当前卡状态不可用（已挂失）');
    const replaced = await cashier.call(member.replaceCard, { body: { cardId: card.cardId, newCardNo: 'NEW0002' } });
    expect(replaced.body.data).toMatchObject({ action: 'REPLACE', toState: 'C', newCardNo: 'NEW0002', amount: 1050 });
    expect(await cardByNo(cashier, 'NEW0001')).toMatchObject({ state: 'C', balance: 0 });
    expect(await cardByNo(cashier, 'NEW0002')).toMatchObject({ state: 'A', balance: 1050, memberId, isOpened: 'T' });
    expect((await cashier.call(member.cardStateLogs, { query: { cardId: card.cardId } })).body.data!.map((l) => l.action)).toEqual(['REPLACE', 'LOSS']);
    const trail = await server.db.selectFrom('audit_log').select(['action', 'target']).where('target', '=', '会员卡 NEW0001').orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['card.state', 'card.replace']);
    await expectBooks();
    const second = await cardByNo(cashier, 'NEW0002');
    expect((await cashier.call(member.returnCard, { body: { cardId: second.cardId, route: 'F' } })).body.code).toBe(510);
    const returns = await Promise.all([1, 2, 3].map(() => admin.call(member.returnCard, { body: { cardId: second.cardId, route: 'F' } })));
    const ok = returns.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].body.data).toMatchObject({ action: 'RETURN', amount: 1050, route: 'F' });
    expect(await cardByNo(cashier, 'NEW0002')).toMatchObject({ state: 'R', balance: 0 });
    expect(await server.db.selectFrom('audit_log').select('action').where('target', '=', '会员卡 NEW0002').execute()).toEqual([{ action: 'card.return' }]);
    await expectBooks();
  });

  it('racing top-ups and payments on one card never lose an entry', async () => {
    const { paid } = await sellCard(admin, memberId, storedType, 'RACE0001');
    expect(paid?.code).toBe(200);
    const card = await cardByNo(admin, 'RACE0001');
    const topUps = await Promise.all(
      Array.from({ length: 6 }, () => admin.call(member.createRechargeOrder, { body: { cardId: card.cardId, amount: 100, venueId: VENUE } })),
    );
    const ledger = servicesOf(server).ledger;
    const charges = Array.from({ length: 6 }, (_, i) =>
      server.db
        .transaction()
        .execute((trx) =>
          ledger.chargeCard(trx, { tenantId: 1, cardId: card.cardId, amount: 5000, orderType: 'TEST', orderId: i + 1, userId: 1, venueId: VENUE }),
        ),
    );
    const pays = topUps.map((t) => admin.call(member.payCardOrder, { body: { orderId: t.body.data!.orderId, payMode: 'cashpay', money: 100 } }));
    const results = await Promise.all([...pays, ...charges]);
    expect(results.slice(0, 6).every((r) => (r as { body: { code: number } }).body.code === 200)).toBe(true);
    expect((await cardByNo(admin, 'RACE0001')).balance).toBe(500 + 600 - 300);
    expect(await server.db.selectFrom('card_consume').select('id').where('card_id', '=', card.cardId).execute()).toHaveLength(13);
    await expectBooks();
  });

  it('keeps card numbers unique under concurrent sales of one number', async () => {
    const sales = await Promise.all(Array.from({ length: 5 }, () => sellCard(admin, memberId, storedType, 'SAME0001')));
    const issued = await server.db.selectFrom('card').select('id').where('tenant_id', '=', 1).where('card_no', '=', 'SAME0001').execute();
    expect(issued).toHaveLength(1);
    expect(sales.filter((s) => s.paid?.code === 200)).toHaveLength(1);
    await expectBooks();
  });

  it('another tenant sees none of it', async () => {
    const card = await cardByNo(admin, 'RACE0001');
    expect((await other.call(member.changeCardState, { body: { cardId: card.cardId, action: 'LOSS' } })).body.code).toBe(438);
    expect((await other.call(member.createRechargeOrder, { body: { cardId: card.cardId, amount: 1, venueId: VENUE } })).body.code).not.toBe(200);
    expect((await other.call(member.createSaleOrder, { body: { memberId, cardTypeId: storedType, venueId: VENUE } })).body.code).not.toBe(200);
    expect((await cardByNo(admin, 'RACE0001')).state).toBe('A');
  });
});
