import type { BodyOut, goods, QueryOut } from '@venue/contract';
import type { Selectable } from 'kysely';
import type { SupplierTable } from '../../db/tables.ts';
import { alreadyExists, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { SupplierRepository } from './supplier.repository.ts';

type Fields = BodyOut<typeof goods.supplierAdd>;
type Row = Selectable<SupplierTable>;
const NAME_TAKEN = '该供应商名称已存在';
const toSupplier = (r: Row) => ({
  supplierId: r.id,
  supplierName: r.name,
  contact: r.contact,
  phone: r.phone,
  address: r.address,
  state: r.state,
  remark: r.remark,
});

export class SupplierService {
  constructor(
    private readonly repo: SupplierRepository,
    private readonly audit: AuditService,
  ) {}

  async page(tenantId: number, q: QueryOut<typeof goods.querySupplier>) {
    return mapPage(await this.repo.page(tenantId, { name: q.supplierName, state: q.state }, pageWindow(q)), toSupplier);
  }

  async enabled(tenantId: number) {
    return (await this.repo.enabled(tenantId)).map(toSupplier);
  }

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound('供应商不存在');
    return toSupplier(row);
  }

  async save(who: AuditActor, id: number | null, f: Fields) {
    const { tenantId } = who;
    const before = id === null ? null : await this.get(tenantId, id);
    const same = await this.repo.findByName(tenantId, f.supplierName);
    if (same && same.id !== id) throw alreadyExists(NAME_TAKEN);
    const values = { name: f.supplierName, contact: f.contact, phone: f.phone, address: f.address, state: f.state, remark: f.remark };
    const write = id === null ? this.repo.insert(tenantId, values) : this.repo.update(tenantId, id, values).then(() => id);
    // Two saves of one name at once: the unique index refuses the second.
    const saved = await write.catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyExists(NAME_TAKEN) : error;
    });
    const after = await this.get(tenantId, saved);
    const action = before ? 'supplier.edit' : 'supplier.add';
    await this.audit.recordNow(who, { action, target: `供应商 ${after.supplierName}`, before, after });
    return after;
  }
}
