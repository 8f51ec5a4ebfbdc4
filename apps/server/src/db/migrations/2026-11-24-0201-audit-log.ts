import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Issue 15, 操作日志: one row per administration change and money-moving action, written inside the
 * transaction of the change (AuditService.record). Append-only: no route edits or deletes it, and the
 * database refuses an UPDATE or DELETE of a row whoever sends it.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'audit_log')
    .addColumn('venue_id', 'integer', (c) => c.references('venue.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_tenant_idx').on('audit_log').columns(['tenant_id', 'id']).execute();
  if (engine === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception '操作日志不可修改或删除'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    return;
  }
  await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, '操作日志不可修改或删除'); end`.execute(db);
  await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, '操作日志不可修改或删除'); end`.execute(db);
}
