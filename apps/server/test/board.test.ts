import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { addChinaDays, board, fenToYuan, lecture, member, venue, chinaText, chinaToIso } from '@venue/contract';
import { describeEachEngine, type Server } from './harness.ts';
import { setStock } from './goods.helpers.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';

const today = () => chinaText(new Date()).slice(0, 10);
const todayRange = () => ({ begin: chinaToIso(today()), end: chinaToIso(today(), true) });
/** The revenue board's default range: the 30 China days up to today (the live demo's oldest rows fall before today just after midnight). */
const last30Days = () => ({ begin: chinaToIso(addChinaDays(today(), -29)), end: chinaToIso(today(), true) });
type Range = ReturnType<typeof todayRange>;

/** Every payable order kind that has landed: its pay_record.order_type and its order table. */
const KINDS = [
  ['GOODS_SALE', 'sale_order'],
  ['GOODS_LEASE', 'lease_order'],
  ['TICKET', 'ticket_order'],
  ['TICKET_TIMEOUT', 'ticket_timeout_order'],
  ['CARD_ORDER', 'card_order'],
  ['LECTURE', 'lecture_order'],
  ['CARD_FEE_ORDER', 'card_fee_order'],
  ['COURSE', 'course_order'],
] as const;

/** Independent of the boards' code: the paid parts and refunds of every kind's orders of a venue today, in fen. */
async function salesToday(server: Server, venueId: number, range: Range = todayRange()) {
  const total = { income: 0, orders: 0, refund: 0 };
  for (const [orderType, table] of KINDS) {
    const one = await kindToday(server, venueId, orderType, table, range);
    total.income += one.income;
    total.orders += one.orders;
    total.refund += one.refund;
  }
  return total;
}

async function kindToday(server: Server, venueId: number, orderType: string, table: string, { begin, end }: Range = todayRange()) {
  const paid = await server.db
    .selectFrom('pay_record as pr')
    .innerJoin(`${table} as o` as 'sale_order as o', 'o.id', 'pr.order_id')
    .where('pr.order_type', '=', orderType)
    .where('pr.state', '=', 'P')
    .where('o.venue_id', '=', venueId)
    .where('pr.paid_at', '>=', begin)
    .where('pr.paid_at', '<=', end)
    .select([sql<string>`coalesce(sum(pr.money_fen), 0)`.as('fen'), sql<string>`count(distinct pr.order_id)`.as('orders')])
    .executeTakeFirstOrThrow();
  const refunded = await server.db
    .selectFrom('order_refund_pay as p')
    .innerJoin('order_refund as r', 'r.id', 'p.refund_id')
    .where('r.order_type', '=', orderType)
    .where('r.venue_id', '=', venueId)
    .where('r.state', '=', 'R')
    .where('p.state', '=', 'R')
    .where('r.finished_at', '>=', begin)
    .where('r.finished_at', '<=', end)
    .select(sql<string>`coalesce(sum(p.money_fen), 0)`.as('fen'))
    .executeTakeFirstOrThrow();
  return { income: Number(paid.fen), orders: Number(paid.orders), refund: Number(refunded.fen) };
}

describeEachEngine('boards (看板) on %s', (server) => {
  const { admin, cashier, api } = server;

  async function sellAndRefund() {
    const goods = await goodsWithPrice(server.db, 1250, 30);
    await setStock(server, goods.id, 100);
    const first = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
    expect((await orders.cash(cashier, first, 25)).body.code).toBe(200);
    const second = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await orders.cash(cashier, second, 12.5)).body.code).toBe(200);
    expect((await admin.call('POST', 'goods/goodsSaleOrder/refundOrder', { body: { orderId: second, route: 'T', reason: '退货' } })).body.code).toBe(200);
    return goods;
  }

  it("adds up a venue's revenue today by day, week and month as the rows say, by channel and pay method", async () => {
    const goods = await sellAndRefund();
    const expected = await salesToday(server, VENUE, last30Days());
    const todays = await salesToday(server, VENUE);
    const day = (await admin.call(board.revenueQuery, { query: { venueId: VENUE } })).body.data;
    expect(day.landed).toContain('goods');
    expect(day.total).toEqual({
      income: fenToYuan(expected.income),
      refund: fenToYuan(expected.refund),
      net: fenToYuan(expected.income - expected.refund),
      orders: expected.orders,
    });
    expect(day.periods).toHaveLength(30);
    expect(day.periods.at(-1)).toMatchObject({ period: today(), income: fenToYuan(todays.income), orders: todays.orders });
    const goodsOnly = await kindToday(server, VENUE, 'GOODS_SALE', 'sale_order', last30Days());
    expect(day.byChannel.find((c) => c.key === 'goods')).toEqual({ key: 'goods', label: '商品销售', amount: fenToYuan(goodsOnly.income - goodsOnly.refund) });
    expect(day.landed).toEqual(expect.arrayContaining(['goods', 'lease', 'ticket', 'lecture', 'cardSale', 'cardFee']));
    expect(day.byPayMode.find((m) => m.key === 'cashpay')).toBeDefined();
    expect(day.byPayMode.reduce((s, m) => s + Math.round(m.amount * 100), 0)).toBe(expected.income - expected.refund);
    for (const unit of ['week', 'month'] as const) {
      const other = (await admin.call(board.revenueQuery, { query: { venueId: VENUE, unit } })).body.data;
      expect(other.total).toEqual(day.total);
      expect(other.periods.length).toBeLessThan(day.periods.length);
    }
    // The best sellers of the last 30 days count the units kept (sold less refunded).
    const cockpit = (await admin.call(board.cockpitQuery, { query: { venueId: VENUE } })).body.data;
    expect(cockpit.topGoods.find((g) => g.goodsId === goods.id)).toMatchObject({ quantity: 2, amount: 25 });
  });

  it("counts members, cards in use and the stored value owed as the tenant's rows say", async () => {
    const cockpit = (await admin.call(board.cockpitQuery, {})).body.data;
    const members = await server.db
      .selectFrom('member')
      .where('tenant_id', '=', 1)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const cards = await server.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .where('c.tenant_id', '=', 1)
      .where('c.state', 'in', ['A', 'B'])
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    // 储值卡余额: every stored-value card that still owes its balance, lost, expired and stopped ones too.
    const owed = await server.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .where('c.tenant_id', '=', 1)
      .where('t.pay_type', '=', 'M')
      .select(sql<string>`coalesce(sum(c.balance), 0)`.as('fen'))
      .executeTakeFirstOrThrow();
    expect(cockpit.members.total).toBe(Number(members.n));
    expect(cockpit.cards).toMatchObject({ active: Number(cards.n), liability: fenToYuan(Number(owed.fen)) });
    // The report's 未消费储值 is the same sum, by the same definition.
    expect((await admin.call(member.liability)).body.data.total).toBe(cockpit.cards.liability);
    // A lost card still owes its balance: the board and the report both keep it.
    const lost = await server.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .where('c.tenant_id', '=', 1)
      .where('t.pay_type', '=', 'M')
      .where('c.state', '=', 'A')
      .where('c.balance', '>', 0)
      .select(['c.id', 'c.balance'])
      .executeTakeFirstOrThrow();
    await server.db.updateTable('card').set({ state: 'L' }).where('id', '=', lost.id).execute();
    const after = (await admin.call(board.cockpitQuery, {})).body.data.cards;
    expect(after.liability).toBe(cockpit.cards.liability);
    expect((await admin.call(member.liability)).body.data.total).toBe(after.liability);
    await server.db.updateTable('card').set({ state: 'A' }).where('id', '=', lost.id).execute();
    expect(cockpit.members.byMonth).toHaveLength(12);
    expect(cockpit.landed).toEqual(expect.arrayContaining(['goods', 'card']));
  });

  it("draws a venue's visitor flow from the granted swipes: per hour, gate and area, in the venue now", async () => {
    const gate = await server.db
      .selectFrom('gate')
      .select(['id', 'venue_id', 'controller_id', 'area_id'])
      .where('tenant_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const at = (hour: number) => chinaToIso(`${today()} ${String(hour).padStart(2, '0')}:10:00`);
    const passes = [
      { direction: 'I', granted: 'T', hour: 0 },
      { direction: 'I', granted: 'T', hour: 0 },
      { direction: 'I', granted: 'F', hour: 0 },
      { direction: 'O', granted: 'T', hour: 0 },
    ] as const;
    let index = 900_000;
    for (const p of passes) {
      await server.db
        .insertInto('gate_pass')
        .values({
          tenant_id: 1,
          venue_id: gate.venue_id,
          gate_id: gate.id,
          controller_id: gate.controller_id,
          event_index: index++,
          door: 1,
          direction: p.direction,
          kind: 'S',
          card_number: null,
          card_id: null,
          granted: p.granted,
          reason: 1,
          pass_time: at(p.hour),
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const { begin, end } = todayRange();
    const counted = await server.db
      .selectFrom('gate_pass')
      .where('venue_id', '=', gate.venue_id)
      .where('kind', '=', 'S')
      .where('granted', '=', 'T')
      .where('pass_time', '>=', begin)
      .where('pass_time', '<=', end)
      .select(['direction', sql<string>`count(*)`.as('n')])
      .groupBy('direction')
      .execute();
    const n = (d: string) => Number(counted.find((c) => c.direction === d)?.n ?? 0);
    const flow = (await admin.call(board.flowQuery, { query: { venueId: gate.venue_id } })).body.data;
    expect(flow).toMatchObject({ inCount: n('I'), outCount: n('O'), inVenue: Math.max(0, n('I') - n('O')), landed: ['gate', 'ticket'] });
    expect(flow.hours[0]).toMatchObject({ hour: 0, in: expect.any(Number) });
    expect(flow.hours.reduce((s, h) => s + h.in, 0)).toBe(n('I'));
    expect(flow.byGate.find((g) => g.key === String(gate.id))!.in).toBeGreaterThanOrEqual(2);
    expect(flow.byArea.reduce((s, a) => s + a.in, 0)).toBe(n('I'));
    expect(flow.days).toHaveLength(30);
    expect(flow.days.at(-1)).toEqual({ date: today(), in: n('I') });
  });

  it("counts today's verified lecture participants on the verifications board as the rows say", async () => {
    const order = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: 'LDEMO1X0001' } })).body.data;
    const countOf = async (venueId?: number) =>
      (await admin.call(board.verificationsQuery, { query: { venueId } })).body.data.bySource.find((s) => s.key === 'lecture')?.count;
    const { begin, end } = todayRange();
    const counted = async (venueId: number | null) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from lecture_participant p join lecture_order o on o.id = p.order_id
            where p.tenant_id = 1 and p.state = 'U' and p.checked_at >= ${begin} and p.checked_at <= ${end}
              and (cast(${venueId} as integer) is null or o.venue_id = ${venueId})`.execute(server.db)
        ).rows[0].n,
      );
    expect(await countOf()).toBe(await counted(null));
    const done = await cashier.call(lecture.check, { body: { orderId: order.orderId, userIds: order.details.slice(0, 2).map((d) => d.userId) } });
    expect(done.body).toMatchObject({ code: 200, data: { checked: 2 } });
    const verifications = (await admin.call(board.verificationsQuery, {})).body.data;
    expect(verifications.landed).toContain('lecture');
    expect(verifications.bySource.find((s) => s.key === 'lecture')).toEqual({ key: 'lecture', label: '讲座活动', count: await counted(null) });
    expect(await counted(null)).toBeGreaterThanOrEqual(2);
    expect(verifications.total).toBe(verifications.bySource.reduce((n, s) => n + s.count, 0));
    const venueId = (await server.db.selectFrom('lecture_order').select('venue_id').where('id', '=', order.orderId).executeTakeFirstOrThrow()).venue_id;
    expect(await countOf(venueId)).toBe(await counted(venueId));
    const other = (await server.db.selectFrom('venue').select('id').where('tenant_id', '=', 1).where('id', '<>', venueId).executeTakeFirstOrThrow()).id;
    expect(await countOf(other)).toBe(await counted(other));
  });

  it('opens the public boards of a venue on an anonymous token, for that venue only; refuses bad dates plainly', async () => {
    const token = (await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: VENUE } })).body.data.token as string;
    expect((await api.call(board.flowQuery, { query: { venueId: VENUE }, token })).body.code).toBe(200);
    expect((await api.call(board.revenueQuery, { token })).body.data.byVenue.every((v) => v.key === String(VENUE))).toBe(true);
    expect((await api.call(board.flowQuery, { query: { venueId: 2 }, token })).status).toBe(403);
    expect((await api.call('GET', 'goods/goodsSaleOrder/query', { token })).status).toBe(403);
    // A venue whose boards are closed ends its tokens at once.
    await server.db.updateTable('venue').set({ board_public: 'F' }).where('id', '=', VENUE).execute();
    try {
      expect((await api.call(board.flowQuery, { query: { venueId: VENUE }, token })).status).toBe(401);
    } finally {
      await server.db.updateTable('venue').set({ board_public: 'T' }).where('id', '=', VENUE).execute();
    }
    expect((await admin.call(board.revenueQuery, { query: { beginDate: '2026-02-30' } })).body).toMatchObject({ code: -9000, msg: '日期无效：2026-02-30' });
    expect((await admin.call(board.revenueQuery, { query: { beginDate: '2026-05-02', endDate: '2026-05-01' } })).body.msg).toBe('开始日期不能晚于结束日期');
    expect((await admin.call(board.revenueQuery, { query: { beginDate: '2020-01-01', endDate: '2026-01-01' } })).body.msg).toBe('统计范围不能超过400天');
    expect((await admin.call(board.flowQuery, { query: { venueId: 99999 } })).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
  });

  it('tells a connected board of a sale within a second (server-sent events)', async () => {
    const res = await fetch(`${api.url}/api/board/events?venueId=${VENUE}&seconds=8`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        text += decoder.decode(value);
      }
    };
    await until('event: ready');
    const goods = await goodsWithPrice(server.db, 300, 33);
    await setStock(server, goods.id, 10);
    const started = Date.now();
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await orders.cash(cashier, orderId, 3)).body.code).toBe(200);
    await until('event: change');
    expect(Date.now() - started).toBeLessThan(5000);
    await reader.cancel();
  });

  it('shows the flow board’s 容量 from 项目设置: the enabled items’ capacities, 未设置 (null) when none has one', async () => {
    const flowCapacity = async (venueId: number) => (await admin.call(board.flowQuery, { query: { venueId } })).body.data.capacity;
    const items = (await admin.call(venue.itemSettingsByVenue, { query: { venueId: VENUE } })).body.data;
    const set = (capacity: number, i: (typeof items)[number]) =>
      admin.call(venue.editVenueItem, {
        body: { venueId: VENUE, itemId: i.itemId, itemName: i.itemName, saleMode: i.saleMode, capacity, passMode: i.passMode, state: i.state, sort: i.sort },
      });
    for (const i of items) expect((await set(0, i)).body.code).toBe(200);
    expect(await flowCapacity(VENUE)).toBeNull();
    expect((await set(120, items[0])).body.code).toBe(200);
    expect(await flowCapacity(VENUE)).toBe(120);
    if (items[1]) {
      expect((await set(30, items[1])).body.code).toBe(200);
      expect(await flowCapacity(VENUE)).toBe(150);
    }
    for (const i of items) await set(i.capacity, i);
  });
});
