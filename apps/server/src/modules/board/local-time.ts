import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/database.ts';

/**
 * China-time parts of a stored instant (ISO text in UTC), for grouping in SQL on either engine. China
 * keeps no summer time, so it is always UTC+8. `column` is a trusted identifier written in the code.
 */
export function localPart(engine: Engine, column: string, part: 'day' | 'month' | 'hour'): RawBuilder<string> {
  const ref = sql.ref(column);
  if (engine === 'postgres') {
    const format = { day: 'YYYY-MM-DD', month: 'YYYY-MM', hour: 'HH24' }[part];
    return sql<string>`to_char(cast(${ref} as timestamp) + interval '8 hours', ${sql.lit(format)})`;
  }
  const length = { day: 10, month: 7, hour: 13 }[part];
  const text = sql`substr(datetime(${ref}, '+8 hours'), 1, ${sql.lit(length)})`;
  return part === 'hour' ? sql<string>`substr(${text}, 12, 2)` : sql<string>`${text}`;
}
