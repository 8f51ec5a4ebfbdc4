import { SALE_ORDER_MENU } from './sale.menus.ts';
import type { AuditService } from '../audit/index.ts';
import type { GoodsServices } from '../goods/index.ts';
import { defineModule } from '../module.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import { SaleCloseRepository } from './sale-close.repository.ts';
import { saleCloseRoutes } from './sale-close.routes.ts';
import { SaleCloseService } from './sale-close.service.ts';
import { SaleOrderService } from './sale-order.service.ts';
import { saleKind } from './sale-payable.ts';
import { SaleRepository } from './sale.repository.ts';
import { saleRoutes, type SaleServices } from './sale.routes.ts';

export type { SaleServices };

interface SaleNeeds {
  venues: VenueService;
  users: UserService;
  goods: GoodsServices;
  checkout: CheckoutServices;
  audit: AuditService;
}

/** The till: sale orders, paying them through any channel or member cards, handing the goods over, and refunds (退款). */
export const saleModule = defineModule({
  key: 'sale',
  services: ({ db, clock }, { users, goods, checkout, audit }: SaleNeeds): SaleServices => {
    const k = db.kysely;
    const saleRepo = new SaleRepository(k, db.engine);
    const kind = saleKind(saleRepo, goods.stock);
    const orders = new SaleOrderService(
      saleRepo,
      users,
      clock,
      {
        records: (tenantId, ids) => checkout.payments.records(kind, tenantId, ids),
        refundStates: (tenantId, ids) => checkout.refunds.statesOf(kind, tenantId, ids),
      },
      audit,
    );
    return {
      orders,
      kind,
      checkout,
      closing: new SaleCloseService(new SaleCloseRepository(k), (s, id) => checkout.payments.orderOfUser(kind, s, id), clock, audit),
    };
  },
  routes: (app, guard, sale) => {
    saleRoutes(app, guard, sale);
    saleCloseRoutes(app, guard, sale.closing);
  },
  menus: [{ group: 'goods', menu: SALE_ORDER_MENU }],
});
