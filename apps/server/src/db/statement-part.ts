import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import { refuse, type BizError } from '../lib/errors.ts';

/**
 * Writes that join another module's statement as its CTEs (PostgreSQL): one statement, no transaction
 * around it, all of it or nothing. `ctes` come after the statement's own; `refusal` is selected by the
 * statement and raises (raise_refusal, SQLSTATE VR000) when the writes could not all be done, which
 * undoes the whole statement.
 */
export interface StatementPart {
  ctes: { name: string; body: RawBuilder<unknown>; materialized?: boolean }[];
  refusal: RawBuilder<unknown>;
}

/** The SQLSTATE of raise_refusal (migration 2026-11-29-3701): its message is a refusal for the staff. */
export const REFUSAL_SQLSTATE = 'VR000';

/** A refusal a statement raised (raise_refusal) as the business refusal (-9000) it is; else undefined. */
export function refusalRaisedBy(error: unknown): BizError | undefined {
  const raised = error as { code?: string; message?: string } | null;
  return raised?.code === REFUSAL_SQLSTATE && raised.message ? refuse(raised.message) : undefined;
}

/** `query` with `ctes` added after its own (their names are their module's own; Kysely cannot type CTEs added in a loop). */
export function withCtes<DB>(query: QueryCreator<DB>, ctes: StatementPart['ctes']): QueryCreator<DB> {
  let q = query;
  for (const cte of ctes) {
    q = q.with(
      cte.materialized ? (named) => named(cte.name).materialized() : cte.name,
      // A raw body is written as it is: the parentheses a CTE needs are ours.
      () => sql<Record<string, unknown>>`(${cte.body})`,
    ) as unknown as QueryCreator<DB>;
  }
  return q;
}
