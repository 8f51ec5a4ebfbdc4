import { SALE_ORDER_MENU } from '../../seed/cashier.ts';
import type { GoodsServices } from '../goods/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import type { PaymentModuleServices } from '../payment/index.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import type { CheckoutService } from '../checkout/index.ts';
import { SaleOrderService } from './sale-order.service.ts';
import { saleKind } from './sale-payable.ts';
import { SaleRefundRepository } from './sale-refund.repository.ts';
import { SaleRefundService } from './sale-refund.service.ts';
import { SaleRepository } from './sale.repository.ts';
import { saleRoutes, type SaleServices } from './sale.routes.ts';

export type { SaleServices };

interface SaleNeeds {
  venues: VenueService;
  users: UserService;
  goods: GoodsServices;
  memberCards: MemberCardServices;
  payment: PaymentModuleServices;
  checkout: CheckoutService;
}

/** The till: sale orders, paying them through any channel or member cards, handing the goods over, and refunds (退款). */
export const saleModule = defineModule({
  key: 'sale',
  services: ({ db, clock }, { venues, users, goods, memberCards, payment, checkout }: SaleNeeds): SaleServices => {
    const k = db.kysely;
    const saleRepo = new SaleRepository(k);
    const refundRepo = new SaleRefundRepository(k);
    return {
      orders: new SaleOrderService(saleRepo, venues, users, checkout, clock, refundRepo),
      kind: saleKind(saleRepo, goods.stock),
      checkout,
      refunds: new SaleRefundService({
        db: k,
        orders: saleRepo,
        refunds: refundRepo,
        venues,
        methods: payment.methods,
        channels: payment.channels,
        stock: goods.stock,
        ledger: memberCards.ledger,
        clock,
      }),
    };
  },
  routes: (app, guard, sale) => saleRoutes(app, guard, sale),
  menus: [{ group: 'goods', menu: SALE_ORDER_MENU }],
});
