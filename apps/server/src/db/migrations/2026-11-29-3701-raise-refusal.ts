import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { REFUSAL_SQLSTATE } from '../statement-part.ts';

/**
 * Issue 33's speed: a payment that writes its order, records, audit entry and stock in one statement
 * (no BEGIN, no COMMIT) must still refuse a sale the stock cannot cover, from inside that statement.
 * `raise_refusal` ends the statement with SQLSTATE VR000 and the staff's message; the statement's writes
 * are undone with it, and the server answers the message as a business refusal (-9000).
 * PostgreSQL only: SQLite keeps the payment in a transaction and refuses in the server.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create or replace function raise_refusal(refusal text) returns integer language plpgsql volatile as $$
    begin
      raise exception using errcode = ${sql.lit(REFUSAL_SQLSTATE)}, message = refusal;
    end $$`.execute(db);
}
