import type { Kysely, Updateable } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState, SupplierTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

interface SupplierFilter {
  name?: string;
  state?: EnabledState;
}
type SupplierValues = Required<Omit<Updateable<SupplierTable>, 'id' | 'tenant_id'>>;

/** Suppliers of a tenant. */
export class SupplierRepository {
  constructor(private readonly db: Kysely<Database>) {}

  page(tenantId: number, f: SupplierFilter, window: PageWindow) {
    let q = this.db.selectFrom('supplier').where('tenant_id', '=', tenantId);
    if (f.name) q = q.where('name', 'like', `%${f.name}%`);
    if (f.state) q = q.where('state', '=', f.state);
    return pageQuery(q, q.selectAll().orderBy('id'), window);
  }

  enabled(tenantId: number) {
    return this.db.selectFrom('supplier').selectAll().where('tenant_id', '=', tenantId).where('state', '=', 'A').orderBy('id').execute();
  }

  find(tenantId: number, id: number) {
    return this.db.selectFrom('supplier').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  findByName(tenantId: number, name: string) {
    return this.db.selectFrom('supplier').select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
  }

  async insert(tenantId: number, values: SupplierValues): Promise<number> {
    return (
      await this.db
        .insertInto('supplier')
        .values({ tenant_id: tenantId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async update(tenantId: number, id: number, values: SupplierValues): Promise<void> {
    await this.db.updateTable('supplier').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
