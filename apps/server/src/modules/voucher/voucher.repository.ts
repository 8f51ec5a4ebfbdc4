import { sql, type Kysely, type Selectable } from 'kysely';
import type { RecordFilters } from '@venue/contract/marketing';
import type { Executor } from '../../db/database.ts';
import type { CouponVerificationTable, Database } from '../../db/tables.ts';
import { shanghaiToIso } from '../../lib/clock.ts';
import { inUserVenues, type Session } from '../../plugins/session.ts';

export type RecordRow = Selectable<CouponVerificationTable> & { venue_name: string };
export type NewRecord = Omit<Selectable<CouponVerificationTable>, 'id' | 'message' | 'cancel_time' | 'cancel_user_name' | 'verify_id' | 'verify_time'>;

/** Verification records and venue platform settings: every query scoped by tenant (and by venue for lists). */
export class VoucherRepository {
  constructor(private readonly db: Kysely<Database>) {}

  config(tenantId: number, venueId: number) {
    return this.db.selectFrom('voucher_config').selectAll().where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).executeTakeFirst();
  }

  /** Inserts the live records of one verification in one transaction; a voucher already live elsewhere fails it (unique index). */
  insertPending(rows: NewRecord[]) {
    return this.db.transaction().execute(async (tx) => {
      const ids: number[] = [];
      for (const row of rows) ids.push((await tx.insertInto('coupon_verification').values(row).returning('id').executeTakeFirstOrThrow()).id);
      return ids;
    });
  }

  liveByCertificate(tenantId: number, certificateId: string) {
    return this.db
      .selectFrom('coupon_verification')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('certificate_id', '=', certificateId)
      .where('state', 'in', ['P', 'V', 'U'])
      .executeTakeFirst();
  }

  /** Runs `work` in one transaction (a record's change and its audit entry). */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  settle(id: number, patch: { state: 'V' | 'U' | 'F'; verify_id?: string | null; verify_time?: string | null; message?: string }, trx: Executor = this.db) {
    return trx.updateTable('coupon_verification').set(patch).where('id', '=', id).execute();
  }

  private listed(tenantId: number) {
    return this.db
      .selectFrom('coupon_verification as r')
      .innerJoin('venue as v', 'v.id', 'r.venue_id')
      .selectAll('r')
      .select('v.name as venue_name')
      .where('r.tenant_id', '=', tenantId);
  }

  byIds(tenantId: number, ids: number[]): Promise<RecordRow[]> {
    return ids.length ? this.listed(tenantId).where('r.id', 'in', ids).orderBy('r.id').execute() : Promise.resolve([]);
  }

  byVerifyId(tenantId: number, verifyId: string) {
    return this.listed(tenantId).where('r.verify_id', '=', verifyId).where('r.state', 'in', ['V', 'C']).executeTakeFirst();
  }

  /** V -> C only from V: of two cancels only one passes. */
  async markCancelled(id: number, userName: string, at: string, trx: Executor = this.db): Promise<boolean> {
    const r = await trx
      .updateTable('coupon_verification')
      .set({ state: 'C', cancel_time: at, cancel_user_name: userName })
      .where('id', '=', id)
      .where('state', '=', 'V')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private filtered(session: Session, f: RecordFilters) {
    let q = this.listed(session.tenantId).where(inUserVenues(session, 'r.venue_id'));
    if (f.venueId) q = q.where('r.venue_id', '=', f.venueId);
    if (f.code) q = q.where('r.code', 'like', `%${f.code}%`);
    if (f.skuTitle) q = q.where('r.sku_title', 'like', `%${f.skuTitle}%`);
    if (f.state) q = q.where('r.state', '=', f.state);
    if (f.beginTime) q = q.where('r.created_at', '>=', shanghaiToIso(f.beginTime));
    if (f.endTime) q = q.where('r.created_at', '<=', shanghaiToIso(f.endTime, true));
    return q;
  }

  async page(session: Session, f: RecordFilters, offset: number, limit: number) {
    const q = this.filtered(session, f);
    const [records, total] = await Promise.all([
      q.orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
      q
        .clearSelect()
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { records, total: Number(total.n) };
  }

  exportRows(session: Session, f: RecordFilters, offset: number, limit: number) {
    return this.filtered(session, f).orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
  }

  /** Verified and not cancelled, by Shanghai day and sku. */
  verifiedForTotals(session: Session, f: RecordFilters) {
    return this.filtered(session, f).where('r.state', '=', 'V').orderBy('r.id').execute();
  }
}
