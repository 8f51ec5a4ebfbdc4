import type { Kysely } from 'kysely';
import { countRows } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';

export interface VenueWithCenter {
  venueId: number;
  venueName: string;
  centerId: number;
  centerName: string;
}

export class VenueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Enabled venues a user may work in; `all` for ROLE_admin, who may work in every venue of the tenant. */
  async venuesOfUser(tenantId: number, userId: number, all: boolean): Promise<VenueWithCenter[]> {
    let query = this.db
      .selectFrom('venue')
      .innerJoin('center', 'center.id', 'venue.center_id')
      .select(['venue.id as venueId', 'venue.name as venueName', 'center.id as centerId', 'center.name as centerName'])
      .where('venue.tenant_id', '=', tenantId)
      .where('venue.state', '=', 'A')
      .where('center.state', '=', 'A');
    if (!all) {
      query = query.where('venue.id', 'in', (eb) =>
        eb.selectFrom('user_venue').select('venue_id').where('user_venue.tenant_id', '=', tenantId).where('user_venue.user_id', '=', userId),
      );
    }
    return query.orderBy('center.sort').orderBy('center.id').orderBy('venue.sort').orderBy('venue.id').execute();
  }

  /** Across tenants: only for issuing a board token, which then carries the venue's tenant. */
  findVenueAnyTenant(venueId: number) {
    return this.db.selectFrom('venue').select(['id', 'tenant_id', 'state', 'board_public']).where('id', '=', venueId).executeTakeFirst();
  }

  findVenue(tenantId: number, venueId: number) {
    return this.db.selectFrom('venue').selectAll().where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
  }

  /** How many of these venues are the tenant's. */
  countOfTenant(tenantId: number, venueIds: number[]) {
    return countRows(this.db.selectFrom('venue').where('tenant_id', '=', tenantId).where('id', 'in', venueIds));
  }

  /** Enabled sports items of the tenant, or of one venue. */
  sportItems(tenantId: number, venueId?: number) {
    let query = this.db
      .selectFrom('sport_item')
      .select(['sport_item.id as itemId', 'sport_item.name as itemName'])
      .where('sport_item.tenant_id', '=', tenantId)
      .where('sport_item.state', '=', 'A');
    if (venueId) {
      query = query.where('sport_item.id', 'in', (eb) =>
        eb
          .selectFrom('venue_item')
          .select('item_id')
          .where('venue_item.tenant_id', '=', tenantId)
          .where('venue_item.venue_id', '=', venueId)
          .where('venue_item.state', '=', 'A'),
      );
    }
    return query.orderBy('sport_item.sort').orderBy('sport_item.id').execute();
  }
}
