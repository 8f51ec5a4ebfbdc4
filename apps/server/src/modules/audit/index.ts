import { AUDIT_MENU } from './audit.menus.ts';
import { defineModule } from '../module.ts';
import { AuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { AuditService } from './audit.service.ts';

export type { AuditService };
export type { AuditActor, AuditChange } from './audit.service.ts';

/**
 * 操作日志: modules that change administration or move money take `audit` from their needs and call
 * `audit.record(trx, session, { action, target, venueId, before, after })` inside their transaction.
 */
export const auditModule = defineModule({
  key: 'audit',
  services: ({ db, clock }) => new AuditService(new AuditRepository(db.kysely), clock),
  routes: (app, guard, audit) => auditRoutes(app, guard, audit),
  menus: [{ group: 'system', menu: AUDIT_MENU }],
});
