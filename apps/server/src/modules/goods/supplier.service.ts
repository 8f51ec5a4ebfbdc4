import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { alreadyExists, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';

type Fields = { supplierName: string; contact?: string; phone?: string; address?: string; state?: string; remark?: string };
type Row = Database['supplier'] & { id: number };
const NAME_TAKEN = '该供应商名称已存在';
const toSupplier = (r: Row) => ({
  supplierId: r.id, supplierName: r.name, contact: r.contact, phone: r.phone, address: r.address, state: r.state, remark: r.remark,
});

/** Suppliers: small enough that the queries live here beside the rules. */
export class SupplierService {
  constructor(private readonly db: Kysely<Database>) {}

  async page(tenantId: number, q: { current: number; size: number; supplierName?: string; state?: string }) {
    let query = this.db.selectFrom('supplier').where('tenant_id', '=', tenantId);
    if (q.supplierName) query = query.where('name', 'like', `%${q.supplierName}%`);
    if (q.state) query = query.where('state', '=', q.state);
    const { offset, limit } = pageWindow(q);
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id').offset(offset).limit(limit).execute();
    return { total: Number(total), records: rows.map((r) => toSupplier(r as Row)) };
  }

  async enabled(tenantId: number) {
    const rows = await this.db.selectFrom('supplier').selectAll().where('tenant_id', '=', tenantId).where('state', '=', 'A').orderBy('id').execute();
    return rows.map((r) => toSupplier(r as Row));
  }

  async get(tenantId: number, id: number) {
    const row = await this.db.selectFrom('supplier').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('供应商不存在');
    return toSupplier(row as Row);
  }

  async save(tenantId: number, id: number | null, f: Fields) {
    if (id !== null) await this.get(tenantId, id);
    const same = await this.db.selectFrom('supplier').select('id').where('tenant_id', '=', tenantId).where('name', '=', f.supplierName).executeTakeFirst();
    if (same && same.id !== id) throw alreadyExists(NAME_TAKEN);
    const values = { name: f.supplierName, contact: f.contact ?? '', phone: f.phone ?? '', address: f.address ?? '', state: f.state ?? 'A', remark: f.remark ?? '' };
    const write = id === null
      ? this.db.insertInto('supplier').values({ tenant_id: tenantId, ...values }).returning('id').executeTakeFirstOrThrow().then((r) => r.id)
      : this.db.updateTable('supplier').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute().then(() => id!);
    // Two saves of one name at once: the unique index refuses the second.
    const saved = await write.catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyExists(NAME_TAKEN) : error;
    });
    return this.get(tenantId, saved);
  }
}
