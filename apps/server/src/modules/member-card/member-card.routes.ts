import type { FastifyInstance } from 'fastify';
import { member } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { CardImportService } from './card-import.service.ts';
import type { CardService } from './card.service.ts';
import type { LedgerService } from './ledger.service.ts';
import { CARD_PERMISSIONS } from './card-permissions.ts';
import { memberCardFileRoutes } from './member-card.files.ts';

export interface MemberCardServices {
  cards: CardService;
  ledger: LedgerService;
  imports: CardImportService;
}

const can = CARD_PERMISSIONS;

export function memberCardRoutes(app: FastifyInstance, guard: Guard, s: MemberCardServices): void {
  route(app, guard, member.all, can.list, ({ session, query }) => s.cards.page(session.tenantId, query));
  route(app, guard, member.allForBatchExtension, can.extend, ({ session, query }) => s.cards.forBatchExtension(session.tenantId, query));
  route(app, guard, member.batchExtend, can.extend, ({ session, body }) => s.cards.batchExtend(session.tenantId, body));
  route(app, guard, member.allForPay, can.list, ({ session, query }) => s.cards.forPay(session.tenantId, query));
  route(app, guard, member.getByCardId, can.list, ({ session, query }) => s.cards.byCode(session.tenantId, query.cardId));
  route(app, guard, member.getCardForBinding, can.bind, ({ session, query }) => s.cards.byCode(session.tenantId, query.cardId, false));
  route(app, guard, member.getByIds, can.list, ({ session, query }) => s.cards.byIds(session.tenantId, query.cardIds));
  route(app, guard, member.getCardSummary, can.list, ({ session, query }) => s.ledger.cardSummary(session.tenantId, query.cardId));
  route(app, guard, member.getCardSummaryAll, can.list, ({ session, query }) => s.ledger.summaryAll(session.tenantId, query.venueId));
  route(app, guard, member.queryOrderConsume, can.list, ({ session, query }) => s.ledger.consumes(session.tenantId, query));
  route(app, guard, member.queryOrderConsumeAll, can.list, ({ session, query }) => s.ledger.consumesAll(session.tenantId, query));
  route(app, guard, member.getPrintCardConsume, can.list, ({ session, query }) => s.ledger.printConsume(session.tenantId, query.consumeId));
  route(app, guard, member.refundCardConsume, can.refund, ({ session, body }) => s.ledger.refund(session.tenantId, session.userId, body.consumeId, body.remark));
  route(app, guard, member.openCard, can.open, ({ session, body }) => s.cards.open(session.tenantId, body.cardId));
  route(app, guard, member.bindCard, can.bind, ({ session, body }) => s.cards.bind(session.tenantId, body.cardId, body.phyCardId));
  route(app, guard, member.updateRemark, can.remark, ({ session, query }) => s.cards.remark(session.tenantId, query.cardId, query.remark));
  route(app, guard, member.queryCardConsumeSummary, can.list, ({ session, body }) => s.ledger.consumeSummary(session.tenantId, body));
  route(app, guard, member.cardTypes, can.list, ({ session }) => s.cards.cardTypes(session.tenantId));
  route(app, guard, member.memberById, can.list, ({ session, params }) => s.cards.member(session.tenantId, params.id));
  memberCardFileRoutes(app, guard, s);
}
