import type { ClosureOnDay, VenueService } from '../venue/index.ts';
import type { BookingAdminRepository, FieldRow } from './booking-admin.repository.ts';
import type { RuleRow } from './booking-grid.ts';
import type { BookingRepository } from './booking.repository.ts';

/** Who reads: the tenant, and the version of its rules read with the session (none: read now, keep nothing). */
export interface RulesReader {
  tenantId: number;
  rulesVersion?: number;
}
/** The venue's hours and state, with the state of one item's settings at it (null: not offered). */
export type VenueDay = NonNullable<Awaited<ReturnType<BookingRepository['venue']>>>;

interface TenantRules {
  version: number;
  fields: Map<string, Promise<readonly FieldRow[]>>;
  rules: Map<string, Promise<readonly RuleRow[]>>;
  venues: Map<string, Promise<VenueDay | undefined>>;
  closures: Map<string, Promise<ClosureOnDay | null>>;
}

/** More closure answers than this (venue × item × date) in one version: start over. */
const MAX_CLOSURE_KEYS = 2000;
/** More tenants than this kept: start over (as the payment methods' cache). */
const MAX_TENANTS = 1000;

/** Rows shared by every request: frozen, so no reader changes another's. */
const frozen = <T extends object>(rows: T[]): readonly T[] => Object.freeze(rows.map((r) => Object.freeze(r)));

/**
 * What the grid and a booking are judged against besides the bookings, kept in memory per tenant and
 * version of its rules (rules_version, bumped by triggers on every write to the venue, its item settings
 * and closures, the sport items, the fields and their price rules: 2026-11-28-3532-booking-rules-version.ts).
 * Each request reads the version with its session, so an admin's edit made through any server process,
 * or an operator's SQL, is seen on the very next request; nothing here is older than that version. A
 * failed read is not kept; what is kept is frozen (shared by every request). A reader without a version
 * reads the database.
 */
export class BookingRulesCache {
  private readonly tenants = new Map<number, TenantRules>();

  constructor(
    private readonly admin: Pick<BookingAdminRepository, 'fields' | 'rules'>,
    private readonly repo: Pick<BookingRepository, 'venue'>,
    private readonly venues: Pick<VenueService, 'closureOn'>,
  ) {}

  private of(t: RulesReader): TenantRules | undefined {
    if (t.rulesVersion === undefined) return undefined;
    let rules = this.tenants.get(t.tenantId);
    // Another version, newer or not (a database restored under a running server goes back): start over, as
    // the payment methods kept by the same version do; the rules read then are never older than it.
    if (rules?.version !== t.rulesVersion) {
      if (!rules && this.tenants.size >= MAX_TENANTS) this.tenants.clear();
      rules = { version: t.rulesVersion, fields: new Map(), rules: new Map(), venues: new Map(), closures: new Map() };
      this.tenants.set(t.tenantId, rules);
    }
    return rules;
  }

  private static keep<V>(map: Map<string, Promise<V>> | undefined, key: string, load: () => Promise<V>): Promise<V> {
    if (!map) return load();
    let answer = map.get(key);
    if (!answer) {
      answer = load();
      map.set(key, answer);
      answer.catch(() => map.get(key) === answer && map.delete(key));
    }
    return answer;
  }

  /** The item's fields at the venue, in their order. */
  fields(t: RulesReader, venueId: number, itemId: number): Promise<readonly FieldRow[]> {
    return BookingRulesCache.keep(this.of(t)?.fields, `${venueId}:${itemId}`, async () => frozen(await this.admin.fields(t.tenantId, venueId, itemId)));
  }

  /** The item's price rules at the venue. */
  rules(t: RulesReader, venueId: number, itemId: number): Promise<readonly RuleRow[]> {
    return BookingRulesCache.keep(this.of(t)?.rules, `${venueId}:${itemId}`, async () =>
      frozen(
        (await this.admin.rules(t.tenantId, venueId, itemId)).map((r) => {
          for (const list of [r.weekdays, r.dates, r.fieldIds, r.members]) Object.freeze(list);
          r.members.forEach((m) => Object.freeze(m));
          return r;
        }),
      ),
    );
  }

  /** The venue's hours and state with the item's settings state there. */
  venue(t: RulesReader, venueId: number, itemId: number): Promise<VenueDay | undefined> {
    return BookingRulesCache.keep(this.of(t)?.venues, `${venueId}:${itemId}`, async () => {
      const row = await this.repo.venue(t.tenantId, venueId, itemId);
      return row && Object.freeze(row);
    });
  }

  /** The closure that keeps the venue or the item shut on `date`, or null. */
  closureOn(t: RulesReader, venueId: number, itemId: number, date: string): Promise<ClosureOnDay | null> {
    const rules = this.of(t);
    if (rules && rules.closures.size >= MAX_CLOSURE_KEYS) rules.closures.clear();
    return BookingRulesCache.keep(rules?.closures, `${venueId}:${itemId}:${date}`, () => this.venues.closureOn(t.tenantId, venueId, date, itemId));
  }
}
