import { chinaText, chinaToIso } from '@venue/contract';
import type { gate, QueryOut } from '@venue/contract';
import type { Pass, PassFilters } from '@venue/contract/gate';
import { DAY_MS, iso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type Session, type UserSession } from '../../plugins/session.ts';
import type { VenueService } from '../venue/index.ts';
import type { ControllerEvent, EventSender } from './driver/gate-driver.ts';
import { isBroadcastAddress } from './event-endpoint.ts';
import { reasonText } from './pass-reasons.ts';
import type { PassFilter, PassRepository } from './pass.repository.ts';

type Listed = Awaited<ReturnType<PassRepository['page']>>['records'][number];
const KINDS: Record<number, 'S' | 'D' | 'A'> = { 1: 'S', 2: 'D', 3: 'A' };
/** An untimed event seen again within this is the board repeating it. */
const REPEAT_WINDOW_MS = 10 * 60_000;
const UNTIMED_REMEMBERED = 16;

/** What became of an event: recorded, or why not (an unknown board, a stranger's datagram, one kept already). */
export type RecordOutcome = 'recorded' | 'repeat' | 'type' | 'serial' | 'sender';

/** A board's events come from its own address, unless it is reached by broadcast (its own address is not known then). */
const sendsFrom = (c: { address: string; broadcast: 'T' | 'F' }, sender: string) =>
  c.broadcast === 'T' || isBroadcastAddress(c.address) || c.address === sender;

export const toPass = (r: Listed): Pass => ({
  passId: r.id,
  gateId: r.gate_id,
  gateName: r.gate_name ?? `${r.door}号门（未绑定闸机）`,
  areaName: r.area_name ?? '',
  venueName: r.venue_name ?? '',
  controllerName: r.controller_name,
  serialNo: Number(r.serial_no),
  door: r.door,
  direction: r.direction,
  kind: r.kind,
  cardNumber: r.card_number === null ? null : Number(r.card_number),
  cardNo: r.card_no,
  memberName: r.member_name,
  granted: r.granted,
  reason: reasonText(r.reason),
  passTime: r.pass_time,
  timeSource: r.time_source,
});

/** 闸机通行记录: the events the controllers report, kept once each, and the visitor flow they make. */
export class PassService {
  /** Per controller, its latest events without a time, and when each was last seen. */
  private readonly untimed = new Map<number, Map<string, number>>();

  constructor(
    private readonly repo: PassRepository,
    private readonly venues: VenueService,
    private readonly clock: Clock,
  ) {}

  /**
   * One event from a controller: the gate on its door gives the venue and the direction (in door or out
   * door), the card number gives the member card. Taken only from a configured board, sent from the
   * board's own address (unless that is a broadcast address); an event without a real time is kept
   * with the time it arrived, marked so.
   */
  async record(event: ControllerEvent, from: EventSender): Promise<RecordOutcome> {
    const kind = KINDS[event.type];
    if (!kind) return 'type';
    const controllers = await this.repo.controllersBySerial(event.serialNo);
    if (!controllers.length) return 'serial';
    const senders = controllers.filter((c) => sendsFrom(c, from.address));
    if (!senders.length) return 'sender';
    const now = this.clock.now();
    const boardTime = event.timestamp;
    let recorded = false;
    for (const controller of senders) {
      if (boardTime === null && this.seenLately(controller.id, event, now)) continue;
      const gate = await this.repo.gateOnDoor(controller.id, event.door);
      const direction = gate?.in_door === event.door ? 'I' : gate?.out_door === event.door ? 'O' : event.direction === 2 ? 'O' : 'I';
      const card = kind === 'S' && event.card > 0 ? await this.repo.cardByNumber(controller.tenant_id, event.card) : undefined;
      const inserted = await this.repo.insert({
        tenant_id: controller.tenant_id,
        venue_id: gate?.venue_id ?? null,
        gate_id: gate?.id ?? null,
        controller_id: controller.id,
        event_index: event.index,
        door: event.door,
        direction,
        kind,
        card_number: kind === 'S' && event.card > 0 ? event.card : null,
        card_id: card?.id ?? null,
        granted: event.granted ? 'T' : 'F',
        reason: event.reason,
        pass_time: boardTime === null ? iso(now) : chinaToIso(boardTime),
        time_source: boardTime === null ? 'A' : 'C',
        created_at: iso(now),
      });
      recorded ||= inserted;
    }
    return recorded ? 'recorded' : 'repeat';
  }

  /**
   * Whether a board resends an event without a time it reported within the last minutes (a board may
   * repeat its latest event): the arrival time differs each time, so the table cannot tell. The last
   * few such events of each board are remembered.
   */
  private seenLately(controllerId: number, e: ControllerEvent, now: Date): boolean {
    const key = [e.index, e.type, e.door, e.card, e.granted, e.reason].join(':');
    const seen = this.untimed.get(controllerId) ?? new Map<string, number>();
    this.untimed.set(controllerId, seen);
    const at = seen.get(key);
    seen.delete(key);
    seen.set(key, now.getTime());
    if (seen.size > UNTIMED_REMEMBERED) seen.delete(seen.keys().next().value!);
    return at !== undefined && now.getTime() - at < REPEAT_WINDOW_MS;
  }

  filterOf(s: UserSession, q: PassFilters): PassFilter {
    assertVenue(s, q.venueId);
    return {
      within: inUserVenues(s, 'p.venue_id'),
      beginIso: q.beginTime ? chinaToIso(q.beginTime) : undefined,
      endIso: q.endTime ? chinaToIso(q.endTime, true) : undefined,
      venueId: q.venueId,
      areaId: q.areaId,
      gateId: q.gateId,
      keyword: q.keyword || undefined,
      direction: q.direction,
      kind: q.kind,
      granted: q.granted,
    };
  }

  async page(s: UserSession, q: QueryOut<typeof gate.passQuery>) {
    return mapPage(await this.repo.page(s.tenantId, this.filterOf(s, q), pageWindow(q)), toPass);
  }

  async *exportBatches(s: UserSession, q: PassFilters): AsyncGenerator<Pass[]> {
    for await (const rows of this.repo.batches(s.tenantId, this.filterOf(s, q))) yield rows.map(toPass);
  }

  /** A venue's day (China time; today by default): granted swipes in and out, people inside, and per hour. */
  async flow(s: Session, venueId: number, date?: string) {
    assertVenue(s, venueId);
    if (!(await this.venues.findVenue(s.tenantId, venueId))) throw notFound('场馆不存在');
    const day = (date ?? chinaText(this.clock.now())).slice(0, 10);
    const begin = chinaToIso(day);
    const rows = await this.repo.grantedSwipes(s.tenantId, venueId, begin, iso(new Date(new Date(begin).getTime() + DAY_MS - 1)));
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, in: 0, out: 0 }));
    for (const r of rows) {
      const hour = Number(chinaText(new Date(r.pass_time)).slice(11, 13));
      hours[hour][r.direction === 'I' ? 'in' : 'out'] += 1;
    }
    const inCount = hours.reduce((n, h) => n + h.in, 0);
    const outCount = hours.reduce((n, h) => n + h.out, 0);
    return { venueId, date: day, inCount, outCount, inVenue: Math.max(0, inCount - outCount), hours };
  }
}
