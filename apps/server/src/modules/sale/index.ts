import { SALE_ORDER_MENU } from '../../seed/cashier.ts';
import type { GoodsServices } from '../goods/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import type { PaymentModuleServices } from '../payment/index.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import { SaleCloseRepository } from './sale-close.repository.ts';
import { saleCloseRoutes } from './sale-close.routes.ts';
import { SaleCloseService } from './sale-close.service.ts';
import { SaleFulfilment } from './sale-fulfil.ts';
import { SaleOrderService } from './sale-order.service.ts';
import { SalePayService } from './sale-pay.service.ts';
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
}

/** The till: sale orders, paying them through any channel or member cards, handing the goods over, and refunds (退款). */
export const saleModule = defineModule({
  key: 'sale',
  services: ({ db, clock }, { venues, users, goods, memberCards, payment }: SaleNeeds): SaleServices => {
    const k = db.kysely;
    const saleRepo = new SaleRepository(k);
    const refundRepo = new SaleRefundRepository(k);
    const saleOrders = new SaleOrderService(saleRepo, venues, users, memberCards.cards, clock, refundRepo);
    return {
      orders: saleOrders,
      payments: new SalePayService({
        db: k,
        repo: saleRepo,
        orders: saleOrders,
        cards: memberCards.cards,
        methods: payment.methods,
        channels: payment.channels,
        fulfil: new SaleFulfilment(goods.stock, memberCards.ledger),
        clock,
      }),
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
      closing: new SaleCloseService(new SaleCloseRepository(k), saleOrders, clock),
    };
  },
  routes: (app, guard, sale) => {
    saleRoutes(app, guard, sale);
    saleCloseRoutes(app, guard, sale.closing);
  },
  menus: [{ group: 'goods', menu: SALE_ORDER_MENU }],
});
