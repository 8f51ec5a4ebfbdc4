import { chinaText, chinaToIso } from '@venue/contract';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { daysOf } from './periods.ts';
import type { Range, SourceContext } from './sources/source.ts';

/** Rows a statement inserts at most (under both engines' parameter limits). */
const CHUNK = 2000;

/** Inserts summed rows or done marks in chunks; rows already there (another board summed them) are left. */
export async function insertSummed<T extends 'board_revenue_day' | 'board_revenue_done' | FigureTable | 'board_figure_done'>(
  trx: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * A range split where the summed days end: its closed days ("YYYY-MM-DD", before today), read from a
 * summary, and its part from today on, read from the rows.
 */
export function splitAtToday(ctx: SourceContext, range: Range): { closed?: [begin: string, end: string]; open?: Range } {
  const todayIso = chinaToIso(ctx.today);
  const [begin, end] = [chinaText(new Date(range.beginIso)).slice(0, 10), chinaText(new Date(range.endIso)).slice(0, 10)];
  const lastClosed = chinaText(new Date(Date.parse(todayIso) - 1)).slice(0, 10);
  return {
    closed: begin <= lastClosed ? [begin, end < lastClosed ? end : lastClosed] : undefined,
    open: range.endIso >= todayIso ? { ...range, beginIso: range.beginIso > todayIso ? range.beginIso : todayIso } : undefined,
  };
}

type FigureTable = 'board_goods_day' | 'board_card_use_day';

/**
 * Sums a cockpit figure's closed days of [begin, end] not summed yet into its table (migration 1951), from
 * the rows (`rows`, tenant-wide, over the instants of those days), and marks them summed. Two boards
 * summing the same day write the same rows (the second's are ignored).
 */
export async function sumFigureDays<T extends FigureTable>(
  ctx: SourceContext,
  figure: 'goods' | 'cardUse',
  table: T,
  [begin, end]: [string, string],
  rows: (whole: SourceContext, range: Range) => Promise<(Omit<Insertable<Database[T]>, 'tenant_id'> & { day: string })[]>,
): Promise<void> {
  const done = () =>
    ctx.db.selectFrom('board_figure_done').where('tenant_id', '=', ctx.tenantId).where('figure', '=', figure).where('day', '>=', begin).where('day', '<=', end);
  const days = daysOf(begin, end);
  const { n } = await done()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) >= days.length) return;
  const have = new Set((await done().select('day').execute()).map((d) => d.day));
  const missing = days.filter((d) => !have.has(d));
  const whole = { ...ctx, venues: () => sql<boolean>`1 = 1` };
  const found = await rows(whole, { beginIso: chinaToIso(missing[0]), endIso: chinaToIso(missing.at(-1)!, true) });
  const wanted = new Set(missing);
  const values = found.filter((r) => wanted.has(r.day)).map((r) => ({ ...r, tenant_id: ctx.tenantId }));
  await ctx.db.transaction().execute(async (trx) => {
    await insertSummed(trx, table, values as Insertable<Database[T]>[]);
    await insertSummed(
      trx,
      'board_figure_done',
      missing.map((day) => ({ tenant_id: ctx.tenantId, figure, day })),
    );
  });
}
