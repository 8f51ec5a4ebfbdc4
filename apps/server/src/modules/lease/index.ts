import type { AuditService } from '../audit/index.ts';
import { LEASE_MENUS } from './lease.menus.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { GoodsServices } from '../goods/index.ts';
import { defineModule } from '../module.ts';
import type { UserService } from '../user/index.ts';
import { LeaseGoodsService } from './lease-goods.service.ts';
import { LeaseOrderService } from './lease-order.service.ts';
import { leaseKind } from './lease-payable.ts';
import { LeaseRepository } from './lease.repository.ts';
import { leaseRoutes, type LeaseServices } from './lease.routes.ts';

export type { LeaseServices };

/** Goods rental (商品租赁): the lease goods archive, rentals paid at the till (rent and deposit), returns (归还) with the deposit back. */
export const leaseModule = defineModule({
  key: 'lease',
  services: (
    { db, clock },
    { audit, users, goods, checkout }: { audit: AuditService; users: UserService; goods: GoodsServices; checkout: CheckoutServices },
  ): LeaseServices => {
    const repo = new LeaseRepository(db.kysely, db.engine);
    const kind = leaseKind(repo, goods.stock, clock);
    return {
      goods: new LeaseGoodsService(repo, clock, audit),
      orders: new LeaseOrderService(repo, users, clock, (tenantId, ids) => checkout.payments.records(kind, tenantId, ids)),
      kind,
      checkout,
    };
  },
  routes: (app, guard, lease) => leaseRoutes(app, guard, lease),
  menus: [{ sidebar: 1.5, menu: LEASE_MENUS }],
});
