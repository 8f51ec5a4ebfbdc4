import type { FastifyInstance } from 'fastify';
import { audit } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import { auditXlsx } from './audit-xlsx.ts';
import type { AuditService } from './audit.service.ts';

/** Read and export only: no route writes, edits or deletes an entry. */
export function auditRoutes(app: FastifyInstance, guard: Guard, s: AuditService): void {
  route(app, guard, audit.auditQuery, ({ session, query }) => s.page(session, query));
  fileRoute(app, guard, audit.auditExport, async ({ session, query }) => auditXlsx(s.exportBatches(session, query)));
}
