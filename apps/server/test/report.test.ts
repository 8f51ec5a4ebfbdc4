import { expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { board, fenToYuan, lease, member, report, ticket, chinaText, chinaToIso } from '@venue/contract';
import { describeEachEngine, type Server } from './harness.ts';
import { setStock } from './goods.helpers.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';
import { check, sellPaid, TICKET_VENUE } from './ticket.helpers.ts';

const PAYS = '134567890123456789';
const today = () => chinaText(new Date()).slice(0, 10);
const daysAgo = (n: number) => chinaText(new Date(Date.now() - n * 24 * 3600_000)).slice(0, 10);
/** The last 60 China days, and the instants that bound them: what the independent SQL reads. */
const RANGE = () => ({ beginDate: daysAgo(59), endDate: today() });
const bounds = () => [chinaToIso(daysAgo(59)), chinaToIso(today(), true)] as const;
const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
const fen = (yuan: number) => Math.round(yuan * 100);
const strings = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One row of hand-written SQL, numbers as numbers (both engines). */
async function one(server: Server, query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const { rows } = await query.execute(server.db);
  return Object.fromEntries(Object.entries(rows[0] as Record<string, unknown>).map(([k, v]) => [k, Number(v ?? 0)]));
}

describeEachEngine('reports (报表中心) on %s', (server) => {
  const { admin, cashier, other } = server;

  it('sells, rents, tickets, cards and refunds for the figures below', async () => {
    const goods = await goodsWithPrice(server.db, 1250, 30);
    await setStock(server, goods.id, 100);
    const first = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
    expect((await orders.cash(cashier, first, 25)).body.code).toBe(200);
    const second = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await orders.cash(cashier, second, 12.5)).body.code).toBe(200);
    expect((await admin.call('POST', 'goods/goodsSaleOrder/refundOrder', { body: { orderId: second, route: 'T', reason: '退货' } })).body.code).toBe(200);

    const types = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data;
    const { tickets } = await sellPaid(cashier, types[0].typeId, 2);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);

    const racket = (await admin.call(lease.goodsAll, { query: { venueId: VENUE } })).body.data.find((g) => g.goodsName === '租赁羽毛球拍')!;
    await setStock(server, racket.goodsId, 10);
    const rent = await cashier.call(lease.createOrder, {
      body: { details: [{ goodsId: racket.leaseGoodsId, quantity: 1 }], itemId: racket.itemId, venueId: VENUE },
    });
    expect(rent.body.code).toBe(200);
    const paid = await cashier.call(lease.payOrder, { body: { orderId: rent.body.data.orderId, payMode: 'cashpay', money: rent.body.data.pricePay } });
    expect(paid.body.code).toBe(200);

    const memberId = (await admin.call(member.addMember, { body: { memberName: '报表会员', phone: '13912340001' } })).body.data!.memberId;
    const cardType = (await admin.call(member.cardTypes)).body.data.find((t) => t.payType === 'M')!;
    const created = await cashier.call(member.createSaleOrder, { body: { memberId, cardTypeId: cardType.cardTypeId, venueId: VENUE } });
    expect(created.body.code).toBe(200);
    const cardPaid = await cashier.call(member.payCardOrder, {
      body: { orderId: created.body.data.orderId, payMode: 'wechatpay', authCode: PAYS, money: created.body.data.pricePay },
    });
    expect(cardPaid.body.code).toBe(200);
  });

  it('goods sale statistics: overview, by day, venue, goods and order count equal hand-written SQL over the orders', async () => {
    const [begin, end] = bounds();
    const q = { query: { ...RANGE(), venueId: VENUE } };
    const expected = await one(
      server,
      sql`select count(*) as orders, sum(o.price_pay_fen) as fen, sum(o.refunded_fen) as refund,
            sum((select sum(l.quantity) from sale_order_line l where l.order_id = o.id)) as quantity
          from sale_order o
          where o.tenant_id = 1 and o.venue_id = ${VENUE} and o.pay_state in ('P', 'PR', 'FR') and o.paid_at >= ${begin} and o.paid_at <= ${end}`,
    );
    expect(expected.orders).toBeGreaterThanOrEqual(2);
    const overview = (await admin.call(report.goodsSaleOverview, q)).body.data;
    expect(overview).toEqual({
      orders: expected.orders,
      quantity: expected.quantity,
      amount: fenToYuan(expected.fen),
      refund: fenToYuan(expected.refund),
      net: fenToYuan(expected.fen - expected.refund),
    });
    const days = (await admin.call(report.queryGoodsSaleStatistic, q)).body.data;
    expect(sum(days, (d) => d.orders)).toBe(expected.orders);
    expect(sum(days, (d) => fen(d.amount))).toBe(expected.fen);
    expect(sum(days, (d) => d.quantity)).toBe(expected.quantity);
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    const todayOnly = await one(
      server,
      sql`select count(*) as orders from sale_order where tenant_id = 1 and venue_id = ${VENUE} and pay_state in ('P', 'PR', 'FR')
          and paid_at >= ${chinaToIso(today())} and paid_at <= ${end}`,
    );
    expect(days.find((d) => d.day === today())!.orders).toBe(todayOnly.orders);

    const venues = (await admin.call(report.queryGoodsSaleByVenue, { query: RANGE() })).body.data;
    const perVenue = await server.db
      .selectFrom('sale_order')
      .where('tenant_id', '=', 1)
      .where('pay_state', 'in', ['P', 'PR', 'FR'])
      .where('paid_at', '>=', begin)
      .where('paid_at', '<=', end)
      .select(['venue_id', sql<string>`count(*)`.as('n'), sql<string>`sum(price_pay_fen)`.as('fen')])
      .groupBy('venue_id')
      .execute();
    expect(venues.map((v) => [v.venueId, v.orders, fen(v.amount)]).sort()).toEqual(perVenue.map((v) => [v.venue_id, Number(v.n), Number(v.fen)]).sort());

    const byGoods = (await admin.call(report.queryGoodsSaleByGoods, q)).body.data;
    const lines = await one(
      server,
      sql`select count(distinct l.goods_id) as goods, sum(l.quantity) as quantity, sum(l.refunded_quantity) as refunded, sum(l.quantity * l.price_pay_fen) as fen
          from sale_order_line l join sale_order o on o.id = l.order_id
          where o.tenant_id = 1 and o.venue_id = ${VENUE} and o.pay_state in ('P', 'PR', 'FR') and o.paid_at >= ${begin} and o.paid_at <= ${end}`,
    );
    expect(byGoods).toHaveLength(lines.goods);
    expect(sum(byGoods, (g) => g.quantity)).toBe(lines.quantity);
    expect(sum(byGoods, (g) => g.refundQuantity)).toBe(lines.refunded);
    expect(sum(byGoods, (g) => fen(g.amount))).toBe(lines.fen);
    const counts = (await admin.call(report.queryGoodsSaleByGoodsOrderCount, q)).body.data;
    const top = counts[0];
    const topCount = await one(
      server,
      sql`select count(distinct o.id) as n from sale_order o join sale_order_line l on l.order_id = o.id
          where o.tenant_id = 1 and o.venue_id = ${VENUE} and l.goods_id = ${top.goodsId} and o.pay_state in ('P', 'PR', 'FR') and o.paid_at >= ${begin} and o.paid_at <= ${end}`,
    );
    expect(top.orderCount).toBe(topCount.n);
    expect(counts.every((c, i) => i === 0 || counts[i - 1].orderCount >= c.orderCount)).toBe(true);
  });

  it('tickets by day and card sales and top-ups by day equal the rows; the export has the same figures', async () => {
    const [begin, end] = bounds();
    const rows = (await admin.call(ticket.queryTicketSaleByDay, { query: RANGE() })).body.data;
    const sold = await one(
      server,
      sql`select count(*) as n, sum(d.price_pay_fen) as fen from ticket_detail d join ticket_order o on o.id = d.order_id
          where o.tenant_id = 1 and o.paid_at >= ${begin} and o.paid_at <= ${end} and o.pay_state in ('P', 'PR', 'FR')`,
    );
    expect(sum(rows, (r) => r.quantity)).toBe(sold.n);
    expect(sum(rows, (r) => fen(r.amount))).toBe(sold.fen);
    const file = await admin.download(report.exportTicketSaleByDay.path, { query: strings(RANGE()) });
    expect([file.status, file.type]).toEqual([200, XLSX]);
    expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const cards = (await admin.call(report.queryCardSaleByDay, { query: RANGE() })).body.data;
    const cardPaid = await one(
      server,
      sql`select count(distinct pr.order_id) as orders, sum(pr.money_fen) as fen from pay_record pr join card_order o on o.id = pr.order_id
          where pr.tenant_id = 1 and pr.order_type = 'CARD_ORDER' and pr.state = 'P' and pr.paid_at >= ${begin} and pr.paid_at <= ${end}`,
    );
    expect(cardPaid.orders).toBeGreaterThanOrEqual(1);
    expect(sum(cards, (r) => fen(r.amount))).toBe(cardPaid.fen);
    expect(cards.find((r) => r.day === today() && r.kind === 'SALE' && r.payMode === 'wechatpay')).toBeDefined();
    const xlsx = await admin.download(report.exportCardSaleByDay.path, { query: strings(RANGE()) });
    expect(xlsx.status).toBe(200);
    // The export holds the screen's 未消费储值 table too, summing to the same total.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['办卡充值', '未消费储值']);
    const owedSheet = book.getWorksheet('未消费储值')!;
    expect((owedSheet.getRow(1).values as unknown[]).slice(1)).toEqual(['场馆', '卡类型', '卡数', '未消费储值（元）']);
    const owed = (await admin.call(member.liability)).body.data;
    let sheetFen = 0;
    owedSheet.eachRow((row, n) => {
      if (n > 1) sheetFen += Math.round(Number(row.getCell(4).value) * 100);
    });
    expect(owedSheet.rowCount - 1).toBe(owed.rows.length);
    expect(sheetFen).toBe(Math.round(owed.total * 100));
  });

  it('rentals and verifications (vouchers and tickets by source and day) equal the rows', async () => {
    const [begin, end] = bounds();
    const leases = (await admin.call(report.queryLeaseByDay, { query: RANGE() })).body.data;
    const rented = await one(
      server,
      sql`select count(*) as n, sum(price_pay_fen) as fen, sum(deposit_fen) as deposit from lease_order
          where tenant_id = 1 and pay_state in ('P', 'PR', 'FR') and paid_at >= ${begin} and paid_at <= ${end}`,
    );
    expect(rented.n).toBeGreaterThanOrEqual(1);
    expect(sum(leases, (r) => r.orders)).toBe(rented.n);
    expect(sum(leases, (r) => fen(r.amount))).toBe(rented.fen);
    expect(sum(leases, (r) => fen(r.deposit))).toBe(rented.deposit);

    const verified = (await admin.call(report.queryVerifyByDay, { query: RANGE() })).body.data;
    const checks = await one(server, sql`select count(*) as n from ticket_check where tenant_id = 1 and checked_at >= ${begin} and checked_at <= ${end}`);
    const vouchers = await one(
      server,
      sql`select count(*) as n, sum(pay_fen) as fen from coupon_verification where tenant_id = 1 and state = 'V' and created_at >= ${begin} and created_at <= ${end}`,
    );
    const of = (source: report.VerifySource) => verified.filter((r) => r.source === source);
    expect(checks.n).toBeGreaterThanOrEqual(1);
    expect(sum(of('ticket'), (r) => r.count)).toBe(checks.n);
    expect(sum(of('voucher'), (r) => r.count)).toBe(vouchers.n);
    expect(sum(of('voucher'), (r) => fen(r.amount))).toBe(vouchers.fen);
    // Lecture participants verified count too, as the 首页 board counts them (the demo seeds some).
    const lectures = await one(
      server,
      sql`select count(*) as n, sum(price_fen) as fen from lecture_participant where tenant_id = 1 and state = 'U' and checked_at >= ${begin} and checked_at <= ${end}`,
    );
    expect(lectures.n).toBeGreaterThanOrEqual(1);
    expect(sum(of('lecture'), (r) => r.count)).toBe(lectures.n);
    expect(sum(of('lecture'), (r) => fen(r.amount))).toBe(lectures.fen);
    expect((await admin.download(report.exportLeaseByDay.path, { query: strings(RANGE()) })).status).toBe(200);
    expect((await admin.download(report.exportVerifyByDay.path, { query: strings(RANGE()) })).status).toBe(200);
  });

  it("the boards count a day's verifications by source (vouchers verified, ticket entries, lecture participants) as the rows say", async () => {
    const start = chinaToIso(today());
    const end = chinaToIso(today(), true);
    const day = (await admin.call(board.verificationsQuery, { query: { venueId: TICKET_VENUE } })).body.data;
    const tickets = await one(
      server,
      sql`select count(*) as n from ticket_check where tenant_id = 1 and venue_id = ${TICKET_VENUE} and checked_at >= ${start} and checked_at <= ${end}`,
    );
    const vouchers = await one(
      server,
      sql`select count(*) as n from coupon_verification where tenant_id = 1 and venue_id = ${TICKET_VENUE} and state = 'V' and created_at >= ${start} and created_at <= ${end}`,
    );
    const lectures = await one(
      server,
      sql`select count(*) as n from lecture_participant p join lecture_order o on o.id = p.order_id
          where p.tenant_id = 1 and o.venue_id = ${TICKET_VENUE} and p.state = 'U' and p.checked_at >= ${start} and p.checked_at <= ${end}`,
    );
    expect(tickets.n).toBeGreaterThanOrEqual(1);
    expect(day).toMatchObject({ date: today(), total: tickets.n + vouchers.n + lectures.n });
    // 核销报表 counts the same day the same: every source the board counts.
    const reported = (await admin.call(report.queryVerifyByDay, { query: { beginDate: today(), endDate: today(), venueId: TICKET_VENUE } })).body.data;
    expect(sum(reported, (r) => r.count)).toBe(day.total);
    expect(day.bySource).toEqual([
      { key: 'voucher', label: '团购券核销', count: vouchers.n },
      { key: 'ticket', label: '门票', count: tickets.n },
      { key: 'lecture', label: '讲座活动', count: lectures.n },
    ]);
    const token = (await server.api.call('POST', 'system/auth/getAnonymous', { body: { venueId: TICKET_VENUE } })).body.data.token as string;
    expect((await server.api.call(board.verificationsQuery, { query: { venueId: TICKET_VENUE }, token })).body.data.total).toBe(day.total);
    expect((await other.call(board.verificationsQuery, { query: { venueId: TICKET_VENUE } })).body.code).toBe(-1100);
  });

  it("交班对账: a cashier's day per business and pay method equals the pay and refund rows; their own only", async () => {
    const start = chinaToIso(today());
    const end = chinaToIso(today(), true);
    const cashierId = (await server.db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
    const mine = (await cashier.call(report.queryShiftSettlement, { query: { date: today() } })).body.data;
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(new Set(mine.rows.map((r) => r.userId))).toEqual(new Set([cashierId]));
    const took = await server.db
      .selectFrom('pay_record')
      .where('tenant_id', '=', 1)
      .where('created_by', '=', cashierId)
      .where('state', '=', 'P')
      .where('order_type', 'in', ['GOODS_SALE', 'GOODS_LEASE', 'TICKET', 'TICKET_TIMEOUT', 'CARD_ORDER'])
      .where('paid_at', '>=', start)
      .where('paid_at', '<=', end)
      .select(['order_type', 'pay_mode', sql<string>`count(*)`.as('n'), sql<string>`sum(money_fen)`.as('fen')])
      .groupBy(['order_type', 'pay_mode'])
      .execute();
    for (const t of took) {
      const row = mine.rows.find((r) => r.business === t.order_type && r.payMode === t.pay_mode)!;
      expect([row.payCount, fen(row.income)]).toEqual([Number(t.n), Number(t.fen)]);
    }
    expect(sum(mine.rows, (r) => r.payCount)).toBe(sum(took, (t) => Number(t.n)));
    expect(mine.rows.find((r) => r.business === 'GOODS_SALE' && r.payMode === 'cashpay')).toBeDefined();
    // Paid through the demo's simulator: 交班对账 says so (issue 31).
    expect(mine.rows.find((r) => r.business === 'CARD_ORDER' && r.payMode === 'wechatpay')?.payName).toBe('微信（模拟通道）');

    // The admin's refund of the cashier's sale is the admin's: it shows under the admin, by refund time.
    const all = (await admin.call(report.queryShiftSettlement, { query: { date: today(), venueId: VENUE } })).body.data;
    const refunds = await one(
      server,
      sql`select count(*) as n, sum(p.money_fen) as fen from order_refund r join order_refund_pay p on p.refund_id = r.id
          where r.tenant_id = 1 and r.venue_id = ${VENUE} and r.state = 'R' and p.state = 'R' and r.finished_at >= ${start} and r.finished_at <= ${end}`,
    );
    expect(refunds.n).toBeGreaterThanOrEqual(1);
    expect(sum(all.rows, (r) => r.refundCount)).toBe(refunds.n);
    expect(sum(all.rows, (r) => fen(r.refund))).toBe(refunds.fen);
    expect(all.venueName).not.toBe('');
    // Another cashier's day needs report:shift:all.
    const adminId = all.rows.find((r) => r.userId !== cashierId)!.userId;
    expect((await cashier.call(report.queryShiftSettlement, { query: { date: today(), userId: adminId } })).status).toBe(403);
    expect((await admin.download(report.exportShiftSettlement.path, { query: strings({ date: today() }) })).status).toBe(200);
  });

  it('refuses without the permission, another venue, a reversed or too long range; another tenant sees none of it', async () => {
    expect((await cashier.call(report.goodsSaleOverview, { query: RANGE() })).status).toBe(403);
    expect((await cashier.call(report.queryLeaseByDay, { query: RANGE() })).status).toBe(403);
    expect((await cashier.download(report.exportGoodsSaleStatistic.path, { query: strings(RANGE()) })).status).toBe(403);
    expect((await admin.call(report.goodsSaleOverview, { query: { beginDate: today(), endDate: daysAgo(1) } })).body.msg).toBe('开始日期不能晚于结束日期');
    expect((await admin.call(report.goodsSaleOverview, { query: { beginDate: '2020-01-01', endDate: '2026-01-01' } })).body.msg).toBe('统计范围不能超过366天');
    const elsewhere = await server.db
      .selectFrom('venue')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('name', 'not in', ['城东羽毛球馆', '城东游泳馆'])
      .executeTakeFirstOrThrow();
    expect((await cashier.call(report.queryShiftSettlement, { query: { date: today(), venueId: elsewhere.id } })).status).toBe(403);

    const theirs = (await other.call(report.goodsSaleOverview, { query: RANGE() })).body.data;
    const otherRows = await one(
      server,
      sql`select count(*) as n from sale_order where tenant_id <> 1 and pay_state in ('P', 'PR', 'FR') and paid_at >= ${bounds()[0]}`,
    );
    expect(theirs.orders).toBe(otherRows.n);
    expect((await other.call(report.queryGoodsSaleByVenue, { query: { ...RANGE(), venueId: VENUE } })).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
    const otherShift = (await other.call(report.queryShiftSettlement, { query: { date: today() } })).body.data;
    expect(otherShift.rows.every((r) => r.userName !== '收银员小李')).toBe(true);
    expect((await other.call(report.queryCardSaleByDay, { query: RANGE() })).body.data.every((r) => r.cardTypeName !== '')).toBe(true);
  });
});
