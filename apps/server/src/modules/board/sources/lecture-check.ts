import { sql } from 'kysely';
import type { BoardSource } from './source.ts';

/** 讲座活动: participants verified at 快速核销 (state U), by the time the desk verified them, in their order's venue. */
export const lectureCheckSource: BoardSource = {
  capability: 'lecture',
  async verifications(ctx, range) {
    const row = await ctx.db
      .selectFrom('lecture_participant as p')
      .innerJoin('lecture_order as o', 'o.id', 'p.order_id')
      .where('p.tenant_id', '=', ctx.tenantId)
      .where('p.state', '=', 'U')
      .where('p.checked_at', '>=', range.beginIso)
      .where('p.checked_at', '<=', range.endIso)
      .where(ctx.venues('o.venue_id'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
