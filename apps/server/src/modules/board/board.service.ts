import { sql } from 'kysely';
import { fenToYuan, chinaText, chinaToIso } from '@venue/contract';
import { CAPABILITIES, MAX_RANGE_DAYS, type Cockpit, type Flow, type Revenue, type Verifications } from '@venue/contract/board';
import type { Db } from '../../db/database.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type Session } from '../../plugins/session.ts';
import { daysOf, mergeRevenue } from './periods.ts';
import { BOARD_SOURCES, type BoardSource } from './sources/index.ts';
import { payableRevenue } from './sources/payable-revenue.ts';
import type { Range, SourceContext } from './sources/source.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayRange = (beginDate: string, endDate: string): Range => ({ beginIso: chinaToIso(beginDate), endIso: chinaToIso(endDate, true) });
const shiftDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The boards' figures: each asks every source that has the part, and merges what they answer. */
export class BoardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sources: readonly BoardSource[] = BOARD_SOURCES,
  ) {}

  private today() {
    return chinaText(this.clock.now()).slice(0, 10);
  }

  /** A date of a query as "YYYY-MM-DD", or a refusal for one that is no calendar date. */
  private dateOf(text: string | undefined, fallback: string): string {
    const date = (text ?? fallback).slice(0, 10);
    if (!DATE.test(date) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) throw refuse(`日期无效：${date}`);
    return date;
  }

  /** Where a board reads: one venue of the caller's (refused otherwise, -1100 when it is not the tenant's), or all of them. */
  private async context(s: Session, venueId?: number): Promise<SourceContext> {
    assertVenue(s, venueId);
    if (venueId && !(await this.venue(s.tenantId, venueId))) throw notFound('场馆不存在');
    const k = this.db.kysely;
    return {
      db: k,
      engine: this.db.engine,
      tenantId: s.tenantId,
      today: this.today(),
      venues: (column) => (venueId ? sql<boolean>`${sql.ref(column)} = ${venueId}` : inUserVenues(s, column)),
    };
  }

  /** Refuses a venue the caller may not read, or one that is not the tenant's. */
  async checkScope(s: Session, venueId?: number): Promise<void> {
    await this.context(s, venueId);
  }

  private venue(tenantId: number, venueId: number) {
    return this.db.kysely.selectFrom('venue').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
  }

  private landed(part: keyof BoardSource) {
    return [...new Set(this.sources.filter((s) => s[part]).map((s) => s.capability))];
  }

  async revenue(s: Session, q: { venueId?: number; beginDate?: string; endDate?: string; unit: Revenue['unit'] }): Promise<Revenue> {
    const ctx = await this.context(s, q.venueId);
    const endDate = this.dateOf(q.endDate, this.today());
    const beginDate = this.dateOf(q.beginDate, shiftDays(endDate, -29));
    if (beginDate > endDate) throw refuse('开始日期不能晚于结束日期');
    if (daysOf(beginDate, endDate).length > MAX_RANGE_DAYS) throw refuse(`统计范围不能超过${MAX_RANGE_DAYS}天`);
    const range = { ...dayRange(beginDate, endDate), unit: q.unit };
    const kinds = this.sources.flatMap((src) => (src.payable ? [{ capability: src.capability, ...src.payable }] : []));
    const [parts, venues] = await Promise.all([
      payableRevenue(ctx, range, kinds),
      this.db.kysely.selectFrom('venue').select(['id', 'name']).where('tenant_id', '=', s.tenantId).execute(),
    ]);
    const names = new Map(venues.map((v) => [v.id, v.name]));
    return { ...mergeRevenue(parts, { beginDate, endDate, unit: q.unit }, names), landed: this.landed('payable') };
  }

  /**
   * 容量: what 项目设置 allows inside at once, the sum over the venue's enabled items with a capacity
   * (0 there is no limit); null when no item has one.
   */
  private async capacity(tenantId: number, venueId: number): Promise<number | null> {
    const rows = await this.db.kysely
      .selectFrom('venue_item as vi')
      .innerJoin('sport_item as si', 'si.id', 'vi.item_id')
      .select('vi.capacity')
      .where('vi.tenant_id', '=', tenantId)
      .where('vi.venue_id', '=', venueId)
      .where('vi.state', '=', 'A')
      .where('si.state', '=', 'A')
      .where('vi.capacity', '>', 0)
      .execute();
    return rows.length ? rows.reduce((sum, r) => sum + Number(r.capacity), 0) : null;
  }

  async flow(s: Session, q: { venueId: number; date?: string }): Promise<Flow> {
    const ctx = await this.context(s, q.venueId);
    const venue = (await this.venue(s.tenantId, q.venueId))!;
    const date = this.dateOf(q.date, this.today());
    const days = daysOf(shiftDays(date, -29), date);
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, in: 0, out: 0 }));
    const gates = new Map<string, { key: string; label: string; in: number; out: number }>();
    const areas = new Map<string, { key: string; label: string; in: number; out: number }>();
    const perDay = new Map(days.map((d) => [d, 0]));
    // 在馆人数: per source the day's in less out, or (today) the people its rows hold inside now.
    let inVenue = 0;
    for (const src of this.sources) {
      if (!src.flow) continue;
      const rows = await src.flow(ctx, q.venueId, dayRange(date, date), dayRange(days[0], date));
      const net = rows.hours.reduce((n, r) => n + (r.direction === 'I' ? 1 : -1) * Number(r.passes), 0);
      inVenue += src.inside && date === this.today() ? await src.inside(ctx, q.venueId) : Math.max(0, net);
      const gateById = new Map(rows.gates.map((g) => [g.id, g]));
      for (const g of rows.gates) {
        gates.set(String(g.id), { key: String(g.id), label: g.name, in: 0, out: 0 });
        if (!areas.has(String(g.area_id))) areas.set(String(g.area_id), { key: String(g.area_id), label: g.area_name, in: 0, out: 0 });
      }
      for (const r of rows.hours) {
        const side = r.direction === 'I' ? 'in' : 'out';
        const n = Number(r.passes);
        hours[Number(r.hour)][side] += n;
        const gate = r.gate_id === null ? undefined : gateById.get(r.gate_id);
        if (gate) {
          gates.get(String(gate.id))![side] += n;
          areas.get(String(gate.area_id))![side] += n;
        }
      }
      for (const r of rows.days) perDay.set(r.day, (perDay.get(r.day) ?? 0) + Number(r.passes));
    }
    const inCount = hours.reduce((n, h) => n + h.in, 0);
    const outCount = hours.reduce((n, h) => n + h.out, 0);
    return {
      venueId: q.venueId,
      venueName: venue.name,
      date,
      landed: this.landed('flow'),
      inCount,
      outCount,
      inVenue,
      capacity: await this.capacity(s.tenantId, q.venueId),
      hours,
      byGate: [...gates.values()],
      byArea: [...areas.values()],
      days: [...perDay].map(([d, n]) => ({ date: d, in: n })),
    };
  }

  /** A day's verifications by source: one count per source that records them. */
  async verifications(s: Session, q: { venueId?: number; date?: string }): Promise<Verifications> {
    const ctx = await this.context(s, q.venueId);
    const date = this.dateOf(q.date, this.today());
    const withCounts = this.sources.filter((src) => src.verifications);
    const counts = await Promise.all(withCounts.map((src) => src.verifications!(ctx, dayRange(date, date))));
    const bySource = withCounts.map((src, i) => ({
      key: src.capability,
      label: src.capability === 'ticket' ? '门票' : CAPABILITIES[src.capability],
      count: counts[i],
    }));
    return { date, landed: this.landed('verifications'), total: counts.reduce((a, b) => a + b, 0), bySource };
  }

  async cockpit(s: Session, q: { venueId?: number }): Promise<Cockpit> {
    const ctx = await this.context(s, q.venueId);
    const today = this.today();
    const months = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`));
      d.setUTCMonth(d.getUTCMonth() - 11 + i);
      return d.toISOString().slice(0, 7);
    });
    const year = dayRange(`${months[0]}-01`, today);
    const month30 = dayRange(shiftDays(today, -29), today);
    const members = { total: 0, byMonth: new Map(months.map((m) => [m, 0])) };
    const cards = { active: 0, liabilityFen: 0, byMonth: new Map(months.map((m) => [m, { issued: 0, consumedFen: 0 }])) };
    const top: Cockpit['topGoods'] = [];
    await Promise.all(
      this.sources.map(async (src) => {
        const [m, c, t] = await Promise.all([src.members?.(ctx, year), src.cards?.(ctx, year), src.topGoods?.(ctx, month30)]);
        if (m) {
          members.total += m.total;
          for (const r of m.byMonth) if (members.byMonth.has(r.month)) members.byMonth.set(r.month, members.byMonth.get(r.month)! + Number(r.count));
        }
        if (c) {
          cards.active += c.active;
          cards.liabilityFen += c.liabilityFen;
          for (const r of c.byMonth) {
            const at = cards.byMonth.get(r.month);
            if (at) {
              at.issued += Number(r.issued);
              at.consumedFen += Number(r.consumed_fen);
            }
          }
        }
        for (const r of t ?? []) top.push({ goodsId: r.goods_id, goodsName: r.goods_name, quantity: Number(r.quantity), amount: fenToYuan(Number(r.fen)) });
      }),
    );
    return {
      landed: [...new Set([...this.landed('members'), ...this.landed('cards'), ...this.landed('topGoods')])],
      members: { total: members.total, byMonth: [...members.byMonth].map(([month, count]) => ({ month, count })) },
      cards: {
        active: cards.active,
        liability: fenToYuan(cards.liabilityFen),
        byMonth: [...cards.byMonth].map(([month, c]) => ({ month, issued: c.issued, consumed: fenToYuan(c.consumedFen) })),
      },
      topGoods: top.sort((a, b) => b.amount - a.amount).slice(0, 10),
    };
  }
}
