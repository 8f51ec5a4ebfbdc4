import { chinaToIso } from '@venue/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { MemberCouponFilters } from '@venue/contract/coupons';
import type { CouponTable } from '../../db/coupon-tables.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { countRows } from '../../db/page-query.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { inUserVenues, type Session } from '../../plugins/session.ts';

export type CouponRow = Selectable<CouponTable> & { used_quantity: number };
export type CouponVenue = { coupon_id: number; venue_id: number; venue_name: string };
export type MemberCouponRow = Awaited<ReturnType<CouponRepository['memberCoupons']>>[number];
export interface CouponFilter {
  name?: string;
  type?: 'A' | 'D';
  state?: 'A' | 'S';
  venueId?: number;
  ids?: number[];
  /** Enabled and ending on or after this day. */
  issuableOn?: string;
}

/** The only place with coupon queries; every one is scoped by tenant, lists also by the caller's venues. */
export class CouponRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A coupon the caller may see: one of its venues is one of the caller's. */
  private coupons(s: Session, f: CouponFilter, db: Executor = this.db) {
    let q = db
      .selectFrom('coupon as c')
      .where('c.tenant_id', '=', s.tenantId)
      .where(sql<boolean>`exists (select 1 from coupon_venue cv where cv.coupon_id = c.id and ${inUserVenues(s, 'cv.venue_id')})`);
    if (f.name) q = q.where('c.name', 'like', `%${f.name}%`);
    if (f.type) q = q.where('c.coupon_type', '=', f.type);
    if (f.state) q = q.where('c.state', '=', f.state);
    if (f.venueId) q = q.where(sql<boolean>`exists (select 1 from coupon_venue cv2 where cv2.coupon_id = c.id and cv2.venue_id = ${f.venueId})`);
    if (f.ids) q = q.where('c.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.issuableOn) q = q.where('c.state', '=', 'A').where('c.end_date', '>=', f.issuableOn);
    return q;
  }

  private withColumns(q: ReturnType<CouponRepository['coupons']>) {
    return q
      .selectAll('c')
      .select(sql<number>`(select count(*) from member_coupon mc where mc.coupon_id = c.id and mc.state = 'D')`.as('used_quantity'))
      .orderBy('c.id', 'desc');
  }

  async couponPage(s: Session, f: CouponFilter, window: PageWindow) {
    const [total, records] = await Promise.all([
      countRows(this.coupons(s, f)),
      this.withColumns(this.coupons(s, f)).offset(window.offset).limit(window.limit).execute(),
    ]);
    return { total, records: records.map(numbers) };
  }

  async couponList(s: Session, f: CouponFilter, db: Executor = this.db): Promise<CouponRow[]> {
    return (await this.withColumns(this.coupons(s, f, db)).execute()).map(numbers);
  }

  venuesOf(couponIds: number[], db: Executor = this.db): Promise<CouponVenue[]> {
    if (!couponIds.length) return Promise.resolve([]);
    return db
      .selectFrom('coupon_venue as cv')
      .innerJoin('venue as v', 'v.id', 'cv.venue_id')
      .select(['cv.coupon_id', 'cv.venue_id', 'v.name as venue_name'])
      .where('cv.coupon_id', 'in', couponIds)
      .orderBy('v.sort')
      .orderBy('v.id')
      .execute();
  }

  /** How many of `venueIds` are venues of the tenant. */
  async tenantVenueCount(tenantId: number, venueIds: number[]) {
    const row = await this.db
      .selectFrom('venue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', venueIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertCoupon(trx: Executor, values: Omit<Selectable<CouponTable>, 'id' | 'issued_quantity'>, venueIds: number[]) {
    const { id } = await trx.insertInto('coupon').values(values).returning('id').executeTakeFirstOrThrow();
    await this.setVenues(trx, values.tenant_id, id, venueIds);
    return id;
  }

  async setVenues(trx: Executor, tenantId: number, couponId: number, venueIds: number[]) {
    await trx.deleteFrom('coupon_venue').where('tenant_id', '=', tenantId).where('coupon_id', '=', couponId).execute();
    await trx
      .insertInto('coupon_venue')
      .values(venueIds.map((venueId) => ({ tenant_id: tenantId, coupon_id: couponId, venue_id: venueId })))
      .execute();
  }

  /** Updates a coupon unless the new total falls below what is issued by then (false: nothing changed). */
  async updateCoupon(trx: Executor, tenantId: number, id: number, patch: Partial<Omit<Selectable<CouponTable>, 'id' | 'tenant_id' | 'issued_quantity'>>) {
    let q = trx.updateTable('coupon').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id);
    if (patch.total_quantity !== undefined) q = q.where('issued_quantity', '<=', patch.total_quantity);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  }

  /** Whether any coupon of the definition was ever issued (revoked ones too: their value was promised). */
  async everIssued(tenantId: number, couponId: number) {
    const row = await this.db
      .selectFrom('member_coupon')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('coupon_id', '=', couponId)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Takes `n` coupons off the definition's remaining quantity, only while it is enabled, not past
   * `today` and has them left. The row lock it takes makes concurrent issues of one coupon wait for
   * each other (PostgreSQL); SQLite runs one transaction at a time.
   */
  async take(trx: Executor, tenantId: number, couponId: number, n: number, today: string) {
    const r = await trx
      .updateTable('coupon')
      .set({ issued_quantity: sql`issued_quantity + ${n}` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', couponId)
      .where('state', '=', 'A')
      .where('end_date', '>=', today)
      .where(sql<boolean>`issued_quantity + ${n} <= total_quantity`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  giveBack(trx: Executor, tenantId: number, couponId: number) {
    return trx
      .updateTable('coupon')
      .set({ issued_quantity: sql`issued_quantity - 1` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', couponId)
      .execute();
  }

  members(tenantId: number, ids: number[], db: Executor = this.db) {
    return db.selectFrom('member').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  /** Live (unrevoked) coupons of the definition per member, read after `take` locked the definition. */
  async heldBy(trx: Executor, tenantId: number, couponId: number, memberIds: number[]) {
    const rows = await trx
      .selectFrom('member_coupon')
      .select(['member_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('coupon_id', '=', couponId)
      .where('member_id', 'in', memberIds)
      .where('state', '<>', 'R')
      .groupBy('member_id')
      .execute();
    return new Map(rows.map((r) => [r.member_id, Number(r.n)]));
  }

  /** Members by name or phone, with their live coupons of `couponId`. */
  searchMembers(tenantId: number, keyword: string | undefined, couponId: number | undefined) {
    let q = this.db
      .selectFrom('member as m')
      .select(['m.id', 'm.name', 'm.phone'])
      .select(sql<number>`(select count(*) from member_coupon mc where mc.member_id = m.id and mc.coupon_id = ${couponId ?? 0} and mc.state <> 'R')`.as('held'))
      .where('m.tenant_id', '=', tenantId);
    if (keyword) q = q.where((eb) => eb.or([eb('m.name', 'like', `%${keyword}%`), eb('m.phone', 'like', `%${keyword}%`)]));
    return q.orderBy('m.id').limit(20).execute();
  }

  async insertMemberCoupons(
    trx: Executor,
    rows: {
      tenant_id: number;
      coupon_id: number;
      member_id: number;
      code: string;
      state: 'U';
      remark: string;
      issued_by: number;
      issued_by_name: string;
      issued_at: string;
    }[],
  ) {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 100)
      ids.push(
        ...(
          await trx
            .insertInto('member_coupon')
            .values(rows.slice(i, i + 100))
            .returning('id')
            .execute()
        ).map((r) => r.id),
      );
    return ids;
  }

  private listed(s: Session, db: Executor = this.db) {
    return db
      .selectFrom('member_coupon as mc')
      .innerJoin('coupon as c', 'c.id', 'mc.coupon_id')
      .innerJoin('member as m', 'm.id', 'mc.member_id')
      .leftJoin('venue as v', 'v.id', 'mc.used_venue_id')
      .where('mc.tenant_id', '=', s.tenantId)
      .where(sql<boolean>`exists (select 1 from coupon_venue cv where cv.coupon_id = c.id and ${inUserVenues(s, 'cv.venue_id')})`);
  }

  private filtered(s: Session, f: MemberCouponFilters & { ids?: number[] }, today: string, db: Executor = this.db) {
    let q = this.listed(s, db);
    if (f.ids) q = q.where('mc.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.couponId) q = q.where('mc.coupon_id', '=', f.couponId);
    if (f.keyword) q = q.where((eb) => eb.or([eb('m.name', 'like', `%${f.keyword}%`), eb('m.phone', 'like', `%${f.keyword}%`)]));
    if (f.code) q = q.where('mc.code', 'like', `%${f.code}%`);
    if (f.state === 'U') q = q.where('mc.state', '=', 'U').where('c.end_date', '>=', today);
    if (f.state === 'E') q = q.where('mc.state', '=', 'U').where('c.end_date', '<', today);
    if (f.state === 'D' || f.state === 'R') q = q.where('mc.state', '=', f.state);
    if (f.beginDate) q = q.where('mc.issued_at', '>=', chinaToIso(f.beginDate));
    if (f.endDate) q = q.where('mc.issued_at', '<=', chinaToIso(f.endDate, true));
    return q;
  }

  private columns(q: ReturnType<CouponRepository['filtered']>) {
    return q
      .selectAll('mc')
      .select([
        'c.name as coupon_name',
        'c.coupon_type',
        'c.amount_fen',
        'c.discount',
        'c.min_spend_fen',
        'c.begin_date',
        'c.end_date',
        'm.name as member_name',
        'm.phone',
        'v.name as used_venue_name',
      ])
      .orderBy('mc.id', 'desc');
  }

  memberCoupons(s: Session, f: MemberCouponFilters & { ids?: number[] }, today: string, window?: PageWindow, db: Executor = this.db) {
    const q = this.columns(this.filtered(s, f, today, db));
    return window ? q.offset(window.offset).limit(window.limit).execute() : q.execute();
  }

  countMemberCoupons(s: Session, f: MemberCouponFilters, today: string) {
    return countRows(this.filtered(s, f, today));
  }

  /** U -> R only from U: of two revokes (or a revoke and a use) only one passes. */
  async markRevoked(trx: Executor, tenantId: number, id: number, userName: string, at: string, reason: string | null) {
    const r = await trx
      .updateTable('member_coupon')
      .set({ state: 'R', revoked_at: at, revoked_by_name: userName, revoke_reason: reason })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', '=', 'U')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}

/** PostgreSQL answers count(*) as text. */
const numbers = <R extends { used_quantity: unknown }>(r: R) => ({ ...r, used_quantity: Number(r.used_quantity) });
