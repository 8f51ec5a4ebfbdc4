import { PAYMENT_MENU, seedPaymentMethods } from '../../seed/cashier.ts';
import { defineModule } from '../module.ts';
import { createChannelRegistry, type ChannelRegistry } from './channel-registry.ts';
import { PaymentMethodRepository } from './payment-method.repository.ts';
import { PaymentMethodService } from './payment-method.service.ts';
import { paymentRoutes, type PaymentServices } from './payment.routes.ts';
import { PrintConfigRepository } from './print-config.repository.ts';
import { PrintConfigService } from './print-config.service.ts';
import { SimulatorTradeRepository } from './simulator-trade.repository.ts';
import type { VenueService } from '../venue/index.ts';

/** The payment module's services: the routes' ones and the channels the cashier pays through. */
export type PaymentModuleServices = PaymentServices & { channels: ChannelRegistry };

/** Payment methods per venue, the pay channels (cash, card, scan-code simulator or real adapters) and receipt print config. */
export const paymentModule = defineModule({
  key: 'payment',
  services: ({ db, clock, channelAdapters }, { venues }: { venues: VenueService }): PaymentModuleServices => {
    const k = db.kysely;
    // Scan-code channels are the simulator unless an adapter is passed (the seam for real ones).
    const channels = createChannelRegistry(new SimulatorTradeRepository(k), clock, channelAdapters);
    return {
      methods: new PaymentMethodService(new PaymentMethodRepository(k), channels, venues, clock),
      printConfig: new PrintConfigService(new PrintConfigRepository(k), venues),
      channels,
    };
  },
  routes: (app, guard, payment) => paymentRoutes(app, guard, payment),
  menus: [{ group: 'system', menu: PAYMENT_MENU }],
  demo: ({ db, tenantId, venueIds, nowIso }) => seedPaymentMethods(db, tenantId, venueIds, nowIso),
});
