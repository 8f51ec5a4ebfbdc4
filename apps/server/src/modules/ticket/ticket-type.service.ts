import type { BodyOut, QueryOut, ticket } from '@venue/contract';
import { yuanToFen } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import { toTicketType } from './ticket.mapper.ts';
import { venueClock } from './ticket-rules.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/index.ts';
import type { TicketTypeRepository } from './ticket-type.repository.ts';

type Fields = BodyOut<typeof ticket.typeAdd>;
export const TYPE_MISSING = '票种不存在';

/** Ticket types (票种): the venue's, of one of its sports items, with their use-time slots. */
export class TicketTypeService {
  constructor(
    private readonly repo: TicketTypeRepository,
    private readonly venues: Pick<VenueService, 'itemSettings'>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  private async withSlots(tenantId: number, rows: Awaited<ReturnType<TicketTypeRepository['find']>>) {
    const slots = await this.repo.slots(
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toTicketType(r, slots));
  }

  async page(s: UserSession, q: QueryOut<typeof ticket.typeQuery>) {
    const { total, records } = await this.repo.page(
      s.tenantId,
      { name: q.typeName, venueId: q.venueId, state: q.state, visible: inUserVenues(s, 't.venue_id') },
      pageWindow(q),
    );
    return { total, records: await this.withSlots(s.tenantId, records) };
  }

  async forSale(s: UserSession, venueId: number) {
    assertVenue(s, venueId);
    return this.withSlots(s.tenantId, await this.repo.forSale(s.tenantId, venueId, venueClock(this.clock.now()).date));
  }

  async get(s: UserSession, typeId: number) {
    const [row] = await this.repo.find(s.tenantId, [typeId]);
    if (!row) throw notFound(TYPE_MISSING);
    assertVenue(s, row.venue_id);
    return (await this.withSlots(s.tenantId, [row]))[0];
  }

  async save(s: UserSession, typeId: number | null, f: Fields) {
    const before = typeId === null ? null : await this.get(s, typeId);
    assertVenue(s, f.venueId);
    if (f.useBeginDate > f.useEndDate) throw refuse('有效期开始不能晚于结束');
    for (const t of f.useTimeList) if (t.beginTime >= t.endTime) throw refuse(`使用时段 ${t.beginTime}-${t.endTime} 的开始时间应早于结束时间`);
    await this.venues.itemSettings(s.tenantId, f.venueId, f.itemId);
    if (await this.repo.nameTaken(s.tenantId, f.venueId, f.typeName, typeId)) throw alreadyExists('该场馆已有同名票种');
    const id = await this.repo.save(
      s.tenantId,
      typeId,
      {
        venue_id: f.venueId,
        item_id: f.itemId,
        name: f.typeName,
        price_fen: yuanToFen(f.price),
        use_begin_date: f.useBeginDate,
        use_end_date: f.useEndDate,
        uses: f.uses,
        with_hand: f.withHand,
        free_minutes: f.freeMinutes,
        overtime_minutes: f.overtimeMinutes,
        overtime_price_fen: yuanToFen(f.overtimePrice),
        state: f.state,
      },
      f.useTimeList.map((t) => ({ begin_week: t.beginWeek, end_week: t.endWeek, begin_time: t.beginTime, end_time: t.endTime })),
      iso(this.clock.now()),
    );
    const after = await this.get(s, id);
    const action = before ? 'ticketType.edit' : 'ticketType.add';
    await this.audit.recordNow(s, { action, target: `票种 ${after.typeName}`, venueId: after.venueId, before, after });
    return after;
  }
}
