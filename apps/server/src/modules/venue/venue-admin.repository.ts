import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Executor } from '../../db/database.ts';
import type { CenterTable, Database, VenueTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export type CenterValues = { name: string; state: 'A' | 'S'; sort: number };
export type VenueValues = {
  center_id: number;
  name: string;
  address: string;
  phone: string;
  open_time: string;
  close_time: string;
  state: 'A' | 'S';
  sort: number;
  remark: string;
  board_public?: 'T' | 'F';
};
export type ItemSettings = { sale_mode: 'F' | 'C'; capacity: number; pass_mode: 'S' | 'M'; state: 'A' | 'S'; sort: number };
export type ClosureValues = { item_id: number | null; start_date: string; end_date: string; reason: string };
export interface VenueFilter {
  blurry?: string;
  centerId?: number;
  state?: 'A' | 'S';
  /** The caller's venues (see inUserVenues). */
  scope: RawBuilder<boolean>;
}

/** Centers, venues, a venue's sports-item settings and its closures, as the administration screens edit them. */
export class VenueAdminRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with this repository bound to it (the audit entry joins the same transaction). */
  transaction<T>(work: (repo: VenueAdminRepository, trx: Executor) => Promise<T>): Promise<T> {
    const db = this.db as Kysely<Database>;
    return db.transaction().execute((trx) => work(new VenueAdminRepository(trx), trx));
  }

  centers(tenantId: number) {
    return this.db
      .selectFrom('center as c')
      .select(['c.id', 'c.name', 'c.state', 'c.sort'])
      .select((eb) => eb.selectFrom('venue as v').select(eb.fn.countAll<number>().as('n')).whereRef('v.center_id', '=', 'c.id').as('venue_count'))
      .where('c.tenant_id', '=', tenantId)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
  }

  async centerNameTaken(tenantId: number, name: string, exceptId: number | null) {
    let q = this.db.selectFrom('center').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertCenter(tenantId: number, values: CenterValues) {
    const row = await this.db
      .insertInto('center')
      .values({ tenant_id: tenantId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateCenter(tenantId: number, id: number, values: CenterValues) {
    const result = await this.db.updateTable('center').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private venues(tenantId: number) {
    return this.db.selectFrom('venue as v').innerJoin('center as c', 'c.id', 'v.center_id').where('v.tenant_id', '=', tenantId);
  }

  private venueRows(tenantId: number) {
    return this.venues(tenantId)
      .select(['v.id', 'v.name', 'v.center_id', 'c.name as center_name', 'v.address', 'v.phone', 'v.open_time', 'v.close_time'])
      .select(['v.state', 'v.sort', 'v.remark', 'v.board_public', 'v.created_at'])
      .select((eb) =>
        eb
          .selectFrom('venue_item as vi')
          .innerJoin('sport_item as si', 'si.id', 'vi.item_id')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('vi.venue_id', '=', 'v.id')
          .where('vi.state', '=', 'A')
          .where('si.state', '=', 'A')
          .as('item_count'),
      )
      .orderBy('c.sort')
      .orderBy('c.id')
      .orderBy('v.sort')
      .orderBy('v.id');
  }

  pageVenues(tenantId: number, f: VenueFilter, window: PageWindow) {
    const where = (eb: ExpressionBuilder<Database & { v: VenueTable; c: CenterTable }, 'v' | 'c'>) => {
      const terms: Expression<SqlBool>[] = [f.scope];
      if (f.blurry) terms.push(eb.or([eb('v.name', 'like', `%${f.blurry}%`), eb('v.address', 'like', `%${f.blurry}%`)]));
      if (f.centerId) terms.push(eb('v.center_id', '=', f.centerId));
      if (f.state) terms.push(eb('v.state', '=', f.state));
      return eb.and(terms);
    };
    return pageQuery(this.venues(tenantId).where(where), this.venueRows(tenantId).where(where), window);
  }

  findVenue(tenantId: number, id: number) {
    return this.venueRows(tenantId).where('v.id', '=', id).executeTakeFirst();
  }

  findCenter(tenantId: number, id: number) {
    return this.db.selectFrom('center').select(['id', 'name', 'state']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  async venueNameTaken(tenantId: number, centerId: number, name: string, exceptId: number | null) {
    let q = this.db.selectFrom('venue').select('id').where('tenant_id', '=', tenantId).where('center_id', '=', centerId).where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertVenue(tenantId: number, values: VenueValues, nowIso: string) {
    const row = await this.db
      .insertInto('venue')
      .values({ tenant_id: tenantId, ...values, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateVenue(tenantId: number, id: number, values: Partial<VenueValues>) {
    await this.db.updateTable('venue').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** The venue's items with their settings; `enabledOnly`: only items enabled both for the venue and in the tenant. */
  items(tenantId: number, venueIds: number[], enabledOnly: boolean) {
    if (!venueIds.length) return Promise.resolve([]);
    let q = this.db
      .selectFrom('venue_item as vi')
      .innerJoin('sport_item as si', 'si.id', 'vi.item_id')
      .select(['vi.venue_id', 'vi.item_id', 'si.name as item_name', 'vi.sale_mode', 'vi.capacity', 'vi.pass_mode', 'vi.state', 'vi.sort'])
      .where('vi.tenant_id', '=', tenantId)
      .where('vi.venue_id', 'in', venueIds);
    if (enabledOnly) q = q.where('vi.state', '=', 'A').where('si.state', '=', 'A');
    return q.orderBy('vi.sort').orderBy('si.sort').orderBy('si.id').execute();
  }

  findSportItem(tenantId: number, where: { id: number } | { name: string }) {
    let q = this.db.selectFrom('sport_item').select(['id', 'name', 'state']).where('tenant_id', '=', tenantId);
    q = 'id' in where ? q.where('id', '=', where.id) : q.where('name', '=', where.name);
    return q.executeTakeFirst();
  }

  async renameSportItem(tenantId: number, id: number, name: string) {
    await this.db.updateTable('sport_item').set({ name }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Creates the sports item when it is new (by name) and writes its settings for the venue (call inside `transaction`). */
  async saveVenueItem(tenantId: number, venueId: number, item: { id?: number; name: string }, settings: ItemSettings) {
    let itemId = item.id;
    if (itemId === undefined) {
      const row = await this.db
        .insertInto('sport_item')
        .values({ tenant_id: tenantId, name: item.name, state: 'A', sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = row.id;
    }
    const updated = await this.db
      .updateTable('venue_item')
      .set(settings)
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db
        .insertInto('venue_item')
        .values({ tenant_id: tenantId, venue_id: venueId, item_id: itemId, ...settings })
        .execute();
    }
    return itemId;
  }

  /** Closures of the venue (and of its items) that end on or after `fromDay` (all when absent). */
  closures(tenantId: number, venueId: number, fromDay?: string) {
    let q = this.db
      .selectFrom('venue_closure as vc')
      .leftJoin('sport_item as si', 'si.id', 'vc.item_id')
      .select(['vc.id', 'vc.item_id', 'si.name as item_name', 'vc.start_date', 'vc.end_date', 'vc.reason'])
      .where('vc.tenant_id', '=', tenantId)
      .where('vc.venue_id', '=', venueId);
    if (fromDay) q = q.where('vc.end_date', '>=', fromDay);
    return q.orderBy('vc.start_date').orderBy('vc.id').execute();
  }

  /** Replaces every closure of the venue (call inside `transaction`). */
  async replaceClosures(tenantId: number, venueId: number, rows: ClosureValues[], nowIso: string) {
    await this.db.deleteFrom('venue_closure').where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).execute();
    if (rows.length)
      await this.db
        .insertInto('venue_closure')
        .values(rows.map((r) => ({ tenant_id: tenantId, venue_id: venueId, ...r, created_at: nowIso })))
        .execute();
  }

  /** The first closure covering `day` for the whole venue or (when given) for the item. */
  closureOn(tenantId: number, venueId: number, day: string, itemId?: number) {
    return this.db
      .selectFrom('venue_closure')
      .select(['id', 'item_id', 'start_date', 'end_date', 'reason'])
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('start_date', '<=', day)
      .where('end_date', '>=', day)
      .where((eb) => (itemId === undefined ? eb('item_id', 'is', null) : eb.or([eb('item_id', 'is', null), eb('item_id', '=', itemId)])))
      .orderBy('item_id')
      .orderBy('id')
      .executeTakeFirst();
  }
}
