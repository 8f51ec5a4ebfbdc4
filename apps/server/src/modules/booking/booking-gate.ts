import type { TimedGrants } from '../gate/index.ts';
import type { BookingAdminService } from './booking-admin.service.ts';
import { cellStart } from './booking-grid.ts';
import type { BookingRepository } from './booking.repository.ts';

const DAY_MS = 86_400_000;
/** The most days back a round looks for grants that ended (a process that slept, a clock moved by a test). */
const LOOK_BACK_DAYS = 7;
type CardCell = Awaited<ReturnType<BookingRepository['cardCells']>>[number];

/** A cell's window begins at most this long before it ends: the longest margin (720 minutes) and a slot, with room. */
const REACH_MS = 2 * DAY_MS;
const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * A member's card passes the gates of its booking's venue during the booked time: from the tenant's
 * gateEarlyMinutes before a paid cell (to be used, or in use) starts until it ends. Written to the
 * controllers like other card access (the gate module's card queue asks `current` when it sets a card's
 * records, and `changed` each round, so a record comes as a cell's time begins and goes as it ends, is
 * paid, or is cancelled).
 */
export function bookingGateGrants(repo: BookingRepository, admin: BookingAdminService): TimedGrants {
  const margins = async (tenantIds: number[]) =>
    new Map(await Promise.all([...new Set(tenantIds)].map(async (t) => [t, (await admin.setting(t)).gateEarlyMinutes * 60_000] as const)));
  const windowOf = (c: CardCell, marginMs: number) => ({ from: cellStart(c.use_date, c.begin_time).getTime() - marginMs, to: Date.parse(c.ends_at) });
  const paid = (c: CardCell) => (c.pay_state === 'P' || c.pay_state === 'PR') && (c.state === 'A' || c.state === 'U');

  return {
    async current(tenantId, cardIds, nowMs) {
      if (cardIds && !cardIds.length) return [];
      const cells = (await repo.cardCells(['A', 'U'], isoOf(nowMs), isoOf(nowMs + REACH_MS), { tenantId, cardIds })).filter(paid);
      if (!cells.length) return [];
      const margin = (await margins([tenantId])).get(tenantId)!;
      const open = cells.filter((c) => {
        const w = windowOf(c, margin);
        return w.from <= nowMs && nowMs < w.to;
      });
      return [...new Map(open.map((c) => [`${c.card_id}:${c.venue_id}`, { cardId: c.card_id!, venueId: c.venue_id }])).values()];
    },

    async changed(sinceMs, nowMs) {
      // A window that began or ended since `since` ends after it; one that has begun by now ends within the reach.
      // A new process looks back the whole week: a record whose time ended while no process ran is taken off too.
      const from = Math.max(sinceMs ?? 0, nowMs - LOOK_BACK_DAYS * DAY_MS);
      const cells = await repo.cardCells(['A', 'U', 'C', 'N'], isoOf(from), isoOf(nowMs + REACH_MS), null);
      const byTenant = new Map<number, Set<number>>();
      if (!cells.length) return new Map();
      const margin = await margins(cells.map((c) => c.tenant_id));
      const within = (at: number | string | null) => {
        if (at === null) return false;
        const ms = typeof at === 'number' ? at : Date.parse(at);
        return (sinceMs === null || ms > sinceMs) && ms <= nowMs;
      };
      for (const c of cells) {
        const w = windowOf(c, margin.get(c.tenant_id)!);
        // A new process sets every card with a cell in that reach again; else the cells whose time began or ended, or that were paid or voided since.
        const moved = sinceMs === null || within(w.from) || within(w.to) || within(c.paid_at) || within(c.voided_at);
        if (!moved) continue;
        const set = byTenant.get(c.tenant_id) ?? new Set<number>();
        set.add(c.card_id!);
        byTenant.set(c.tenant_id, set);
      }
      return new Map([...byTenant].map(([t, ids]) => [t, [...ids]]));
    },
  };
}
