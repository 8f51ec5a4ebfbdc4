import type { Insertable, Kysely, RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AuditLogTable, Database } from '../../db/tables.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface AuditFilter {
  within: RawBuilder<boolean>;
  beginIso?: string;
  endIso?: string;
  action?: string;
  venueId?: number;
  userName?: string;
  keyword?: string;
}

/** The audit log's rows: written once, never updated or deleted (the database refuses it too). */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  }

  /** An entry of a change that is one statement, already committed (no transaction to join). */
  insertNow(row: Insertable<AuditLogTable>): Promise<void> {
    return this.insert(this.db, row);
  }

  private filtered(tenantId: number, f: AuditFilter) {
    let q = this.db.selectFrom('audit_log as l').leftJoin('users as u', 'u.id', 'l.user_id').where('l.tenant_id', '=', tenantId).where(f.within);
    if (f.beginIso) q = q.where('l.created_at', '>=', f.beginIso);
    if (f.endIso) q = q.where('l.created_at', '<=', f.endIso);
    if (f.action) q = q.where('l.action', '=', f.action);
    if (f.venueId) q = q.where('l.venue_id', '=', f.venueId);
    if (f.userName) {
      const like = `%${f.userName}%`;
      q = q.where((eb) => eb.or([eb('l.username', 'like', like), eb('u.real_name', 'like', like)]));
    }
    if (f.keyword) {
      const like = `%${f.keyword}%`;
      q = q.where((eb) => eb.or([eb('l.target', 'like', like), eb('l.before_json', 'like', like), eb('l.after_json', 'like', like)]));
    }
    return q;
  }

  private detailed(tenantId: number, f: AuditFilter) {
    return this.filtered(tenantId, f)
      .leftJoin('venue as v', 'v.id', 'l.venue_id')
      .selectAll('l')
      .select(['u.real_name', 'v.name as venue_name'])
      .orderBy('l.id', 'desc');
  }

  page(tenantId: number, f: AuditFilter, window: PageWindow) {
    return pageQuery(this.filtered(tenantId, f), this.detailed(tenantId, f), window);
  }

  /** Every entry of a filter, newest first, 500 at a time (the export). */
  async *batches(tenantId: number, f: AuditFilter) {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.detailed(tenantId, f).where('l.id', '<', before).limit(500).execute();
      if (rows.length) yield rows;
      if (rows.length < 500) return;
      before = rows[rows.length - 1].id;
    }
  }
}
