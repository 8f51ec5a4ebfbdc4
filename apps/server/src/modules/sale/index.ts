import { SALE_ORDER_MENU } from '../../seed/cashier.ts';
import type { GoodsServices } from '../goods/index.ts';
import { defineModule } from '../module.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
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
}

/** The till: sale orders, paying them through any channel or member cards, handing the goods over, and refunds (退款). */
export const saleModule = defineModule({
  key: 'sale',
  services: ({ db, clock }, { venues, users, goods, checkout }: SaleNeeds): SaleServices => {
    const k = db.kysely;
    const saleRepo = new SaleRepository(k);
    const kind = saleKind(saleRepo, goods.stock);
    return {
      orders: new SaleOrderService(saleRepo, venues, users, clock, {
        records: (tenantId, ids) => checkout.payments.records(kind, tenantId, ids),
        refundStates: (tenantId, ids) => checkout.refunds.statesOf(kind, tenantId, ids),
      }),
      kind,
      checkout,
    };
  },
  routes: (app, guard, sale) => saleRoutes(app, guard, sale),
  menus: [{ group: 'goods', menu: SALE_ORDER_MENU }],
});
