import { defineModule } from '../module.ts';
import { VenueRepository } from './venue.repository.ts';
import { venueRoutes } from './venue.routes.ts';
import { VenueService } from './venue.service.ts';

export type { VenueService };

/** Centers, venues and sports items, and which venues a user may work in. */
export const venueModule = defineModule({
  key: 'venues',
  services: ({ db }) => new VenueService(new VenueRepository(db.kysely)),
  routes: (app, guard, venues) => venueRoutes(app, guard, venues),
});
