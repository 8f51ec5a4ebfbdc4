import { REPORT_MENUS } from './report.menus.ts';
import { defineModule } from '../module.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import type { TicketServices } from '../ticket/index.ts';
import { reportRoutes } from './report.routes.ts';
import { ReportRepository } from './report.repository.ts';
import { ReportService } from './report.service.ts';

export type { ReportService };

/** Reports (报表中心, issue 21): goods, tickets, cards, rentals, verifications and 交班对账, with their .xlsx exports. */
export const reportModule = defineModule({
  key: 'reports',
  services: ({ db }) => new ReportService(new ReportRepository(db)),
  routes: (app, guard, reports, { tickets, memberCards }: { tickets: TicketServices; memberCards: MemberCardServices }) =>
    reportRoutes(app, guard, reports, tickets, memberCards),
  menus: [{ sidebar: 2.8, menu: REPORT_MENUS }],
});
