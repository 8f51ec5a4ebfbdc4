import type { FastifyInstance } from 'fastify';
import { gate } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import { commandsXlsx, passesXlsx } from './gate-xlsx.ts';
import type { GateServices } from './gate.services.ts';

export function gateRoutes(app: FastifyInstance, guard: Guard, s: GateServices): void {
  route(app, guard, gate.getGateByUser, ({ session }) => s.remote.gatesByArea(session));
  route(app, guard, gate.remoteControl, ({ session, body }) => s.remote.control(session, body));

  route(app, guard, gate.areaQuery, ({ session, query }) => s.areas.page(session.tenantId, query));
  route(app, guard, gate.areaAll, ({ session }) => s.areas.all(session.tenantId));
  route(app, guard, gate.areaAdd, ({ session, body }) => s.areas.save(session, null, body));
  route(app, guard, gate.areaEdit, ({ session, body }) => s.areas.save(session, body.areaId, body));
  route(app, guard, gate.areaDelete, ({ session, params }) => s.areas.remove(session, params.id));

  route(app, guard, gate.controllerQuery, ({ session, query }) => s.controllers.page(session.tenantId, query));
  route(app, guard, gate.controllerAll, ({ session }) => s.controllers.all(session.tenantId));
  route(app, guard, gate.controllerAdd, ({ session, body }) => s.controllers.save(session, null, body));
  route(app, guard, gate.controllerEdit, ({ session, body }) => s.controllers.save(session, body.controllerId, body));
  route(app, guard, gate.controllerTest, ({ session, body }) => s.controllers.test(session.tenantId, body.controllerId));
  route(app, guard, gate.controllerSyncTime, ({ session, body }) => s.controllers.syncTime(session.tenantId, body.controllerId));
  route(app, guard, gate.controllerSyncCards, ({ session, body }) => s.controllers.syncCards(session.tenantId, body.controllerId));

  route(app, guard, gate.gateQuery, ({ session, query }) => s.gates.page(session, query));
  route(app, guard, gate.gateAll, ({ session }) => s.gates.all(session));
  route(app, guard, gate.gateAdd, ({ session, body }) => s.gates.save(session, null, body));
  route(app, guard, gate.gateEdit, ({ session, body }) => s.gates.save(session, body.gateId, body));
  route(app, guard, gate.gateUsers, ({ session, query }) => s.gates.users(session, query.gateId));
  route(app, guard, gate.gateSetUsers, ({ session, body }) => s.gates.setUsers(session, body.gateId, body.userIds));

  route(app, guard, gate.commandQuery, ({ session, query }) => s.commands.page(session, query));
  fileRoute(app, guard, gate.commandExport, async ({ session, query }) => commandsXlsx(s.commands.exportBatches(session, query)));
  route(app, guard, gate.passQuery, ({ session, query }) => s.passes.page(session, query));
  fileRoute(app, guard, gate.passExport, async ({ session, query }) => passesXlsx(s.passes.exportBatches(session, query)));
  route(app, guard, gate.passFlow, ({ session, query }) => s.passes.flow(session, query.venueId, query.date));
}
