import type { FastifyInstance } from 'fastify';
import { system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { assertVenue, worksInAllVenues } from '../../plugins/session.ts';
import type { VenueService } from './venue.service.ts';

export function venueRoutes(app: FastifyInstance, guard: Guard, venues: VenueService): void {
  route(app, guard, system.enableVenueInfo, ({ session }) => venues.enabledVenueTree(session.tenantId, session.userId, worksInAllVenues(session)));
  route(app, guard, system.sportItems, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return venues.sportItems(session.tenantId, query.venueId);
  });
}
