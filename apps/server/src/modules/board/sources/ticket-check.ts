import { sql } from 'kysely';
import { TicketCheckRepository } from '../../ticket/ticket-check.repository.ts';
import { localPart } from '../local-time.ts';
import type { BoardSource } from './source.ts';

/**
 * 门票 entries: verified tickets (ticket_check) of a venue, per hour on a day (in at the verification,
 * out at the exit) and per day before it; inside now is the very count queryPeopleCount answers.
 */
export const ticketCheckSource: BoardSource = {
  capability: 'ticket',
  async flow(ctx, venueId, day, days) {
    const checks = () => ctx.db.selectFrom('ticket_check').where('tenant_id', '=', ctx.tenantId).where('venue_id', '=', venueId);
    const inHour = localPart(ctx.engine, 'checked_at', 'hour');
    const outHour = localPart(ctx.engine, 'exit_at', 'hour');
    const date = localPart(ctx.engine, 'checked_at', 'day');
    const [ins, outs, perDay] = await Promise.all([
      checks()
        .where('checked_at', '>=', day.beginIso)
        .where('checked_at', '<=', day.endIso)
        .select([inHour.as('hour'), (eb) => eb.fn.countAll<string>().as('passes')])
        .groupBy(inHour)
        .execute(),
      checks()
        .where('exit_at', 'is not', null)
        .where('exit_at', '>=', day.beginIso)
        .where('exit_at', '<=', day.endIso)
        .select([outHour.as('hour'), (eb) => eb.fn.countAll<string>().as('passes')])
        .groupBy(outHour)
        .execute(),
      checks()
        .where('checked_at', '>=', days.beginIso)
        .where('checked_at', '<=', days.endIso)
        .select([date.as('day'), (eb) => eb.fn.countAll<string>().as('passes')])
        .groupBy(date)
        .execute(),
    ]);
    return {
      hours: [
        ...ins.map((r) => ({ hour: r.hour, gate_id: null, direction: 'I' as const, passes: r.passes })),
        ...outs.map((r) => ({ hour: r.hour, gate_id: null, direction: 'O' as const, passes: r.passes })),
      ],
      days: perDay,
      gates: [],
    };
  },
  async inside(ctx, venueId) {
    const rows = await new TicketCheckRepository(ctx.db, ctx.engine).peopleCount(ctx.tenantId, sql<boolean>`true`, venueId);
    return rows.reduce((sum, r) => sum + Number(r.n), 0);
  },
  /** 门票 on the verifications panel: each verification of a ticket at a desk or gate. */
  async verifications(ctx, range) {
    const row = await ctx.db
      .selectFrom('ticket_check')
      .where('tenant_id', '=', ctx.tenantId)
      .where('checked_at', '>=', range.beginIso)
      .where('checked_at', '<=', range.endIso)
      .where(ctx.venues('venue_id'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
