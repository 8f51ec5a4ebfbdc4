import { VENUE_MENU } from './venue.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { VenueAdminRepository } from './venue-admin.repository.ts';
import { VenueRepository } from './venue.repository.ts';
import { venueRoutes } from './venue.routes.ts';
import { VenueService } from './venue.service.ts';

export type { VenueService };
export type { ClosureOnDay } from './venue.service.ts';
export { assertNotClosed, pickItem } from './venue.service.ts';

/**
 * Centers, venues and sports items, and which venues a user may work in; the administration of them
 * (场馆管理): a venue's hours, its items' settings, its closures.
 */
export const venueModule = defineModule({
  key: 'venues',
  services: ({ db, clock }, { audit }: { audit: AuditService }) =>
    new VenueService(new VenueRepository(db.kysely), new VenueAdminRepository(db.kysely), clock, audit),
  routes: (app, guard, venues) => venueRoutes(app, guard, venues),
  menus: [{ group: 'system', menu: VENUE_MENU }],
});
