import type { FastifyInstance } from 'fastify';
import { system, venue } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { assertVenue } from '../../plugins/session.ts';
import type { VenueService } from './venue.service.ts';

export function venueRoutes(app: FastifyInstance, guard: Guard, venues: VenueService): void {
  route(app, guard, system.enableVenueInfo, ({ session }) => venues.enabledVenueTree(session.tenantId, session.userId, session.isAdmin));
  route(app, guard, system.sportItems, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return venues.sportItems(session.tenantId, query.venueId);
  });

  const admin = venues.admin;
  route(app, guard, venue.centerAll, ({ session }) => admin.centers(session.tenantId));
  route(app, guard, venue.centerAdd, ({ session, body }) => admin.saveCenter(session.tenantId, null, body));
  route(app, guard, venue.centerEdit, ({ session, body }) => admin.saveCenter(session.tenantId, body.centerId, body));
  route(app, guard, venue.venueAll, ({ session, query }) => admin.page(session, query));
  route(app, guard, venue.venueAdd, ({ session, body }) => admin.save(session, null, body));
  route(app, guard, venue.venueEdit, ({ session, body }) => admin.save(session, body.venueId, body));
  route(app, guard, venue.venueSetState, ({ session, body }) => admin.setState(session, body.venueId, body.state));
  route(app, guard, venue.allVenueWithSportItems, ({ session }) => venues.venuesWithItems(session));
  route(app, guard, venue.itemSettingsByVenue, ({ session, query }) => admin.itemSettings(session, query.venueId));
  route(app, guard, venue.venueItemSettings, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return venues.itemSettingsWithClosures(session.tenantId, query.venueId, query.itemId);
  });
  route(app, guard, venue.editVenueItem, ({ session, body }) => admin.editItem(session, body));
  route(app, guard, venue.editCloseInfo, ({ session, body }) => admin.editClosures(session, body));
  // Last: the parametric path after the named ones (Fastify prefers static segments anyway).
  route(app, guard, venue.venueGet, ({ session, params }) => admin.detail(session, params.id));
}
