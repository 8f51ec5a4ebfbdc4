import type { SelectQueryBuilder } from 'kysely';
import type { Page, PageWindow } from '../lib/paging.ts';

/** How many rows a query finds: its selections replaced by count(*). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const counted = query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total'));
  // Kysely cannot resolve the selection's type over a generic table set; the row is `{ total }`.
  const row = (await counted.executeTakeFirstOrThrow()) as { total: number | string | bigint };
  return Number(row.total);
}

/**
 * Count-then-page, the shape of every list: the total and one window of `rows`, read at once.
 * `counted` is the filtered query the rows come from (or a cheaper one over the same rows; its
 * selections are dropped), or a total already known some cheaper way.
 */
export async function pageQuery<DB, TB extends keyof DB, O, RowDB, RowTB extends keyof RowDB, Row>(
  counted: SelectQueryBuilder<DB, TB, O> | Promise<number>,
  rows: SelectQueryBuilder<RowDB, RowTB, Row>,
  window: PageWindow,
): Promise<Page<Row>> {
  const [total, records] = await Promise.all([
    counted instanceof Promise ? counted : countRows(counted),
    rows.offset(window.offset).limit(window.limit).execute(),
  ]);
  return { total, records: records as Row[] };
}
