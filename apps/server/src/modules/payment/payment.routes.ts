import type { FastifyInstance } from 'fastify';
import { payChannel, payment } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { assertVenue } from '../../plugins/session.ts';
import type { PaymentMethodService } from './payment-method.service.ts';
import type { PrintConfigService } from './print-config.service.ts';
import type { ChannelConfigService } from './channel-config.service.ts';
import type { ReconcileService } from './reconcile/reconcile.service.ts';
import { reconcileRoutes } from './reconcile/reconcile.routes.ts';

export interface PaymentServices {
  methods: PaymentMethodService;
  printConfig: PrintConfigService;
  channelConfigs: ChannelConfigService;
  reconcile: ReconcileService;
}

/** Payment methods and receipt print config. The till reads both with a login; changes need the system permissions. */
export function paymentRoutes(app: FastifyInstance, guard: Guard, s: PaymentServices): void {
  route(app, guard, payment.queryPayType, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return s.methods.forVenue(session.tenantId, query.venueId, query.channel);
  });
  route(app, guard, payment.queryPage, ({ session, query }) => s.methods.page(session.tenantId, query));
  route(app, guard, payment.setState, ({ session, body }) => s.methods.setState(session, body.id, body.state));
  route(app, guard, payment.add, ({ session, body }) => s.methods.save(session, null, body));
  route(app, guard, payment.edit, ({ session, body }) => s.methods.save(session, body.id, body));
  route(app, guard, payment.remove, ({ session, params }) => s.methods.remove(session, params.id));

  route(app, guard, payChannel.list, ({ session }) => s.channelConfigs.list(session.tenantId));
  route(app, guard, payChannel.save, ({ session, body }) => s.channelConfigs.save(session, body));
  route(app, guard, payChannel.remove, ({ session, params }) => s.channelConfigs.remove(session, params.id));
  route(app, guard, payChannel.test, ({ session, body }) => s.channelConfigs.test(session.tenantId, body.payMode, body.venueId));
  reconcileRoutes(app, guard, s.reconcile);

  route(app, guard, payment.getPrintConfig, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return s.printConfig.get(session.tenantId, query.venueId, query.typeId);
  });
  route(app, guard, payment.savePrintConfig, ({ session, body }) => {
    assertVenue(session, body.venueId);
    return s.printConfig.save(session, body);
  });
}
