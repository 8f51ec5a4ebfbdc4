import type { FastifyInstance } from 'fastify';
import { system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { DictService } from './dict.service.ts';

export function dictRoutes(app: FastifyInstance, guard: Guard, dicts: DictService): void {
  route(app, guard, system.dictByType, ({ session, query }) => dicts.byType(session.tenantId, query.dictType));
  route(app, guard, system.dictMap, ({ session, query }) => dicts.map(session.tenantId, query.dictName, query.size));
  route(app, guard, system.dictList, ({ session, query }) => dicts.pageDicts(session.tenantId, query));
  route(app, guard, system.dictDetailList, ({ session, query }) => dicts.pageDetails(session.tenantId, query));
  route(app, guard, system.dictDetailAdd, ({ session, body }) => dicts.add(session, body));
  route(app, guard, system.dictDetailEdit, ({ session, body }) => dicts.edit(session, body));
  route(app, guard, system.dictDetailDelete, ({ session, params }) => dicts.remove(session, params.id));
}
