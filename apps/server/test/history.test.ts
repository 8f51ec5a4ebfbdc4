import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { board, fenToYuan } from '@venue/contract';
import { DAY_MS, shanghaiText, shanghaiToIso } from '../src/lib/clock.ts';
import { seedHistory } from '../src/seed/history/index.ts';
import { describeEachEngine, type Server } from './harness.ts';
import { expectBooks } from './member-card.helpers.ts';

const DAYS = 30;
const today = () => shanghaiText(new Date()).slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

/** Independent of the boards' code: paid money of every kind per China day (fen), from the pay records and their orders. */
async function paidByDay(server: Server, venueId: number | undefined, begin: string, end: string) {
  const kinds = [
    ['GOODS_SALE', 'sale_order'],
    ['TICKET', 'ticket_order'],
    ['CARD_ORDER', 'card_order'],
  ] as const;
  const byDay = new Map<string, number>();
  for (const [orderType, table] of kinds) {
    let q = server.db
      .selectFrom('pay_record as pr')
      .innerJoin(`${table} as o` as 'sale_order as o', 'o.id', 'pr.order_id')
      .where('pr.tenant_id', '=', 1)
      .where('pr.order_type', '=', orderType)
      .where('pr.state', '=', 'P')
      .where('pr.paid_at', '>=', shanghaiToIso(begin))
      .where('pr.paid_at', '<=', shanghaiToIso(end, true))
      .select(['pr.paid_at', 'pr.money_fen']);
    if (venueId) q = q.where('o.venue_id', '=', venueId);
    for (const r of await q.execute()) {
      const day = shanghaiText(new Date(r.paid_at!)).slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0) + r.money_fen);
    }
  }
  return byDay;
}

describeEachEngine('a month of demo history on %s', (server) => {
  const { admin } = server;
  let written: Awaited<ReturnType<typeof seedHistory>> = null;

  it('writes a month of sales, cards, tickets and passes through the services’ rows, once', async () => {
    written = await seedHistory(server.database.db, { days: DAYS, ordersPerDay: 15 });
    expect(written).not.toBeNull();
    expect(written!.rows.sale_order).toBeGreaterThan(DAYS * 15);
    for (const table of ['card', 'card_order', 'ticket_check', 'gate_pass', 'stock_in'] as const) expect(written!.rows[table]).toBeGreaterThan(0);
    // A second start writes nothing more.
    expect(await seedHistory(server.database.db, { days: DAYS })).toBeNull();
    const pays = await server.db
      .selectFrom('pay_record')
      .where('tenant_id', '=', 1)
      .where('order_type', '=', 'GOODS_SALE')
      .select('pay_mode')
      .distinct()
      .execute();
    expect(pays.map((p) => p.pay_mode)).toEqual(expect.arrayContaining(['cashpay', 'wechatpay', 'cardpay']));
  });

  it('keeps the books: card ledgers sum to balances and the liability, stock never below zero and equal to its movements', async () => {
    await expectBooks(server);
    const stock = await server.db
      .selectFrom('goods_stock as s')
      .where('s.tenant_id', '=', 1)
      .select([
        's.goods_id',
        's.warehouse_id',
        's.quantity',
        sql<string>`(select coalesce(sum(m.change), 0) from stock_movement m where m.goods_id = s.goods_id and m.warehouse_id = s.warehouse_id)`.as('moved'),
        sql<string>`(select m.balance from stock_movement m where m.goods_id = s.goods_id and m.warehouse_id = s.warehouse_id order by m.id desc limit 1)`.as(
          'last',
        ),
      ])
      .execute();
    expect(stock.filter((s) => s.quantity < 0 || Number(s.moved) !== s.quantity || (s.last !== null && Number(s.last) !== s.quantity))).toEqual([]);
    const negative = await server.db.selectFrom('stock_movement').where('balance', '<', 0).select('id').execute();
    expect(negative).toEqual([]);
    // Every paid order: its pay records and its lines add up to what it cost.
    const unbalanced = await sql<{ id: number }>`select o.id from sale_order o
      where o.tenant_id = 1 and o.pay_state = 'P' and (
        o.price_pay_fen <> (select coalesce(sum(money_fen), 0) from pay_record p where p.order_type = 'GOODS_SALE' and p.order_id = o.id and p.state = 'P')
        or o.price_pay_fen <> (select coalesce(sum(l.price_pay_fen * l.quantity), 0) from sale_order_line l where l.order_id = o.id))`.execute(server.db);
    expect(unbalanced.rows).toEqual([]);
  });

  it('shows on the revenue board, by day and by month, what the pay records say', async () => {
    const begin = daysAgo(DAYS);
    const end = daysAgo(1);
    for (const venueId of [1, undefined]) {
      const expected = await paidByDay(server, venueId, begin, end);
      const byDay = (await admin.call(board.revenueQuery, { query: { venueId, beginDate: begin, endDate: end } })).body.data;
      expect(byDay.periods).toHaveLength(DAYS);
      for (const p of byDay.periods) expect([p.period, p.income]).toEqual([p.period, fenToYuan(expected.get(p.period) ?? 0)]);
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(0);
      // Per pay method and per venue over the range, from the pay records.
      const modes = await sql<{ pay_mode: string; venue_id: number; fen: string }>`select pr.pay_mode, o.venue_id, sum(pr.money_fen) as fen
        from pay_record pr join (select id, venue_id, 'GOODS_SALE' as t from sale_order union all select id, venue_id, 'TICKET' from ticket_order
          union all select id, venue_id, 'CARD_ORDER' from card_order) o on o.id = pr.order_id and o.t = pr.order_type
        where pr.tenant_id = 1 and pr.state = 'P' and pr.paid_at >= ${shanghaiToIso(begin)} and pr.paid_at <= ${shanghaiToIso(end, true)}
        group by pr.pay_mode, o.venue_id`.execute(server.db);
      const mine = modes.rows.filter((r) => !venueId || r.venue_id === venueId);
      const sumBy = (key: (r: (typeof mine)[number]) => string) => {
        const fen = new Map<string, number>();
        for (const r of mine) fen.set(key(r), (fen.get(key(r)) ?? 0) + Number(r.fen));
        return Object.fromEntries([...fen].map(([k, f]) => [k, fenToYuan(f)]));
      };
      expect(Object.fromEntries(byDay.byPayMode.map((m) => [m.key, m.amount]))).toEqual(sumBy((r) => r.pay_mode));
      expect(Object.fromEntries(byDay.byVenue.map((v) => [v.key, v.amount]))).toEqual(sumBy((r) => String(r.venue_id)));
      expect(byDay.total.orders).toBeGreaterThan(0);
      const byMonth = (await admin.call(board.revenueQuery, { query: { venueId, beginDate: begin, endDate: end, unit: 'month' } })).body.data;
      expect(byMonth.byPayMode).toEqual(byDay.byPayMode);
      expect(byMonth.total).toEqual(byDay.total);
      expect(byMonth.total.income).toBe(fenToYuan(total));
      for (const p of byMonth.periods) {
        const fen = [...expected].filter(([day]) => day.startsWith(p.period)).reduce((s, [, f]) => s + f, 0);
        expect([p.period, p.income]).toEqual([p.period, fenToYuan(fen)]);
      }
    }
  });

  it('sums a closed day again after a write lands on it (the summed days are dropped by the triggers)', async () => {
    const day = daysAgo(5);
    const record = await server.db
      .selectFrom('pay_record as pr')
      .innerJoin('sale_order as o', 'o.id', 'pr.order_id')
      .where('pr.order_type', '=', 'GOODS_SALE')
      .where('o.venue_id', '=', 1)
      .where('pr.paid_at', '>=', shanghaiToIso(day))
      .where('pr.paid_at', '<=', shanghaiToIso(day, true))
      .select(['pr.id', 'pr.money_fen'])
      .executeTakeFirstOrThrow();
    const incomeOf = async () => (await admin.call(board.revenueQuery, { query: { venueId: 1, beginDate: day, endDate: day } })).body.data.periods[0].income;
    const before = await incomeOf();
    expect(before).toBe(fenToYuan((await paidByDay(server, 1, day, day)).get(day)!));
    await server.db
      .updateTable('pay_record')
      .set({ money_fen: record.money_fen + 100 })
      .where('id', '=', record.id)
      .execute();
    expect(await incomeOf()).toBe(before + 1);
    await server.db.updateTable('pay_record').set({ money_fen: record.money_fen }).where('id', '=', record.id).execute();
    expect(await incomeOf()).toBe(before);
  });

  it("counts a past day's entries on the flow board as the gate passes and ticket checks say", async () => {
    const day = daysAgo(3);
    const range = [shanghaiToIso(day), shanghaiToIso(day, true)] as const;
    const passes = await server.db
      .selectFrom('gate_pass')
      .where('venue_id', '=', 1)
      .where('granted', '=', 'T')
      .where('pass_time', '>=', range[0])
      .where('pass_time', '<=', range[1])
      .select(['direction', sql<string>`count(*)`.as('n')])
      .groupBy('direction')
      .execute();
    const checks = await server.db
      .selectFrom('ticket_check')
      .where('venue_id', '=', 1)
      .where('checked_at', '>=', range[0])
      .where('checked_at', '<=', range[1])
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const inCount = Number(passes.find((p) => p.direction === 'I')?.n ?? 0) + Number(checks.n);
    expect(inCount).toBeGreaterThan(0);
    const flow = (await admin.call(board.flowQuery, { query: { venueId: 1, date: day } })).body.data;
    expect(flow.inCount).toBe(inCount);
    expect(flow.days.find((d) => d.date === day)?.in).toBe(inCount);
  });
});
