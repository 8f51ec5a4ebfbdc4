import { SALE_ORDER_MENU } from '../../seed/cashier.ts';
import type { GoodsServices } from '../goods/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import type { PaymentModuleServices } from '../payment/index.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import { SaleFulfilment } from './sale-fulfil.ts';
import { SaleOrderService } from './sale-order.service.ts';
import { SalePayService } from './sale-pay.service.ts';
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

/** The till: sale orders, paying them through any channel or member cards, and handing the goods over. */
export const saleModule = defineModule({
  key: 'sale',
  services: ({ db, clock }, { venues, users, goods, memberCards, payment }: SaleNeeds): SaleServices => {
    const k = db.kysely;
    const saleRepo = new SaleRepository(k);
    const saleOrders = new SaleOrderService(saleRepo, venues, users, memberCards.cards, clock);
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
    };
  },
  routes: (app, guard, sale) => saleRoutes(app, guard, sale),
  menus: [{ group: 'goods', menu: SALE_ORDER_MENU }],
});
