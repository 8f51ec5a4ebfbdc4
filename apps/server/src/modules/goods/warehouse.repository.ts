import type { Kysely } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface WarehouseFilter {
  name?: string;
  state?: EnabledState;
  venueIds?: number[];
}

export class WarehouseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(tenantId: number, f: WarehouseFilter) {
    let q = this.db.selectFrom('warehouse').where('warehouse.tenant_id', '=', tenantId);
    if (f.name) q = q.where('warehouse.name', 'like', `%${f.name}%`);
    if (f.state) q = q.where('warehouse.state', '=', f.state);
    if (f.venueIds?.length) {
      q = q.where('warehouse.id', 'in', (eb) =>
        eb.selectFrom('warehouse_venue').select('warehouse_id').where('tenant_id', '=', tenantId).where('venue_id', 'in', f.venueIds!),
      );
    }
    return q;
  }

  page(tenantId: number, f: WarehouseFilter, window: PageWindow) {
    const q = this.filtered(tenantId, f);
    return pageQuery(q, q.selectAll('warehouse').orderBy('warehouse.id'), window);
  }

  list(tenantId: number, f: WarehouseFilter) {
    return this.filtered(tenantId, f).selectAll('warehouse').orderBy('warehouse.id').execute();
  }

  find(tenantId: number, id: number) {
    return this.db.selectFrom('warehouse').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** Venue ids and names of the warehouses asked for. */
  venuesOf(tenantId: number, warehouseIds: number[]) {
    if (!warehouseIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('warehouse_venue')
      .innerJoin('venue', 'venue.id', 'warehouse_venue.venue_id')
      .select(['warehouse_venue.warehouse_id', 'venue.id as venue_id', 'venue.name as venue_name'])
      .where('warehouse_venue.tenant_id', '=', tenantId)
      .where('warehouse_venue.warehouse_id', 'in', warehouseIds)
      .orderBy('venue.id')
      .execute();
  }

  async save(tenantId: number, id: number | null, row: { name: string; state: EnabledState; remark: string }, venueIds: number[]) {
    return this.db.transaction().execute(async (trx) => {
      let warehouseId = id;
      if (warehouseId === null) {
        warehouseId = (
          await trx
            .insertInto('warehouse')
            .values({ tenant_id: tenantId, ...row })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        await trx.updateTable('warehouse').set(row).where('tenant_id', '=', tenantId).where('id', '=', warehouseId).execute();
        await trx.deleteFrom('warehouse_venue').where('tenant_id', '=', tenantId).where('warehouse_id', '=', warehouseId).execute();
      }
      await trx
        .insertInto('warehouse_venue')
        .values(venueIds.map((venue_id) => ({ tenant_id: tenantId, warehouse_id: warehouseId!, venue_id })))
        .execute();
      return warehouseId;
    });
  }
}
