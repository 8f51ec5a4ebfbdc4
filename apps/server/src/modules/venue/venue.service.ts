import { venue, chinaDate } from '@venue/contract';
import { refuse } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { venuesOf, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueAdminRepository } from './venue-admin.repository.ts';
import { VenueAdminService } from './venue-admin.service.ts';
import type { VenueRepository, VenueWithCenter } from './venue.repository.ts';
import { toClosure, toItem } from './venue-rows.ts';

export interface CenterWithVenues {
  centerId: number;
  centerName: string;
  venues: { venueId: number; venueName: string; centerId: number }[];
}
/** A closure that covers a day: of the whole venue (itemId null) or of one item. */
export interface ClosureOnDay {
  itemId: number | null;
  startDate: string;
  endDate: string;
  reason: string;
}

export class VenueService {
  /** The administration screens' rules (场馆管理). */
  readonly admin: VenueAdminService;

  constructor(
    private readonly venues: VenueRepository,
    private readonly settings: VenueAdminRepository,
    private readonly clock: Clock,
    audit: AuditService,
  ) {
    this.admin = new VenueAdminService(settings, clock, audit);
  }

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

  // ---- For other modules (ticket sales, boards, rental): items, their settings, closures ----

  /**
   * The venue's enabled sports items with their settings (sale mode, capacity, pass mode); refuses with
   * 当前场馆未设置项目，请先前往设置 when it offers none. The caller checks the venue is the user's.
   */
  async requireItems(tenantId: number, venueId: number) {
    const items = await this.enabledItems(tenantId, venueId);
    if (!items.length) throw refuse(venue.VENUE_NO_ITEMS);
    return items;
  }

  /** The venue's enabled sports items with their settings (none: an empty list). */
  async enabledItems(tenantId: number, venueId: number) {
    return (await this.settings.items(tenantId, [venueId], true)).map(toItem);
  }

  /** One enabled item's settings at the venue; refuses when the venue offers no items or not this one. */
  async itemSettings(tenantId: number, venueId: number, itemId: number) {
    return pickItem(await this.enabledItems(tenantId, venueId), itemId);
  }

  /**
   * The closure that keeps the venue (or, with `itemId`, that item at the venue) shut on `day`
   * ("YYYY-MM-DD", Asia/Shanghai; today when absent), or null when it is open.
   */
  async closureOn(tenantId: number, venueId: number, day?: string, itemId?: number): Promise<ClosureOnDay | null> {
    const row = await this.settings.closureOn(tenantId, venueId, day ?? chinaDate(this.clock.now()), itemId);
    return row ? { itemId: row.item_id, startDate: row.start_date, endDate: row.end_date, reason: row.reason } : null;
  }

  /** Refuses (a Chinese business error naming the reason) when the venue or item is closed on `day`. */
  async assertOpen(tenantId: number, venueId: number, day?: string, itemId?: number): Promise<void> {
    assertNotClosed(await this.closureOn(tenantId, venueId, day, itemId));
  }

  /** The caller's enabled venues, each with its enabled items and their settings. */
  async venuesWithItems(session: UserSession) {
    const venues = await this.venues.venuesOfUser(session.tenantId, session.userId, venuesOf(session) === 'all');
    const items = await this.settings.items(
      session.tenantId,
      venues.map((v) => v.venueId),
      true,
    );
    return venues.map((v) => ({ ...v, items: items.filter((i) => i.venue_id === v.venueId).map(toItem) }));
  }

  /** One enabled item's settings with the closures that touch it from today on. */
  async itemSettingsWithClosures(tenantId: number, venueId: number, itemId: number) {
    const item = await this.itemSettings(tenantId, venueId, itemId);
    const closures = await this.settings.closures(tenantId, venueId, chinaDate(this.clock.now()));
    return { ...item, closures: closures.filter((c) => c.item_id === null || c.item_id === itemId).map(toClosure) };
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

type Item = ReturnType<typeof toItem>;

/** One item of a venue's enabled items; refuses when the venue offers none or not this one. */
export function pickItem(items: Item[], itemId: number): Item {
  if (!items.length) throw refuse(venue.VENUE_NO_ITEMS);
  const item = items.find((i) => i.itemId === itemId);
  if (!item) throw refuse('该场馆未开设此运动项目');
  return item;
}

/** Refuses (a Chinese business error naming the reason) when a closure keeps the venue or item shut. */
export function assertNotClosed(closed: ClosureOnDay | null): void {
  if (closed) throw refuse(`场馆${closed.startDate === closed.endDate ? closed.startDate : `${closed.startDate}至${closed.endDate}`}闭馆：${closed.reason}`);
}
