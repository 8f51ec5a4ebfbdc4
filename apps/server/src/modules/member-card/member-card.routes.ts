import type { FastifyInstance } from 'fastify';
import { member } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { memberCardFileRoutes } from './member-card.files.ts';
import type { MemberCardServices } from './member-card.services.ts';

export function memberCardRoutes(app: FastifyInstance, guard: Guard, s: MemberCardServices): void {
  route(app, guard, member.all, ({ session, query }) => s.cards.page(session.tenantId, query, session));
  route(app, guard, member.allForBatchExtension, ({ session, query }) => s.cards.forBatchExtension(session.tenantId, query));
  route(app, guard, member.allForPay, ({ session, query }) => s.cards.forPay(session.tenantId, query, session));
  route(app, guard, member.getByCardId, ({ session, query }) => s.cards.byCode(session.tenantId, query.cardId));
  route(app, guard, member.getCardForBinding, ({ session, query }) => s.cards.byCode(session.tenantId, query.cardId, false));
  route(app, guard, member.getByIds, ({ session, query }) => s.cards.byIds(session.tenantId, query.cardIds));
  route(app, guard, member.getCardSummary, ({ session, query }) => s.ledger.cardSummary(session.tenantId, query.cardId));
  route(app, guard, member.getCardSummaryAll, ({ session, query }) => s.ledger.summaryAll(session.tenantId, query.venueId, session));
  route(app, guard, member.queryOrderConsume, ({ session, query }) => s.ledger.consumes(session.tenantId, query));
  route(app, guard, member.queryOrderConsumeAll, ({ session, query }) => s.ledger.consumesAll(session.tenantId, query, session));
  route(app, guard, member.getPrintCardConsume, ({ session, query }) => s.ledger.printConsume(session.tenantId, query.consumeId, session));
  route(app, guard, member.refundCardConsume, ({ session, body }) => s.ledger.refund(session, body.consumeId, body.remark));
  route(app, guard, member.openCard, ({ session, body }) => s.cards.open(session.tenantId, body.cardId));
  route(app, guard, member.bindCard, ({ session, body }) => s.cards.bind(session.tenantId, body.cardId, body.phyCardId));
  route(app, guard, member.updateRemark, ({ session, query }) => s.cards.remark(session.tenantId, query.cardId, query.remark));
  route(app, guard, member.queryCardConsumeSummary, ({ session, body }) => s.ledger.consumeSummary(session.tenantId, body, session));
  route(app, guard, member.cardTypes, ({ session }) => s.cards.cardTypes(session.tenantId));
  route(app, guard, member.memberById, ({ session, params }) => s.cards.member(session.tenantId, params.id));
  route(app, guard, member.members, ({ session, query }) => s.archive.page(session, query));
  route(app, guard, member.memberArchive, ({ session, params }) => s.archive.get(session, params.id));
  route(app, guard, member.addMember, ({ session, body }) => s.archive.add(session, body));
  route(app, guard, member.editMember, ({ session, body }) => s.archive.edit(session, body));
  route(app, guard, member.memberTypes, ({ session }) => s.archive.memberTypes(session.tenantId));
  route(app, guard, member.changeCardState, ({ session, body }) => s.life.changeState(session, body));
  route(app, guard, member.replaceCard, ({ session, body }) => s.life.replace(session, body));
  route(app, guard, member.returnCard, ({ session, body }) => s.life.giveBack(session, body));
  route(app, guard, member.cardStateLogs, ({ session, query }) => s.life.logs(session, query.cardId));
  route(app, guard, member.liability, ({ session }) => s.life.liability(session.tenantId, session));
  memberCardFileRoutes(app, guard, s);
}
