import type { FastifyInstance } from 'fastify';
import { report } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import type { TicketServices } from '../ticket/index.ts';
import {
  CARD_OWED,
  CARD_SALE,
  GOODS_DAY,
  GOODS_GOODS,
  GOODS_ORDERS,
  GOODS_VENUE,
  LEASE_DAY,
  reportXlsx,
  sheet,
  SHIFT,
  TICKET_DAY,
  VERIFY_DAY,
} from './report-xlsx.ts';
import type { ReportService } from './report.service.ts';

export function reportRoutes(app: FastifyInstance, guard: Guard, s: ReportService, tickets: TicketServices, cards: MemberCardServices): void {
  route(app, guard, report.goodsSaleOverview, ({ session, query }) => s.goodsOverview(session, query));
  route(app, guard, report.queryGoodsSaleStatistic, ({ session, query }) => s.goodsByDay(session, query));
  route(app, guard, report.queryGoodsSaleByVenue, ({ session, query }) => s.goodsByVenue(session, query));
  route(app, guard, report.queryGoodsSaleByGoods, ({ session, query }) => s.goodsByGoods(session, query));
  route(app, guard, report.queryGoodsSaleByGoodsOrderCount, ({ session, query }) => s.goodsByOrderCount(session, query));
  fileRoute(app, guard, report.exportGoodsSaleStatistic, async ({ session, query }) => {
    const [days, venues, goods, orders] = await Promise.all([
      s.goodsByDay(session, query),
      s.goodsByVenue(session, query),
      s.goodsByGoods(session, query),
      s.goodsByOrderCount(session, query),
    ]);
    return reportXlsx(
      sheet('按日', GOODS_DAY, days),
      sheet('按场馆', GOODS_VENUE, venues),
      sheet('按商品', GOODS_GOODS, goods),
      sheet('商品订单数', GOODS_ORDERS, orders),
    );
  });

  fileRoute(app, guard, report.exportTicketSaleByDay, async ({ session, query }) =>
    reportXlsx(sheet('票务日销售', TICKET_DAY, await tickets.orders.saleByDay(session, query))),
  );

  route(app, guard, report.queryCardSaleByDay, ({ session, query }) => s.cardSaleByDay(session, query));
  fileRoute(app, guard, report.exportCardSaleByDay, async ({ session, query }) =>
    reportXlsx(
      sheet('办卡充值', CARD_SALE, await s.cardSaleByDay(session, query)),
      // The screen's second table: what the cards of the chosen venue (and cards of every venue) still owe.
      sheet(
        '未消费储值',
        CARD_OWED,
        (await cards.life.liability(session.tenantId, session)).rows.filter((r) => !query.venueId || r.venueId === query.venueId || r.venueId === null),
      ),
    ),
  );

  route(app, guard, report.queryLeaseByDay, ({ session, query }) => s.leaseByDay(session, query));
  fileRoute(app, guard, report.exportLeaseByDay, async ({ session, query }) => reportXlsx(sheet('租赁统计', LEASE_DAY, await s.leaseByDay(session, query))));

  route(app, guard, report.queryVerifyByDay, ({ session, query }) => s.verifyByDay(session, query));
  fileRoute(app, guard, report.exportVerifyByDay, async ({ session, query }) => reportXlsx(sheet('核销统计', VERIFY_DAY, await s.verifyByDay(session, query))));

  route(app, guard, report.queryShiftSettlement, ({ session, query }) => s.shift(session, query));
  fileRoute(app, guard, report.exportShiftSettlement, async ({ session, query }) => reportXlsx(sheet('交班对账', SHIFT, (await s.shift(session, query)).rows)));
}
