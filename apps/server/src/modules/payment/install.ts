import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/**
 * This installation's trade-number prefix (app_install, drawn by the migration that made the table):
 * read once, it never changes while the database lives. Every out_trade_no and out_refund_no starts
 * with it, so a database reset (a new prefix) never repeats a number on a real merchant account.
 */
export class InstallPrefix {
  private prefix: Promise<string> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  get(): Promise<string> {
    this.prefix ??= this.db
      .selectFrom('app_install')
      .select('trade_prefix')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
      .then((r) => r.trade_prefix);
    this.prefix.catch(() => (this.prefix = undefined));
    return this.prefix;
  }
}
