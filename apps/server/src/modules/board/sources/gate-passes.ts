import { localPart } from '../local-time.ts';
import type { BoardSource } from './source.ts';

/** 闸机通行: the controllers' granted card swipes of a venue, per hour and gate on a day, and per day before it. */
export const gatePassSource: BoardSource = {
  capability: 'gate',
  async flow(ctx, venueId, day, days) {
    const granted = () =>
      ctx.db.selectFrom('gate_pass').where('tenant_id', '=', ctx.tenantId).where('venue_id', '=', venueId).where('kind', '=', 'S').where('granted', '=', 'T');
    const hour = localPart(ctx.engine, 'pass_time', 'hour');
    const date = localPart(ctx.engine, 'pass_time', 'day');
    const [hours, perDay, gates] = await Promise.all([
      granted()
        .where('pass_time', '>=', day.beginIso)
        .where('pass_time', '<=', day.endIso)
        .select([hour.as('hour'), 'gate_id', 'direction', (eb) => eb.fn.countAll<string>().as('passes')])
        .groupBy([hour, 'gate_id', 'direction'])
        .execute(),
      granted()
        .where('direction', '=', 'I')
        .where('pass_time', '>=', days.beginIso)
        .where('pass_time', '<=', days.endIso)
        .select([date.as('day'), (eb) => eb.fn.countAll<string>().as('passes')])
        .groupBy(date)
        .execute(),
      ctx.db
        .selectFrom('gate as g')
        .innerJoin('gate_area as a', 'a.id', 'g.area_id')
        .where('g.tenant_id', '=', ctx.tenantId)
        .where('g.venue_id', '=', venueId)
        .select(['g.id', 'g.name', 'g.area_id', 'a.name as area_name'])
        .orderBy('g.sort')
        .orderBy('g.id')
        .execute(),
    ]);
    return { hours, days: perDay, gates };
  },
};
