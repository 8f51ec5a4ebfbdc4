import type { FastifyInstance } from 'fastify';
import { member, type BodyOut } from '@venue/contract';
import { badFile } from '../../lib/errors.ts';
import { fileRoute, type Guard, type UserSession } from '../../plugins/route.ts';
import { consumeSummaryXlsx, importTemplate } from './card-xlsx.ts';
import type { MemberCardServices } from './member-card.services.ts';

/** The member-card calls that answer a file (exports, the import template) or take one (the import). */
export function memberCardFileRoutes(app: FastifyInstance, guard: Guard, s: MemberCardServices): void {
  fileRoute(app, guard, member.exportCard, async ({ session, query }) => s.cards.exportCards(session.tenantId, query, session));
  fileRoute(app, guard, member.downloadCardModel, async ({ session }) => importTemplate(await s.cards.cardTypes(session.tenantId)));

  const summary = async (session: UserSession, q: BodyOut<typeof member.exportConsumeSummary>) =>
    consumeSummaryXlsx(await s.ledger.consumeSummary(session.tenantId, q, session));
  fileRoute(app, guard, member.exportConsumeSummary, ({ session, body }) => summary(session, body));
  fileRoute(app, guard, member.exportConsumeSummaryByQuery, ({ session, query }) => summary(session, query));

  fileRoute(app, guard, member.importCard, async ({ session, file }) => {
    // An .xlsx is a zip: it starts with PK.
    if (file.subarray(0, 2).toString('latin1') !== 'PK') throw badFile(member.importCard.refusals.wrongType);
    return s.imports.import(session.tenantId, session.userId, file);
  });
}
