import type { FastifyInstance } from 'fastify';
import { system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { DictService } from './dict.service.ts';

export function dictRoutes(app: FastifyInstance, guard: Guard, dicts: DictService): void {
  route(app, guard, system.dictByType, 'board', ({ session, query }) => dicts.byType(session.tenantId, query.dictType));
  route(app, guard, system.dictMap, 'board', ({ session, query }) => dicts.map(session.tenantId, query.dictName, query.size));
  route(app, guard, system.dictList, { permission: 'dict:list' }, ({ session, query }) => dicts.pageDicts(session.tenantId, query));
  route(app, guard, system.dictDetailList, { permission: 'dict:list' }, ({ session, query }) => dicts.pageDetails(session.tenantId, query));
  route(app, guard, system.dictDetailAdd, { permission: 'dict:add' }, ({ session, body }) => dicts.add(session.tenantId, body));
  route(app, guard, system.dictDetailEdit, { permission: 'dict:edit' }, ({ session, body }) => dicts.edit(session.tenantId, body));
  route(app, guard, system.dictDetailDelete, { permission: 'dict:del' }, ({ session, params }) => dicts.remove(session.tenantId, params.id));
}
