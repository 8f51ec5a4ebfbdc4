import type { ticket } from '@venue/contract';
import type { ClosureOnDay, VenueService } from '../venue/index.ts';
import { slotsOf } from './ticket.mapper.ts';
import type { TicketTypeRepository } from './ticket-type.repository.ts';

type Item = Awaited<ReturnType<VenueService['enabledItems']>>[number];

interface TenantRules {
  version: number;
  slots: Map<number, Promise<ticket.TicketTime[]>>;
  items: Map<number, Promise<Item[]>>;
  closures: Map<string, Promise<ClosureOnDay | null>>;
}

/** More closure answers than this (venue × item × day) in one version: start over. */
const MAX_CLOSURE_KEYS = 2000;

/**
 * What a ticket check is judged against besides the ticket, kept in memory per tenant and version of its
 * ticket rules (ticket_rules_version, bumped by triggers on every write to the item settings, closures and
 * ticket types with their slots). The check reads the version with its tickets, so an admin's edit made
 * through any server process is seen on the next check; nothing here is ever older than that version.
 * A failed load is not kept.
 */
export class TicketRulesCache {
  private readonly tenants = new Map<number, TenantRules>();

  constructor(
    private readonly types: Pick<TicketTypeRepository, 'slots'>,
    private readonly venues: Pick<VenueService, 'enabledItems' | 'closureOn'>,
  ) {}

  private of(tenantId: number, version: number): TenantRules {
    let rules = this.tenants.get(tenantId);
    // A check that read an older version (its statement began before an edit committed) is served the newer rules.
    if (!rules || version > rules.version) {
      rules = { version, slots: new Map(), items: new Map(), closures: new Map() };
      this.tenants.set(tenantId, rules);
    }
    return rules;
  }

  private static keep<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
    let answer = map.get(key);
    if (!answer) {
      answer = load();
      map.set(key, answer);
      answer.catch(() => map.get(key) === answer && map.delete(key));
    }
    return answer;
  }

  /** The use-time slots of each type (one query for those not kept yet). */
  async slots(tenantId: number, version: number, typeIds: number[]): Promise<Map<number, ticket.TicketTime[]>> {
    const rules = this.of(tenantId, version);
    const missing = typeIds.filter((id) => !rules.slots.has(id));
    if (missing.length) {
      const loaded = this.types.slots(tenantId, missing);
      for (const id of missing) {
        const one = loaded.then((rows) => slotsOf(rows, id));
        rules.slots.set(id, one);
        one.catch(() => rules.slots.get(id) === one && rules.slots.delete(id));
      }
    }
    return new Map(await Promise.all(typeIds.map(async (id) => [id, await rules.slots.get(id)!] as const)));
  }

  /** The venue's enabled items with their settings. */
  items(tenantId: number, version: number, venueId: number): Promise<Item[]> {
    return TicketRulesCache.keep(this.of(tenantId, version).items, venueId, () => this.venues.enabledItems(tenantId, venueId));
  }

  /** The closure that keeps the venue or the item shut on `day`, or null. */
  closureOn(tenantId: number, version: number, venueId: number, itemId: number, day: string): Promise<ClosureOnDay | null> {
    const rules = this.of(tenantId, version);
    if (rules.closures.size >= MAX_CLOSURE_KEYS) rules.closures.clear();
    return TicketRulesCache.keep(rules.closures, `${venueId}:${itemId}:${day}`, () => this.venues.closureOn(tenantId, venueId, day, itemId));
  }
}
