import { REPORT_MENUS } from '../../seed/report.ts';
import { defineModule } from '../module.ts';
import type { TicketServices } from '../ticket/index.ts';
import { reportRoutes } from './report.routes.ts';
import { ReportService } from './report.service.ts';

export type { ReportService };

/** Reports (报表中心, issue 21): goods, tickets, cards, rentals, verifications and 交班对账, with their .xlsx exports. */
export const reportModule = defineModule({
  key: 'reports',
  services: ({ db }) => new ReportService(db),
  routes: (app, guard, reports, { tickets }: { tickets: TicketServices }) => reportRoutes(app, guard, reports, tickets),
  menus: [{ sidebar: 2.8, menu: REPORT_MENUS }],
});
