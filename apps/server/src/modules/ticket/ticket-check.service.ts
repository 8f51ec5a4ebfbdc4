import { Code, fenToYuan, ticket, ticketDesk } from '@venue/contract';
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type Session, type UserSession } from '../../plugins/session.ts';
import { canUse, overstay, venueClock } from './ticket-rules.ts';
import { assertNotClosed, pickItem } from '../venue/index.ts';
import type { TicketRulesCache } from './ticket-rules-cache.ts';
import type { TicketCheckRepository } from './ticket-check.repository.ts';
import type { TimeoutRepository } from './timeout.repository.ts';

type InsideEntry = NonNullable<Awaited<ReturnType<TicketCheckRepository['inside']>>>;

/** Verification of tickets (entries), exits with their overstay, and the in-venue count. */
export class TicketCheckService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly checks: TicketCheckRepository,
    private readonly rules: TicketRulesCache,
    private readonly timeouts: TimeoutRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Each venue item the tickets enter must be open today and have room for them (its capacity, 0 = no
   * limit); the settings and closures come from the rules kept for `version`.
   */
  private async assertRoom(s: UserSession, version: number, entries: { venue_id: number; item_id: number }[], today: string) {
    const byItem = new Map<string, { venueId: number; itemId: number; n: number }>();
    for (const e of entries) {
      const key = `${e.venue_id}:${e.item_id}`;
      byItem.set(key, { venueId: e.venue_id, itemId: e.item_id, n: (byItem.get(key)?.n ?? 0) + 1 });
    }
    for (const { venueId, itemId, n } of byItem.values()) {
      assertNotClosed(await this.rules.closureOn(s.tenantId, version, venueId, itemId, today));
      const item = pickItem(await this.rules.items(s.tenantId, version, venueId), itemId);
      if (!item.capacity) continue;
      const inside = (await this.checks.peopleCount(s.tenantId, sql<boolean>`c.item_id = ${itemId}`, venueId)).reduce((sum, r) => sum + Number(r.n), 0);
      if (inside + n > item.capacity) throw refuse(`${item.itemName}场内人数已满（限${item.capacity}人，场内${inside}人）`);
    }
  }

  /**
   * Verifies tickets of one order at once: each must be usable now (state, dates, weekday and slot in
   * the venue's time zone), judged by the rules kept in memory for the tenant's ticket rules version read
   * with the tickets. Every use is taken by a conditional update (one statement with the entry on
   * PostgreSQL; one transaction for several tickets or on SQLite): of two desks racing, one verifies and
   * the other is told 票据已使用; nothing is written on a refusal.
   * `hands` (checkTicketWithHand): the band issued with each ticket whose type issues one (and only those);
   * a band is worn by one entry inside at a time.
   */
  async check(s: UserSession, detailIds: number[], hands?: Map<number, { id: number; venueId: number; handNo: string }>) {
    const ids = [...new Set(detailIds)];
    const found = await this.checks.forCheck(s.tenantId, ids);
    if (found.length !== ids.length) throw new BizError(Code.NO_DATA, ticket.TICKET_MSG.notFound);
    if (new Set(found.map((d) => d.order_id)).size > 1) throw refuse(ticket.TICKET_MSG.notOneOrder);
    assertVenue(s, ...found.map((d) => d.venue_id));
    const version = Number(found[0].rules_version);
    const slots = await this.rules.slots(s.tenantId, version, [...new Set(found.map((d) => d.type_id))]);
    const now = this.clock.now();
    const uses = found.map((d) => {
      const band = hands?.get(d.id);
      if (hands && d.with_hand === 'T' && !band) throw refuse(`${d.type_name}：${ticket.TICKET_MSG.handRequired}`);
      if (band && d.with_hand !== 'T') throw refuse(`${d.type_name}：${ticket.TICKET_MSG.noHandIssued}`);
      if (band && band.venueId !== d.venue_id) throw refuse(`手牌${band.handNo}不属于票据的场馆`);
      const answer = canUse(
        {
          detailState: d.detail_state,
          useBeginDate: d.use_begin_date,
          useEndDate: d.use_end_date,
          usesLeft: d.uses_left,
          useTimeList: slots.get(d.type_id) ?? [],
        },
        now,
      );
      if (!answer.ok) throw refuse(`${d.type_name}：${answer.reason}`);
      return { d, slotEnd: answer.slotEnd, band };
    });
    await this.assertRoom(s, version, found, venueClock(now).date);
    const enter = async (db: Executor) => {
      for (const { d, slotEnd, band } of uses) {
        const entry = {
          tenant_id: s.tenantId,
          detail_id: d.id,
          venue_id: d.venue_id,
          item_id: d.item_id,
          slot_end: iso(slotEnd),
          checked_by: s.userId,
          checked_at: iso(now),
          hand_id: band?.id ?? null,
        };
        if (!(await this.checks.enter(db, entry))) throw refuse(`${d.type_name}：票据已使用`);
      }
    };
    try {
      if (uses.length === 1 && this.checks.oneStatement) await enter(this.db);
      else await this.db.transaction().execute(enter);
    } catch (error) {
      // Another desk issued one of these bands to an entry still inside, between our look and our write.
      if (isUniqueViolation(error)) throw refuse(ticket.TICKET_MSG.handWorn);
      throw error;
    }
    return { checked: uses.length, orderId: found[0].order_id };
  }

  async peopleCount(s: Session, venueId?: number) {
    assertVenue(s, venueId);
    const rows = await this.checks.peopleCount(s.tenantId, inUserVenues(s, 'c.venue_id'), venueId);
    return rows.map((r) => ({ venueId: r.venue_id, venueName: r.venue_name, itemId: r.item_id, itemName: r.item_name, count: Number(r.n) }));
  }

  /**
   * An exit: within the slot and its free minutes the ticket leaves at once; past them an overstay order
   * (超时) is made (or the unpaid one found) and the exit waits for its payment.
   */
  async exit(s: UserSession, qrCode: string) {
    const entry = await this.checks.inside(s.tenantId, qrCode);
    if (!entry) throw new BizError(Code.NO_DATA, '未查询到在场的票据');
    assertVenue(s, entry.venue_id);
    return this.leave(s, entry);
  }

  /**
   * Closing time (清场): every entry of the venue (or one of its items) still inside that owes nothing
   * leaves; each one past its slot and free minutes gets its overstay order and is listed, to be paid.
   */
  async exitAll(s: UserSession, venueId: number, itemId?: number) {
    assertVenue(s, venueId);
    const venue = await this.db.selectFrom('venue').select('id').where('tenant_id', '=', s.tenantId).where('id', '=', venueId).executeTakeFirst();
    if (!venue) throw notFound('场馆不存在');
    const entries = await this.checks.allInside(s.tenantId, venueId, itemId);
    let left = 0;
    const owing: { qrCode: string; typeName: string; timeoutOrderId: number; minutes: number; pricePay: number }[] = [];
    for (const entry of entries) {
      const answer = await this.leave(s, entry);
      if (answer.left) left += 1;
      else
        owing.push({
          qrCode: entry.qr_code,
          typeName: entry.type_name,
          timeoutOrderId: answer.timeoutOrderId!,
          minutes: answer.minutes,
          pricePay: answer.pricePay,
        });
    }
    return { left, owing };
  }

  /**
   * ticket/ticketTimeoutOrder/createOrder: the overstay order of a ticket inside past its slot and free
   * minutes, made (or re-priced while unpaid) without letting it out; paid, the entry leaves.
   */
  async chargeOverstay(s: UserSession, qrCode: string) {
    const entry = await this.checks.inside(s.tenantId, qrCode);
    if (!entry) throw new BizError(Code.NO_DATA, ticketDesk.TIMEOUT_MSG.notInside);
    assertVenue(s, entry.venue_id);
    const now = this.clock.now();
    if (this.owed(entry, now).fen === 0) throw refuse(ticketDesk.TIMEOUT_MSG.notOverdue);
    const order = await this.timeoutOrder(s, entry, now);
    return { timeoutOrderId: order.timeoutOrderId!, minutes: order.minutes, pricePay: order.pricePay };
  }

  private owed(entry: InsideEntry, now: Date) {
    return overstay(new Date(entry.slot_end), now, {
      freeMinutes: entry.free_minutes,
      periodMinutes: entry.overtime_minutes,
      periodFen: entry.overtime_price_fen,
    });
  }

  private async leave(s: UserSession, entry: InsideEntry) {
    const now = this.clock.now();
    const owed = this.owed(entry, now);
    if (owed.fen === 0) {
      await this.checks.exit(this.db, s.tenantId, entry.id, iso(now));
      return { left: true, timeoutOrderId: null, minutes: owed.minutes, pricePay: 0 };
    }
    return this.timeoutOrder(s, entry, now);
  }

  private async timeoutOrder(s: UserSession, entry: InsideEntry, now: Date) {
    const owed = this.owed(entry, now);
    const order = await this.timeouts.upsert(s.tenantId, {
      check_id: entry.id,
      venue_id: entry.venue_id,
      minutes: owed.minutes,
      price_pay_fen: owed.fen,
      created_by: s.userId,
      created_at: iso(now),
    });
    return { left: false, timeoutOrderId: order.id, minutes: order.minutes, pricePay: fenToYuan(order.price_pay_fen) };
  }
}
