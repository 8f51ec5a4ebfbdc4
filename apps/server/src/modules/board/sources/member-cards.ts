import { sql } from 'kysely';
import { owingStoredValueCards } from '../../member-card/stored-value.ts';
import { splitAtToday, sumFigureDays } from '../closed-days.ts';
import { localPart } from '../local-time.ts';
import type { BoardSource, Range, SourceContext } from './source.ts';

/** What stored-value cards paid (consumption less its refunds) per China day and venue (0: none), from the card ledger. */
const cardUseByDay = async (ctx: SourceContext, range: Range) => {
  const day = localPart(ctx.engine, 'k.created_at', 'day');
  const rows = await ctx.db
    .selectFrom('card_consume as k')
    .innerJoin('card as c', 'c.id', 'k.card_id')
    .innerJoin('card_type as t', 't.id', 'c.card_type_id')
    .where('k.tenant_id', '=', ctx.tenantId)
    .where('k.kind', 'in', ['CONSUME', 'REFUND'])
    .where('k.order_type', 'is not', null)
    .where('t.pay_type', '=', 'M')
    .where('k.created_at', '>=', range.beginIso)
    .where('k.created_at', '<=', range.endIso)
    .where(ctx.venues('k.venue_id'))
    .select([day.as('day'), 'k.venue_id', (eb) => eb.fn.sum<string>(eb.neg(eb.ref('k.amount'))).as('amount')])
    .groupBy([day, 'k.venue_id'])
    .execute();
  return rows.map((r) => ({ day: r.day, venue_id: r.venue_id ?? 0, amount: Number(r.amount) }));
};

/** Card use per month: closed days from board_card_use_day (summed once, migration 1951), today from the ledger. */
async function cardUse(ctx: SourceContext, range: Range) {
  const { closed, open } = splitAtToday(ctx, range);
  if (closed) await sumFigureDays(ctx, 'cardUse', 'board_card_use_day', closed, cardUseByDay);
  const month = sql<string>`substr(day, 1, 7)`;
  const [summed, today] = await Promise.all([
    closed
      ? ctx.db
          .selectFrom('board_card_use_day')
          .where('tenant_id', '=', ctx.tenantId)
          .where('day', '>=', closed[0])
          .where('day', '<=', closed[1])
          .where(ctx.venues('venue_id'))
          .select([month.as('day'), (eb) => eb.fn.sum<string>('amount').as('amount')])
          .groupBy(month)
          .execute()
      : [],
    open ? cardUseByDay(ctx, open) : [],
  ]);
  const months = new Map<string, number>();
  for (const r of [...summed, ...today]) months.set(r.day.slice(0, 7), (months.get(r.day.slice(0, 7)) ?? 0) + Number(r.amount));
  return [...months].map(([m, fen]) => ({ month: m, fen }));
}

/**
 * 会员卡: members and cards of the tenant (members belong to no venue; cards of the caller's venues
 * and cards of no venue), the stored value still owed on stored-value cards in use, and what those
 * cards paid per month (consumption less its refunds).
 */
export const memberCardSource: BoardSource = {
  capability: 'card',
  async members(ctx, since) {
    const month = localPart(ctx.engine, 'created_at', 'month');
    const [total, byMonth] = await Promise.all([
      ctx.db
        .selectFrom('member')
        .where('tenant_id', '=', ctx.tenantId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('member')
        .where('tenant_id', '=', ctx.tenantId)
        .where('created_at', '>=', since.beginIso)
        .where('created_at', '<=', since.endIso)
        .select([month.as('month'), (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy(month)
        .execute(),
    ]);
    return { total: Number(total.n), byMonth };
  },
  async cards(ctx, since) {
    const cardMonth = localPart(ctx.engine, 'c.created_at', 'month');
    const cards = () => ctx.db.selectFrom('card as c').where('c.tenant_id', '=', ctx.tenantId).where(ctx.venues('c.venue_id'));
    const [inUse, owed, issued, consumed] = await Promise.all([
      cards()
        .where('c.state', 'in', ['A', 'B'])
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      owingStoredValueCards(ctx.db, ctx.tenantId)
        .where(ctx.venues('c.venue_id'))
        .select(sql<string>`coalesce(sum(c.balance), 0)`.as('fen'))
        .executeTakeFirstOrThrow(),
      cards()
        .where('c.created_at', '>=', since.beginIso)
        .where('c.created_at', '<=', since.endIso)
        .select([cardMonth.as('month'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(cardMonth)
        .execute(),
      cardUse(ctx, since),
    ]);
    const months = new Map<string, { month: string; issued: number; consumed_fen: number }>();
    const at = (month: string) => months.get(month) ?? months.set(month, { month, issued: 0, consumed_fen: 0 }).get(month)!;
    for (const r of issued) at(r.month).issued = Number(r.n);
    for (const r of consumed) at(r.month).consumed_fen = r.fen;
    return { active: Number(inUse.n), liabilityFen: Number(owed.fen), byMonth: [...months.values()] };
  },
};
