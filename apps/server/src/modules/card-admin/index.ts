import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { GateAccess } from '../gate/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import { cardAdminRoutes, type CardAdminServices } from './card-admin.routes.ts';
import { cardFeeKind } from './card-fee-payable.ts';
import { CardFeeRepository } from './card-fee.repository.ts';
import { CardFeeService } from './card-fee.service.ts';
import { CardRulesRepository } from './card-rules.repository.ts';
import { CardRulesService } from './card-rules.service.ts';
import { CardTypeRepository } from './card-type.repository.ts';
import { CardTypeService } from './card-type.service.ts';
import { MemberPageRepository } from './member-page.repository.ts';
import { MemberPageService } from './member-page.service.ts';
import { MemberTypeRepository } from './member-type.repository.ts';
import { MemberTypeService } from './member-type.service.ts';

export type { CardAdminServices };

/**
 * Issue 16's card administration: 会员卡类型, 延期 (one card or a batch) and 补卡 fees paid through 收款,
 * blacklist rules, the daily expiry job and a member's detail page.
 */
export const cardAdminModule = defineModule({
  key: 'cardAdmin',
  services: (
    { db, clock },
    { memberCards, checkout, audit, gateAccess }: { memberCards: MemberCardServices; checkout: CheckoutServices; audit: AuditService; gateAccess: GateAccess },
  ): CardAdminServices => {
    const k = db.kysely;
    const fees = new CardFeeService(new CardFeeRepository(k), memberCards, audit, clock, gateAccess);
    return {
      types: new CardTypeService(new CardTypeRepository(k), audit),
      fees,
      feeKind: cardFeeKind(fees),
      rules: new CardRulesService(new CardRulesRepository(k), audit, clock, gateAccess),
      memberPage: new MemberPageService(new MemberPageRepository(k), clock),
      memberTypes: new MemberTypeService(new MemberTypeRepository(k), audit),
      checkout,
    };
  },
  routes: (app, guard, s) => cardAdminRoutes(app, guard, s),
});
