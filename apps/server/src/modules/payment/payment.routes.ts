import type { FastifyInstance } from 'fastify';
import { payment } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { assertVenue } from '../../plugins/session.ts';
import type { PaymentMethodService } from './payment-method.service.ts';
import type { PrintConfigService } from './print-config.service.ts';

export interface PaymentServices {
  methods: PaymentMethodService;
  printConfig: PrintConfigService;
}

/** Payment methods and receipt print config. The till reads both with a login; changes need the system permissions. */
export function paymentRoutes(app: FastifyInstance, guard: Guard, s: PaymentServices): void {
  route(app, guard, payment.queryPayType, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return s.methods.forVenue(session.tenantId, query.venueId, query.channel);
  });
  route(app, guard, payment.queryPage, ({ session, query }) => s.methods.page(session.tenantId, query));
  route(app, guard, payment.setState, ({ session, body }) => s.methods.setState(session.tenantId, body.id, body.state));
  route(app, guard, payment.add, ({ session, body }) => s.methods.save(session.tenantId, null, body));
  route(app, guard, payment.edit, ({ session, body }) => s.methods.save(session.tenantId, body.id, body));
  route(app, guard, payment.remove, ({ session, params }) => s.methods.remove(session.tenantId, params.id));

  route(app, guard, payment.getPrintConfig, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return s.printConfig.get(session.tenantId, query.venueId, query.typeId);
  });
  route(app, guard, payment.savePrintConfig, ({ session, body }) => {
    assertVenue(session, body.venueId);
    return s.printConfig.save(session.tenantId, body);
  });
}
