import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

export class DictRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findDict(tenantId: number, name: string) {
    return this.db.selectFrom('dict').selectAll().where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
  }

  detailsOf(tenantId: number, dictNames: string[]) {
    return this.db
      .selectFrom('dict_detail')
      .innerJoin('dict', 'dict.id', 'dict_detail.dict_id')
      .select(['dict.name as dict_name', 'dict_detail.id', 'dict_detail.label', 'dict_detail.value', 'dict_detail.sort'])
      .where('dict.tenant_id', '=', tenantId)
      .where('dict.name', 'in', dictNames)
      .orderBy('dict_detail.sort')
      .orderBy('dict_detail.id')
      .execute();
  }

  async pageDicts(tenantId: number, offset: number, limit: number, blurry?: string) {
    let query = this.db.selectFrom('dict').where('tenant_id', '=', tenantId);
    if (blurry) query = query.where((eb) => eb.or([eb('name', 'like', `%${blurry}%`), eb('description', 'like', `%${blurry}%`)]));
    const [{ total }] = await query.select((eb) => eb.fn.countAll<number>().as('total')).execute();
    const rows = await query.select(['id', 'name', 'description']).orderBy('id').offset(offset).limit(limit).execute();
    return { total: Number(total), rows };
  }

  async pageDetails(tenantId: number, dictId: number, offset: number, limit: number) {
    const query = this.db.selectFrom('dict_detail').where('tenant_id', '=', tenantId).where('dict_id', '=', dictId);
    const [{ total }] = await query.select((eb) => eb.fn.countAll<number>().as('total')).execute();
    const rows = await query.select(['id', 'label', 'value', 'sort']).orderBy('sort').orderBy('id').offset(offset).limit(limit).execute();
    return { total: Number(total), rows };
  }

  findDetail(tenantId: number, id: number) {
    return this.db.selectFrom('dict_detail').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  valueTaken(dictId: number, value: string, exceptId?: number) {
    let query = this.db.selectFrom('dict_detail').select('id').where('dict_id', '=', dictId).where('value', '=', value);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  insertDetail(row: { tenant_id: number; dict_id: number; label: string; value: string; sort: number }) {
    return this.db.insertInto('dict_detail').values(row).returning(['id', 'label', 'value', 'sort']).executeTakeFirstOrThrow();
  }

  updateDetail(tenantId: number, id: number, row: { label: string; value: string; sort: number }) {
    return this.db
      .updateTable('dict_detail')
      .set(row)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning(['id', 'label', 'value', 'sort'])
      .executeTakeFirstOrThrow();
  }

  async deleteDetail(tenantId: number, id: number): Promise<number> {
    const result = await this.db.deleteFrom('dict_detail').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
