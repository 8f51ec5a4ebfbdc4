import type { AuditService } from '../audit/index.ts';
import { TICKET_MENUS } from './ticket.menus.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import { defineModule } from '../module.ts';
import type { VenueService } from '../venue/index.ts';
import { TicketCheckRepository } from './ticket-check.repository.ts';
import { TicketCheckService } from './ticket-check.service.ts';
import { TicketDeskRepository } from './ticket-desk.repository.ts';
import { TicketDeskService } from './ticket-desk.service.ts';
import { TicketOrderRepository } from './ticket-order.repository.ts';
import { TicketOrderService } from './ticket-order.service.ts';
import { TicketRulesCache } from './ticket-rules-cache.ts';
import { ticketKind } from './ticket-payable.ts';
import { ticketRoutes, type TicketServices } from './ticket.routes.ts';
import { TicketTypeRepository } from './ticket-type.repository.ts';
import { TicketTypeService } from './ticket-type.service.ts';
import { TimeoutRepository } from './timeout.repository.ts';
import { timeoutKind } from './timeout-payable.ts';

export type { TicketServices };

/** Admission tickets: types with their slots, sales paid at the till, verification, exits with overstay, the in-venue count. */
export const ticketModule = defineModule({
  key: 'tickets',
  services: ({ db, clock }, { audit, checkout, venues }: { audit: AuditService; checkout: CheckoutServices; venues: VenueService }): TicketServices => {
    const k = db.kysely;
    const typeRepo = new TicketTypeRepository(k);
    const orderRepo = new TicketOrderRepository(k);
    const checkRepo = new TicketCheckRepository(k, db.engine);
    const timeouts = new TimeoutRepository(k);
    const orders = new TicketOrderService(orderRepo, typeRepo, venues, clock, timeouts);
    const checks = new TicketCheckService(k, checkRepo, new TicketRulesCache(typeRepo, venues), timeouts, clock);
    return {
      types: new TicketTypeService(typeRepo, venues, clock, audit),
      orders,
      checks,
      desk: new TicketDeskService(new TicketDeskRepository(k), orders, orderRepo, typeRepo, checks, clock),
      kind: ticketKind(orderRepo),
      timeoutKind: timeoutKind(timeouts, checkRepo, clock),
      checkout,
    };
  },
  routes: (app, guard, tickets) => ticketRoutes(app, guard, tickets),
  menus: [{ sidebar: 2.2, menu: TICKET_MENUS }],
});
