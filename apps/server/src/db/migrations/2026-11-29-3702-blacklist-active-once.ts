import { sql, type Kysely } from 'kysely';

/**
 * A member is on the blacklist once per rule while the entry is active. The rules' run checked for an
 * active entry and then inserted, so two runs at once (立即执行 beside the daily job, or two processes)
 * both inserted: CI met two active 订场取消 entries on PostgreSQL. The index makes the second insert do
 * nothing; duplicates an install already holds are ended first, the oldest entry kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update blacklist set active = 0 where active = 1 and exists (
    select 1 from blacklist older where older.tenant_id = blacklist.tenant_id and older.member_id = blacklist.member_id
      and older.rule_type = blacklist.rule_type and older.active = 1 and older.id < blacklist.id)`.execute(db);
  await db.schema
    .createIndex('blacklist_active_once')
    .unique()
    .on('blacklist')
    .columns(['tenant_id', 'member_id', 'rule_type'])
    .where(sql.ref('active'), '=', 1)
    .execute();
}
