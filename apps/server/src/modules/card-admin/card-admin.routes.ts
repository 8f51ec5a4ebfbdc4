import type { FastifyInstance } from 'fastify';
import { member } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { CardFeeKind } from './card-fee-payable.ts';
import type { CardFeeService } from './card-fee.service.ts';
import type { CardRulesService } from './card-rules.service.ts';
import type { CardTypeService } from './card-type.service.ts';
import type { MemberPageService } from './member-page.service.ts';
import type { MemberTypeService } from './member-type.service.ts';

export interface CardAdminServices {
  types: CardTypeService;
  fees: CardFeeService;
  feeKind: CardFeeKind;
  /** Expiry and blacklist rules; `daily()` is the job jobs.ts runs once a day. */
  rules: CardRulesService;
  memberPage: MemberPageService;
  memberTypes: MemberTypeService;
  checkout: CheckoutServices;
}

export function cardAdminRoutes(app: FastifyInstance, guard: Guard, s: CardAdminServices): void {
  route(app, guard, member.cardTypePage, ({ session, query }) => s.types.page(session.tenantId, query));
  route(app, guard, member.cardTypeAdd, ({ session, body }) => s.types.add(session, body));
  route(app, guard, member.cardTypeEdit, ({ session, body }) => s.types.edit(session, body));
  route(app, guard, member.cardTypeSetState, ({ session, body }) => s.types.setState(session, body));
  route(app, guard, member.memberTypePage, ({ session, query }) => s.memberTypes.page(session.tenantId, query));
  route(app, guard, member.memberTypeAdd, ({ session, body }) => s.memberTypes.add(session, body));
  route(app, guard, member.memberTypeEdit, ({ session, body }) => s.memberTypes.edit(session, body));
  route(app, guard, member.cardTypeForSale, ({ session, query }) => s.types.forSale(session, query.venueId));
  route(app, guard, member.createExtendOrder, ({ session, body }) => s.fees.extend(session, [body.cardId], body.days, body.venueId, body.remark));
  route(app, guard, member.batchExtend, ({ session, body }) => s.fees.extend(session, body.cardIds, body.days, body.venueId, body.remark));
  route(app, guard, member.createReplaceOrder, ({ session, body }) => s.fees.replace(session, body));
  route(app, guard, member.feeOrderById, ({ session, params }) => s.fees.get(session, params.id));
  route(app, guard, member.queryFeeOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.feeKind, session, query));
  route(app, guard, member.payFeeOrder, async ({ session, body }) => {
    const paid = await s.checkout.payments.pay(s.feeKind, session, body);
    await s.fees.afterPaid(session.tenantId, body.orderId);
    return paid;
  });
  route(app, guard, member.blacklistRules, ({ session }) => s.rules.rules(session.tenantId));
  route(app, guard, member.saveBlacklistRule, ({ session, body }) => s.rules.save(session, body));
  route(app, guard, member.applyBlacklistRules, ({ session }) => s.rules.apply(session.tenantId, session));
  route(app, guard, member.removeFromBlacklist, ({ session, body }) => s.rules.remove(session, body.memberId, body.remark));
  route(app, guard, member.memberDetailPage, ({ session, params }) => s.memberPage.page(session, params.id));
}
