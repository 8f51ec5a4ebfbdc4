import type { FastifyInstance } from 'fastify';
import { auth, system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { worksInAllVenues } from '../../plugins/session.ts';
import type { UserService } from './user.service.ts';

export function userRoutes(app: FastifyInstance, guard: Guard, users: UserService): void {
  route(app, guard, auth.setCurrentVenue, ({ session, body }) =>
    users.setCurrentVenue(session.tenantId, session.userId, worksInAllVenues(session), body.venueId),
  );
  route(app, guard, system.userList, ({ session, query }) => users.page(session.tenantId, query));
}
