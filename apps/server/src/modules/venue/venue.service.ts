import type { VenueRepository, VenueWithCenter } from './venue.repository.ts';

export interface CenterWithVenues {
  centerId: number;
  centerName: string;
  venues: { venueId: number; venueName: string; centerId: number }[];
}

export class VenueService {
  constructor(private readonly venues: VenueRepository) {}

  sportItems(tenantId: number, venueId?: number) {
    return this.venues.sportItems(tenantId, venueId);
  }

  venuesOfUser(tenantId: number, userId: number, isAdmin: boolean): Promise<VenueWithCenter[]> {
    return this.venues.venuesOfUser(tenantId, userId, isAdmin);
  }

  /** The user's centers, each with its enabled venues, for the center/venue cascader. */
  async enabledVenueTree(tenantId: number, userId: number, isAdmin: boolean): Promise<CenterWithVenues[]> {
    const rows = await this.venues.venuesOfUser(tenantId, userId, isAdmin);
    return groupByCenter(rows);
  }

  findAnyVenue(venueId: number) {
    return this.venues.findVenueAnyTenant(venueId);
  }

  findVenue(tenantId: number, venueId: number) {
    return this.venues.findVenue(tenantId, venueId);
  }

  /** Whether every one of these (distinct) venues is the tenant's. */
  async allOfTenant(tenantId: number, venueIds: number[]): Promise<boolean> {
    return (await this.venues.countOfTenant(tenantId, venueIds)) === venueIds.length;
  }
}

export function groupByCenter(rows: VenueWithCenter[]): CenterWithVenues[] {
  const centers = new Map<number, CenterWithVenues>();
  for (const row of rows) {
    let center = centers.get(row.centerId);
    if (!center) {
      center = { centerId: row.centerId, centerName: row.centerName, venues: [] };
      centers.set(row.centerId, center);
    }
    center.venues.push({ venueId: row.venueId, venueName: row.venueName, centerId: row.centerId });
  }
  return [...centers.values()];
}
