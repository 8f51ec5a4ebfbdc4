import type { CheckoutServices } from '../checkout/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import { cardOrderKind } from './card-order-payable.ts';
import { CardOrderRepository } from './card-order.repository.ts';
import { cardOrderRoutes, type CardOrderServices } from './card-order.routes.ts';
import { CardOrderService } from './card-order.service.ts';

export type { CardOrderServices };

/** 办卡 and 充值/加次: orders paid at the till through the checkout, issuing or crediting the card when paid. */
export const cardOrderModule = defineModule({
  key: 'cardOrders',
  services: ({ db, clock }, { memberCards, checkout }: { memberCards: MemberCardServices; checkout: CheckoutServices }): CardOrderServices => {
    const repo = new CardOrderRepository(db.kysely);
    return { orders: new CardOrderService(repo, memberCards, clock), kind: cardOrderKind(repo, memberCards.life), checkout };
  },
  routes: (app, guard, s) => cardOrderRoutes(app, guard, s),
});
