import { chinaText } from '@venue/contract';
import { addMs, iso, type Clock } from '../../lib/clock.ts';
import type { CardRecord, ControllerTarget, GateDriver } from './driver/gate-driver.ts';
import { GateDriverError } from './driver/gate-driver.ts';
import type { CardAccessRepository, PushRow, PushWish, SyncScope, VenueGrant } from './card-access.repository.ts';
import { targetOf } from './controller.target.ts';
import type { GateLog } from './gate-log.ts';

/** A card's record on the boards: from its validity (China dates); open-ended cards run to 2099. */
const NO_BEGIN = '2000-01-01';
const NO_END = '2099-12-31';
const LEASE_MS = 60_000;
const BATCH = 200;
/**
 * A pay or a cancel is stamped before its transaction commits; a round that read in between did not see
 * it, and the next round, asking only after its own start, would miss it for good. Each round asks again
 * over this much before the last one (setting a card's records again changes nothing when nothing moved).
 */
export const TIMED_SETTLE_MS = 60_000;
/** A failed record waits 5 s, then twice as long after each failure, at most 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);

/** The number a reader sends for a physical card id: 1 to 10 digits, at most 4294967295; else no board can hold it. */
export function cardNumberOf(phyCardId: string | null): number | null {
  if (!phyCardId || !/^\d{1,10}$/.test(phyCardId)) return null;
  const n = Number(phyCardId);
  return n > 0 && n <= 4_294_967_295 ? n : null;
}

/**
 * Gate access for a while, from another module (a booking's time at its venue): which cards may pass
 * which venues' member gates now, and which cards' grants began or ended since a moment, so that the
 * queue's rounds write and remove their records as their times come.
 */
export interface TimedGrants {
  current(tenantId: number, cardIds: number[] | null, nowMs: number): Promise<VenueGrant[]>;
  /** Per tenant, the cards whose grants began or ended in (sinceMs, nowMs]; since null (a new process): any that may have. */
  changed(sinceMs: number | null, nowMs: number): Promise<Map<number, number[]>>;
}

const chinaDate = (isoText: string) => chinaText(new Date(isoText)).slice(0, 10);
const keyOf = (controllerId: number, cardNumber: number) => `${controllerId}:${cardNumber}`;

/**
 * Gate access of member cards: a valid card (state A, opened, within validity, not blacklisted, with a
 * physical card id) is written to the controllers of the gates its card type may pass, and removed when
 * that stops. What each controller should hold is kept in the database (gate_card_push) first and sent
 * after, so a controller that is down gets it on a later try, whichever server process makes it.
 */
export class CardAccessService {
  private readonly inFlight = new Set<Promise<void>>();
  private ticking = false;
  private lastDropDay = '';
  private readonly timed: TimedGrants[] = [];
  /** When the timed grants were last looked at (null: not yet by this process). */
  private timedSeen: number | null = null;
  log: GateLog = { warn: () => undefined };

  constructor(
    private readonly repo: CardAccessRepository,
    /** The one driver of the process, shared with the rest of the gate module. */
    readonly driver: GateDriver,
    private readonly clock: Clock,
  ) {}

  /** The cards changed (opened, bound, extended, state or blacklist): their records are queued and sent now, in the background. */
  async syncCards(tenantId: number, cardIds: number[]): Promise<void> {
    if (!cardIds.length) return;
    this.send(await this.reconcile(tenantId, { cardIds: [...new Set(cardIds)] }));
  }

  /** Every card record of a controller checked again (its gates changed); `resend` also sends the unchanged ones (a wiped board). */
  async syncController(tenantId: number, controllerId: number, resend = false): Promise<number> {
    const queued = new Set(await this.reconcile(tenantId, { controllerId }));
    if (resend) for (const id of await this.repo.requeueController(tenantId, controllerId, iso(this.clock.now()))) queued.add(id);
    this.send([...queued]);
    return queued.size;
  }

  /** A module's timed gate access (bookings): its cards' records follow its grants too. */
  registerGrants(grants: TimedGrants) {
    this.timed.push(grants);
  }

  private async reconcile(tenantId: number, scope: SyncScope): Promise<number[]> {
    const now = this.clock.now();
    const wishes = new Map<string, PushWish>();
    const rows = await this.repo.wanted(tenantId, scope, iso(now));
    for (const t of this.timed) {
      const grants = await t.current(tenantId, 'cardIds' in scope ? scope.cardIds : null, now.getTime());
      rows.push(...(await this.repo.wantedAtVenues(tenantId, grants, scope, iso(now))));
    }
    for (const row of rows) {
      const cardNumber = cardNumberOf(row.phy_card_id);
      if (cardNumber === null) continue;
      const key = keyOf(row.controller_id, cardNumber);
      const wish = wishes.get(key) ?? {
        tenant_id: tenantId,
        controller_id: row.controller_id,
        card_number: cardNumber,
        card_id: row.card_id,
        doors: '',
        valid_from: row.use_begin ? chinaDate(row.use_begin) : NO_BEGIN,
        valid_to: row.use_end ? chinaDate(row.use_end) : NO_END,
      };
      const doors = new Set([...wish.doors.split(',').filter(Boolean).map(Number), row.in_door, row.out_door].filter((d): d is number => !!d));
      wish.doors = [...doors].sort().join(',');
      wishes.set(key, wish);
    }
    const existing = await this.repo.existing(tenantId, scope);
    const same = (e: PushRow, w: PushWish) =>
      e.action === 'PUT' && e.card_id === w.card_id && e.doors === w.doors && e.valid_from === w.valid_from && e.valid_to === w.valid_to;
    const byKey = new Map(existing.map((e) => [keyOf(e.controller_id, e.card_number), e]));
    const changed = [...wishes.entries()].filter(([key, w]) => !byKey.has(key) || !same(byKey.get(key)!, w)).map(([, w]) => w);
    const gone = existing.filter((e) => e.action === 'PUT' && !wishes.has(keyOf(e.controller_id, e.card_number))).map((e) => e.id);
    return this.repo.want(changed, gone, iso(now));
  }

  /** Sends these queued records in the background (the request that queued them does not wait for the boards). */
  private send(ids: number[]) {
    if (!ids.length) return;
    const now = this.clock.now();
    this.track(this.repo.claim(iso(now), iso(addMs(now, LEASE_MS)), ids.length, ids).then((rows) => this.push(rows)));
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => this.log.warn({ err: error }, '闸机卡权限下发失败')).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return tracked;
  }

  /** One round of the retry queue: due records sent, records of ended cards dropped once a day. */
  tick(): Promise<void> {
    if (this.ticking) return Promise.resolve();
    this.ticking = true;
    return this.track(this.round().finally(() => (this.ticking = false)));
  }

  private async round() {
    const now = this.clock.now();
    const today = chinaText(now).slice(0, 10);
    if (today !== this.lastDropDay) {
      await this.repo.dropEnded(today, iso(now));
      this.lastDropDay = today;
    }
    // Timed grants that began or ended since the last round: those cards' records are set again (queued due now, sent below).
    for (const t of this.timed) {
      const since = this.timedSeen === null ? null : this.timedSeen - TIMED_SETTLE_MS;
      for (const [tenantId, cardIds] of await t.changed(since, now.getTime())) if (cardIds.length) await this.reconcile(tenantId, { cardIds });
    }
    this.timedSeen = now.getTime();
    await this.push(await this.repo.claim(iso(now), iso(addMs(now, LEASE_MS)), BATCH));
  }

  /** Waits for the sends in progress (the server is closing). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Each controller's records in turn, the controllers in parallel; a board that does not answer keeps the rest for later. */
  private async push(rows: PushRow[]): Promise<void> {
    if (!rows.length) return;
    const controllers = new Map((await this.repo.controllers([...new Set(rows.map((r) => r.controller_id))])).map((k) => [k.id, k]));
    const groups = new Map<number, PushRow[]>();
    for (const row of rows) groups.set(row.controller_id, [...(groups.get(row.controller_id) ?? []), row]);
    await Promise.all(
      [...groups.entries()].map(async ([controllerId, group]) => {
        const controller = controllers.get(controllerId);
        if (!controller || controller.state !== 'A') return this.fail(group, '控制器已停用，恢复启用后下发');
        const target = targetOf(controller);
        for (const [i, row] of group.entries()) {
          try {
            await this.apply(target, row);
            await this.repo.done(row, iso(this.clock.now()));
          } catch (error) {
            const message = error instanceof GateDriverError ? error.message : String(error);
            if (error instanceof GateDriverError && error.reason !== 'refused') return this.fail(group.slice(i), message);
            await this.fail([row], message);
          }
        }
      }),
    );
  }

  private apply(target: ControllerTarget, row: PushRow) {
    if (row.action === 'DEL') return this.driver.deleteCard(target, row.card_number);
    const card: CardRecord = { number: row.card_number, from: row.valid_from, to: row.valid_to, doors: row.doors.split(',').filter(Boolean).map(Number) };
    return this.driver.putCard(target, card);
  }

  private async fail(rows: PushRow[], message: string) {
    const now = this.clock.now();
    for (const row of rows) await this.repo.failed(row, message, iso(addMs(now, retryDelayMs(row.attempts + 1))), iso(now));
  }
}
