import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { board, fenToYuan, chinaText, chinaToIso } from '@venue/contract';
import { DAY_MS } from '../src/lib/clock.ts';
import { seedHistory } from '../src/seed/history/index.ts';
import { describeEachEngine, type Server } from './harness.ts';
import { expectBooks } from './member-card.helpers.ts';

// Two months: the revenue board's range holds a whole month (read from its month rows).
const DAYS = 62;
const today = () => chinaText(new Date()).slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

/** Independent of the boards' code: paid money of every kind per China day (fen), from the pay records and their orders. */
async function paidByDay(server: Server, venueId: number | undefined, begin: string, end: string) {
  const kinds = [
    ['GOODS_SALE', 'sale_order'],
    ['GOODS_LEASE', 'lease_order'],
    ['TICKET', 'ticket_order'],
    ['CARD_ORDER', 'card_order'],
    ['COURSE', 'course_order'],
  ] as const;
  const byDay = new Map<string, number>();
  for (const [orderType, table] of kinds) {
    let q = server.db
      .selectFrom('pay_record as pr')
      .innerJoin(`${table} as o` as 'sale_order as o', 'o.id', 'pr.order_id')
      .where('pr.tenant_id', '=', 1)
      .where('pr.order_type', '=', orderType)
      .where('pr.state', '=', 'P')
      .where('pr.paid_at', '>=', chinaToIso(begin))
      .where('pr.paid_at', '<=', chinaToIso(end, true))
      .select(['pr.paid_at', 'pr.money_fen']);
    if (venueId) q = q.where('o.venue_id', '=', venueId);
    for (const r of await q.execute()) {
      const day = chinaText(new Date(r.paid_at!)).slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0) + r.money_fen);
    }
  }
  return byDay;
}

/** Independent of the boards' code: the 30 days' best sellers (units kept, their money), from the paid sales' lines. */
async function topGoods(server: Server, venueId: number | undefined) {
  const { rows } = await sql<{ goods_id: number; quantity: string; fen: string }>`select l.goods_id, sum(l.quantity - l.refunded_quantity) as quantity,
      sum(l.price_pay_fen * (l.quantity - l.refunded_quantity)) as fen
    from sale_order o join sale_order_line l on l.order_id = o.id
    where o.tenant_id = 1 and o.pay_state in ('P', 'PR') and o.paid_at >= ${chinaToIso(daysAgo(29))} and o.paid_at <= ${chinaToIso(today(), true)}
      and (cast(${venueId ?? null} as integer) is null or o.venue_id = ${venueId ?? null})
    group by l.goods_id`.execute(server.db);
  return rows
    .map((r) => ({ goodsId: r.goods_id, quantity: Number(r.quantity), amount: fenToYuan(Number(r.fen)) }))
    .sort((a, b) => b.amount - a.amount || a.goodsId - b.goodsId)
    .slice(0, 10);
}

/** Independent of the boards' code: what stored-value cards paid per China month (yuan), from the card ledger. */
async function cardUseByMonth(server: Server, venueId: number | undefined) {
  const { rows } = await sql<{ created_at: string; amount: number }>`select k.created_at, k.amount
    from card_consume k join card c on c.id = k.card_id join card_type t on t.id = c.card_type_id
    where k.tenant_id = 1 and k.kind in ('CONSUME', 'REFUND') and k.order_type is not null and t.pay_type = 'M'
      and (cast(${venueId ?? null} as integer) is null or k.venue_id = ${venueId ?? null})`.execute(server.db);
  const fen = new Map<string, number>();
  for (const r of rows) {
    const month = chinaText(new Date(r.created_at)).slice(0, 7);
    fen.set(month, (fen.get(month) ?? 0) - r.amount);
  }
  return fen;
}

/** Independent of the boards' code: money given back per China day (fen), from the completed refunds' parts. */
async function refundedByDay(server: Server, venueId: number | undefined, begin: string, end: string) {
  const { rows } = await sql<{ finished_at: string; money_fen: number }>`select r.finished_at, p.money_fen
    from order_refund r join order_refund_pay p on p.refund_id = r.id
    where r.tenant_id = 1 and r.state = 'R' and p.state = 'R' and r.finished_at >= ${chinaToIso(begin)} and r.finished_at <= ${chinaToIso(end, true)}
      and (cast(${venueId ?? null} as integer) is null or r.venue_id = ${venueId ?? null})`.execute(server.db);
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const day = chinaText(new Date(r.finished_at)).slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + r.money_fen);
  }
  return byDay;
}

describeEachEngine('a month of demo history on %s', (server) => {
  const { admin } = server;
  let written: Awaited<ReturnType<typeof seedHistory>> = null;
  /** The live demo's rentals (today's, some open; just after China midnight some were paid yesterday) come before the history's. */
  let liveRentalsUpTo = 0;

  it('writes a month of sales, cards, tickets and passes through the services’ rows, once', async () => {
    liveRentalsUpTo = Number(
      (
        await server.db
          .selectFrom('lease_order')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    written = await seedHistory(server.database.db, { days: DAYS, ordersPerDay: 15 });
    expect(written).not.toBeNull();
    expect(written!.rows.sale_order).toBeGreaterThan(DAYS * 15);
    for (const table of ['card', 'card_order', 'ticket_check', 'gate_pass', 'stock_in', 'lease_order', 'order_refund'] as const)
      expect(written!.rows[table]).toBeGreaterThan(0);
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

  it('writes rentals with their returns and a few goods refunds as the checkout does: payments = lines, refunds within payments', async () => {
    const history = chinaToIso(today());
    const rentals = await server.db
      .selectFrom('lease_order')
      .where('tenant_id', '=', 1)
      .where('paid_at', '<', history)
      .where('id', '>', liveRentalsUpTo)
      .select(['id', 'order_state', 'pay_state', 'refund_type', 'price_pay_fen', 'rent_fen', 'deposit_fen', 'refunded_fen'])
      .execute();
    expect(rentals.length).toBeGreaterThan(DAYS);
    // Every rental of the history came back: done, its deposit (less overtime and damage) refunded.
    expect(
      rentals.filter((r) => r.order_state !== 'E' || r.pay_state !== 'FR' || r.refund_type !== 'A' || r.price_pay_fen !== r.rent_fen + r.deposit_fen),
    ).toEqual([]);
    const lines = await sql<{
      order_id: number;
      quantity: number;
      refunded_quantity: number;
      deducted_fen: number;
      deposit_fen: number;
      back: string;
      returned_at: string | null;
    }>`
      select l.order_id, l.quantity, l.refunded_quantity, l.deducted_fen, l.deposit_fen, l.returned_at,
        (select coalesce(sum(rl.amount_fen), 0) from order_refund_line rl join order_refund r on r.id = rl.refund_id
          where r.order_type = 'GOODS_LEASE' and rl.line_id = l.id and r.state = 'R') as back
      from lease_order_line l join lease_order o on o.id = l.order_id where o.tenant_id = 1 and o.paid_at < ${history} and o.id > ${liveRentalsUpTo}`.execute(
      server.db,
    );
    expect(
      lines.rows.filter((l) => l.refunded_quantity !== l.quantity || l.returned_at === null || l.deducted_fen !== l.deposit_fen * l.quantity - Number(l.back)),
    ).toEqual([]);
    // Some were kept past their paid time and paid overtime out of the deposit.
    const kept = lines.rows.filter((l) => l.deducted_fen > 0).length;
    expect(kept).toBeGreaterThan(lines.rows.length / 20);
    expect(kept).toBeLessThan(lines.rows.length / 2);

    const sales = await server.db
      .selectFrom('sale_order')
      .where('tenant_id', '=', 1)
      .where('pay_state', 'in', ['PR', 'FR'])
      .select(['id', 'pay_state'])
      .execute();
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.length).toBeLessThan(written!.rows.sale_order! / 20);
    // Each refunded sale line: its refunded units are its refunds' lines; a sale is FR once every unit is back.
    const saleLines = await sql<{ order_id: number; quantity: number; refunded_quantity: number; back: string }>`
      select l.order_id, l.quantity, l.refunded_quantity,
        (select coalesce(sum(rl.quantity), 0) from order_refund_line rl join order_refund r on r.id = rl.refund_id
          where r.order_type = 'GOODS_SALE' and rl.line_id = l.id and r.state = 'R') as back
      from sale_order_line l where l.tenant_id = 1`.execute(server.db);
    expect(saleLines.rows.filter((l) => l.refunded_quantity !== Number(l.back))).toEqual([]);
    for (const o of sales) {
      const mine = saleLines.rows.filter((l) => l.order_id === o.id);
      expect([o.id, o.pay_state]).toEqual([o.id, mine.every((l) => l.refunded_quantity === l.quantity) ? 'FR' : 'PR']);
    }

    // Every order of both kinds: paid = its lines, refunded = its refunds = their parts, within what was paid; a part within its pay record.
    for (const [orderType, table, lineTable] of [
      ['GOODS_SALE', 'sale_order', 'sale_order_line'],
      ['GOODS_LEASE', 'lease_order', 'lease_order_line'],
    ] as const) {
      const wrong = await sql<{ id: number }>`select o.id from ${sql.table(table)} o
        where o.tenant_id = 1 and o.paid_at < ${history} and (
          o.price_pay_fen <> (select coalesce(sum(money_fen), 0) from pay_record p where p.order_type = ${orderType} and p.order_id = o.id and p.state = 'P')
          or o.price_pay_fen <> (select coalesce(sum(l.price_pay_fen * l.quantity), 0) from ${sql.table(lineTable)} l where l.order_id = o.id)
          or o.refunded_fen <> (select coalesce(sum(r.amount_fen), 0) from order_refund r where r.order_type = ${orderType} and r.order_id = o.id and r.state = 'R')
          or o.refunded_fen <> (select coalesce(sum(p.money_fen), 0) from order_refund_pay p join order_refund r on r.id = p.refund_id
            where r.order_type = ${orderType} and r.order_id = o.id and p.state = 'R')
          or o.refunded_fen > o.price_pay_fen)`.execute(server.db);
      expect([orderType, wrong.rows]).toEqual([orderType, []]);
    }
    const overPaid = await sql<{ id: number }>`select pr.id from pay_record pr
      where pr.tenant_id = 1 and pr.money_fen < (select coalesce(sum(p.money_fen), 0) from order_refund_pay p where p.pay_record_id = pr.id and p.state = 'R')`.execute(
      server.db,
    );
    expect(overPaid.rows).toEqual([]);
    const moved = await server.db
      .selectFrom('stock_movement')
      .where('tenant_id', '=', 1)
      .where('reason', 'in', ['LEASE', 'LEASE_RETURN', 'REFUND'])
      .select(['reason', sql<string>`count(*)`.as('n')])
      .groupBy('reason')
      .execute();
    expect(moved.map((m) => m.reason).sort()).toEqual(['LEASE', 'LEASE_RETURN', 'REFUND']);
  });

  it('shows on the revenue board, by day and by month, what the pay records say', async () => {
    const begin = daysAgo(DAYS);
    const end = daysAgo(1);
    for (const venueId of [1, undefined]) {
      const expected = await paidByDay(server, venueId, begin, end);
      const byDay = (await admin.call(board.revenueQuery, { query: { venueId, beginDate: begin, endDate: end } })).body.data;
      expect(byDay.periods).toHaveLength(DAYS);
      const refunded = await refundedByDay(server, venueId, begin, end);
      expect([...refunded.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      for (const p of byDay.periods)
        expect([p.period, p.income, p.refund]).toEqual([p.period, fenToYuan(expected.get(p.period) ?? 0), fenToYuan(refunded.get(p.period) ?? 0)]);
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(0);
      // Per pay method and per venue over the range, from the pay records less the refunds' parts.
      const modes = await sql<{ pay_mode: string; venue_id: number; fen: string }>`select pr.pay_mode, o.venue_id, sum(pr.money_fen) as fen
        from pay_record pr join (select id, venue_id, 'GOODS_SALE' as t from sale_order union all select id, venue_id, 'TICKET' from ticket_order
          union all select id, venue_id, 'CARD_ORDER' from card_order union all select id, venue_id, 'GOODS_LEASE' from lease_order
          union all select id, venue_id, 'COURSE' from course_order) o
          on o.id = pr.order_id and o.t = pr.order_type
        where pr.tenant_id = 1 and pr.state = 'P' and pr.paid_at >= ${chinaToIso(begin)} and pr.paid_at <= ${chinaToIso(end, true)}
        group by pr.pay_mode, o.venue_id
        union all
        select p.pay_mode, r.venue_id, -sum(p.money_fen) from order_refund r join order_refund_pay p on p.refund_id = r.id
        where r.tenant_id = 1 and r.state = 'R' and p.state = 'R' and r.finished_at >= ${chinaToIso(begin)} and r.finished_at <= ${chinaToIso(end, true)}
        group by p.pay_mode, r.venue_id`.execute(server.db);
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

  it('sums a closed day and its month again after a write lands on it (the triggers drop both)', async () => {
    // A day of last month, which the range of DAYS days holds whole.
    const day = new Date(Date.parse(`${today().slice(0, 7)}-01T00:00:00Z`) - 10 * DAY_MS).toISOString().slice(0, 10);
    const record = await server.db
      .selectFrom('pay_record as pr')
      .innerJoin('sale_order as o', 'o.id', 'pr.order_id')
      .where('pr.order_type', '=', 'GOODS_SALE')
      .where('o.venue_id', '=', 1)
      .where('pr.paid_at', '>=', chinaToIso(day))
      .where('pr.paid_at', '<=', chinaToIso(day, true))
      .select(['pr.id', 'pr.money_fen', 'pr.pay_mode'])
      .executeTakeFirstOrThrow();
    const incomeOf = async () => (await admin.call(board.revenueQuery, { query: { venueId: 1, beginDate: day, endDate: day } })).body.data.periods[0].income;
    const monthOf = async () => {
      const data = (await admin.call(board.revenueQuery, { query: { venueId: 1, beginDate: daysAgo(DAYS), endDate: daysAgo(1), unit: 'month' } })).body.data;
      return { income: data.periods.find((p) => p.period === day.slice(0, 7))!.income, mode: data.byPayMode.find((m) => m.key === record.pay_mode)!.amount };
    };
    const before = await incomeOf();
    const month = await monthOf();
    expect(before).toBe(fenToYuan((await paidByDay(server, 1, day, day)).get(day)!));
    await server.db
      .updateTable('pay_record')
      .set({ money_fen: record.money_fen + 100 })
      .where('id', '=', record.id)
      .execute();
    expect(await incomeOf()).toBe(before + 1);
    expect(await monthOf()).toEqual({ income: fenToYuan(Math.round(month.income * 100) + 100), mode: fenToYuan(Math.round(month.mode * 100) + 100) });
    await server.db.updateTable('pay_record').set({ money_fen: record.money_fen }).where('id', '=', record.id).execute();
    expect(await incomeOf()).toBe(before);
    expect(await monthOf()).toEqual(month);
  });

  it("counts a past day's entries on the flow board as the gate passes and ticket checks say", async () => {
    const day = daysAgo(3);
    const range = [chinaToIso(day), chinaToIso(day, true)] as const;
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

  it("shows on the cockpit the 30 days' best sellers and each month's card use as the rows say", async () => {
    for (const venueId of [1, undefined]) {
      const cockpit = (await admin.call(board.cockpitQuery, { query: { venueId } })).body.data;
      const expected = await topGoods(server, venueId);
      expect(expected.length).toBeGreaterThan(0);
      expect(cockpit.topGoods.map((g) => ({ goodsId: g.goodsId, quantity: g.quantity, amount: g.amount }))).toEqual(expected);
      const used = await cardUseByMonth(server, venueId);
      expect([...used.values()].some((f) => f > 0)).toBe(true);
      for (const m of cockpit.cards.byMonth) expect([m.month, m.consumed]).toEqual([m.month, fenToYuan(used.get(m.month) ?? 0)]);
    }
  });

  it('follows a change of a summed past day on the cockpit (a refunded unit, a card payment)', async () => {
    const day = daysAgo(5);
    const cockpit = async () => (await admin.call(board.cockpitQuery, { query: { venueId: 1 } })).body.data;
    const before = await cockpit();
    const line = await server.db
      .selectFrom('sale_order_line as l')
      .innerJoin('sale_order as o', 'o.id', 'l.order_id')
      .where('o.venue_id', '=', 1)
      // One of the three best: a unit less keeps it in the list (the last of it could drop out).
      .where(
        'l.goods_id',
        'in',
        before.topGoods.slice(0, 3).map((g) => g.goodsId),
      )
      .where('o.paid_at', '>=', chinaToIso(day))
      .where('o.paid_at', '<=', chinaToIso(day, true))
      .where('l.refunded_quantity', '=', 0)
      .select(['l.id', 'l.goods_id', 'l.price_pay_fen'])
      .executeTakeFirstOrThrow();
    const best = before.topGoods.find((g) => g.goodsId === line.goods_id)!;
    const use = await server.db
      .selectFrom('card_consume')
      .where('venue_id', '=', 1)
      .where('kind', '=', 'CONSUME')
      .where('created_at', '>=', chinaToIso(day))
      .where('created_at', '<=', chinaToIso(day, true))
      .select(['id', 'amount'])
      .executeTakeFirstOrThrow();
    const month = day.slice(0, 7);
    const consumedIn = (c: typeof before) => c.cards.byMonth.find((m) => m.month === month)!.consumed;
    await server.db.updateTable('sale_order_line').set({ refunded_quantity: 1 }).where('id', '=', line.id).execute();
    await server.db
      .updateTable('card_consume')
      .set({ amount: use.amount - 100 })
      .where('id', '=', use.id)
      .execute();
    try {
      const after = await cockpit();
      const moved = after.topGoods.find((g) => g.goodsId === best.goodsId);
      expect(moved).toMatchObject({ quantity: best.quantity - 1, amount: fenToYuan(Math.round(best.amount * 100) - line.price_pay_fen) });
      expect(after.topGoods.map((g) => ({ goodsId: g.goodsId, quantity: g.quantity, amount: g.amount }))).toEqual(await topGoods(server, 1));
      expect(consumedIn(after)).toBe(fenToYuan(Math.round(consumedIn(before) * 100) + 100));
    } finally {
      await server.db.updateTable('sale_order_line').set({ refunded_quantity: 0 }).where('id', '=', line.id).execute();
      await server.db.updateTable('card_consume').set({ amount: use.amount }).where('id', '=', use.id).execute();
    }
    expect((await cockpit()).topGoods).toEqual(before.topGoods);
  });
});
