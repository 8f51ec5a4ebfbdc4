import { dirname, join } from 'node:path';
import { SecretBox } from '../../lib/secret-box.ts';
import { MARKETING_MENUS } from './voucher.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { VoucherConfigService } from './voucher-config.service.ts';
import { VoucherProviders } from './voucher-providers.ts';
import { VoucherRepository } from './voucher.repository.ts';
import { voucherRoutes } from './voucher.routes.ts';
import { VoucherService } from './voucher.service.ts';

export type { VoucherService };
export type { VoucherProvider } from './voucher-provider.ts';

/** Short-video platform vouchers (issue 17): lookup, verification, cancel and the records, on the simulator or the real platform per venue. */
export const voucherModule = defineModule({
  key: 'vouchers',
  services: ({ db, clock, uploadsDir }, { audit }: { audit: AuditService }) => {
    const repo = new VoucherRepository(db.kysely);
    const box = SecretBox.fromEnvOrFile(join(dirname(uploadsDir), 'secret.key'));
    const providers = new VoucherProviders(repo, db.kysely, clock, box);
    return {
      verification: new VoucherService(repo, providers, audit, clock),
      config: new VoucherConfigService(repo, box, audit, clock),
      providers,
    };
  },
  routes: (app, guard, vouchers) => {
    // Every platform call is logged with its logid (warnings always, the rest with LOG=1).
    vouchers.providers.log = app.log;
    voucherRoutes(app, guard, vouchers);
  },
  menus: [{ sidebar: 2.6, menu: MARKETING_MENUS }],
});
