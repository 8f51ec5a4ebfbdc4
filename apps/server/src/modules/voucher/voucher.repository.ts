import { chinaToIso } from '@venue/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { RecordFilters } from '@venue/contract/marketing';
import type { Executor } from '../../db/database.ts';
import type { CouponVerificationTable, Database } from '../../db/tables.ts';
import { inUserVenues, type Session } from '../../plugins/session.ts';

export type RecordRow = Selectable<CouponVerificationTable> & { venue_name: string };
export type NewRecord = Omit<Selectable<CouponVerificationTable>, 'id' | 'message' | 'cancel_time' | 'cancel_user_name' | 'verify_id' | 'verify_time'>;
export type SettlePatch = {
  state: 'V' | 'U' | 'F';
  verify_id?: string | null;
  verify_time?: string | null;
  certificate_id?: string;
  code?: string;
  message?: string;
  logids?: string;
};
/** A prepared lookup's vouchers: one verification may use them. */
const PREPARED_FOR_MS = 30 * 60_000;

/** Verification records and venue platform settings: every query scoped by tenant (and by venue for lists). */
export class VoucherRepository {
  constructor(private readonly db: Kysely<Database>) {}

  config(tenantId: number, venueId: number) {
    return this.db.selectFrom('voucher_config').selectAll().where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).executeTakeFirst();
  }

  async saveConfig(
    trx: Executor,
    tenantId: number,
    venueId: number,
    values: { provider: 'simulator' | 'douyin'; base_url: string; client_key: string; client_secret_enc?: string; poi_id: string; updated_at: string },
  ) {
    const updated = await trx.updateTable('voucher_config').set(values).where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await trx
        .insertInto('voucher_config')
        .values({ tenant_id: tenantId, venue_id: venueId, ...values })
        .execute();
    return trx.selectFrom('voucher_config').selectAll().where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).executeTakeFirstOrThrow();
  }

  venueOfTenant(tenantId: number, venueId: number) {
    return this.db.selectFrom('venue').select('id').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
  }

  /** Inserts the live records of one verification in one transaction; a voucher already live elsewhere fails it (unique index). */
  insertPending(rows: NewRecord[]) {
    return this.db.transaction().execute(async (tx) => {
      const ids: number[] = [];
      for (const row of rows) ids.push((await tx.insertInto('coupon_verification').values(row).returning('id').executeTakeFirstOrThrow()).id);
      return ids;
    });
  }

  liveByEncryptedCode(tenantId: number, encryptedCode: string) {
    return this.db
      .selectFrom('coupon_verification')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('encrypted_code', '=', encryptedCode)
      .where('state', 'in', ['P', 'V', 'U'])
      .executeTakeFirst();
  }

  /** Keeps a lookup's prepare answer for the verification that follows it; a day's old ones go. */
  async savePrepared(row: {
    tenant_id: number;
    venue_id: number;
    verify_token: string;
    order_id: string;
    input_code: string;
    certificates: string;
    logid: string;
    created_at: string;
  }) {
    const dayAgo = new Date(new Date(row.created_at).getTime() - 24 * 3600_000).toISOString();
    await this.db.deleteFrom('voucher_prepare').where('created_at', '<', dayAgo).execute();
    await this.db.insertInto('voucher_prepare').values(row).execute();
  }

  /**
   * The lookup's prepare answer, claimed for one verification: `fresh` when this call claimed it, `spent`
   * when a verification already did, `none` when there is none (or it is older than half an hour).
   */
  async claimPrepared(tenantId: number, venueId: number, verifyToken: string, nowIso: string) {
    const row = await this.db
      .selectFrom('voucher_prepare')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('verify_token', '=', verifyToken)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || new Date(row.created_at).getTime() < new Date(nowIso).getTime() - PREPARED_FOR_MS) return { kind: 'none' as const };
    const claimed = await this.db
      .updateTable('voucher_prepare')
      .set({ used_at: nowIso })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? { kind: 'fresh' as const, row } : { kind: 'spent' as const };
  }

  /** Runs `work` in one transaction (a record's change and its audit entry). */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  settle(id: number, patch: SettlePatch, trx: Executor = this.db) {
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

  setLogids(id: number, logids: string) {
    return this.db.updateTable('coupon_verification').set({ logids }).where('id', '=', id).execute();
  }

  /** V -> C only from V: of two cancels only one passes. */
  async markCancelled(id: number, userName: string, at: string, logids: string, trx: Executor = this.db): Promise<boolean> {
    const r = await trx
      .updateTable('coupon_verification')
      .set({ state: 'C', cancel_time: at, cancel_user_name: userName, logids })
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
    if (f.beginTime) q = q.where('r.created_at', '>=', chinaToIso(f.beginTime));
    if (f.endTime) q = q.where('r.created_at', '<=', chinaToIso(f.endTime, true));
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
