import { dirname, join } from 'node:path';
import { SecretBox } from '../../lib/secret-box.ts';
import { PAY_RECONCILE_MENU, PAYMENT_MENU } from './payment.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { ChannelConfigRepository } from './channel-config.repository.ts';
import { ChannelConfigService } from './channel-config.service.ts';
import { ChannelRegistry } from './channel-registry.ts';
import { InstallPrefix } from './install.ts';
import { PaymentMethodRepository } from './payment-method.repository.ts';
import { PaymentMethodService } from './payment-method.service.ts';
import { paymentRoutes, type PaymentServices } from './payment.routes.ts';
import { PrintConfigRepository } from './print-config.repository.ts';
import { PrintConfigService } from './print-config.service.ts';
import { ReconcileRepository } from './reconcile/reconcile.repository.ts';
import { ReconcileService } from './reconcile/reconcile.service.ts';
import { SimulatorTradeRepository } from './simulator-trade.repository.ts';
import type { VenueService } from '../venue/index.ts';

export type { ChannelRegistry } from './channel-registry.ts';
export type { InstallPrefix } from './install.ts';

/** The payment module's services: the routes' ones, the channels the cashier pays through and the install's trade prefix. */
export type PaymentModuleServices = PaymentServices & { channels: ChannelRegistry; prefix: InstallPrefix };

/** Payment methods per venue, the pay channels (cash, the venue's platform accounts, the demo's simulator), 对账 and receipt print config. */
export const paymentModule = defineModule({
  key: 'payment',
  services: (
    { db, clock, uploadsDir, channelAdapters, channelOptions },
    { venues, audit }: { venues: VenueService; audit: AuditService },
  ): PaymentModuleServices => {
    const k = db.kysely;
    // The same sealing (and key file) as the voucher secrets.
    const box = SecretBox.fromEnvOrFile(join(dirname(uploadsDir), 'secret.key'));
    const configs = new ChannelConfigRepository(k);
    const channels = new ChannelRegistry(configs, box, new SimulatorTradeRepository(k), clock, channelAdapters, channelOptions);
    const prefix = new InstallPrefix(k);
    return {
      methods: new PaymentMethodService(new PaymentMethodRepository(k), channels, venues, audit, clock),
      printConfig: new PrintConfigService(new PrintConfigRepository(k), venues, audit),
      channelConfigs: new ChannelConfigService(configs, channels, box, audit, clock),
      reconcile: new ReconcileService(new ReconcileRepository(k), configs, channels, prefix, clock),
      channels,
      prefix,
    };
  },
  routes: (app, guard, payment) => paymentRoutes(app, guard, payment),
  menus: [
    { group: 'system', menu: PAYMENT_MENU },
    { group: 'system', menu: PAY_RECONCILE_MENU },
  ],
});
