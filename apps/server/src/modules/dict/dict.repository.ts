import type { Kysely } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export class DictRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with this repository bound to it (the audit entry joins it). */
  transaction<T>(work: (repo: DictRepository, trx: Executor) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute((trx) => work(new DictRepository(trx), trx));
  }

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

  pageDicts(tenantId: number, window: PageWindow, blurry?: string) {
    let query = this.db.selectFrom('dict').where('tenant_id', '=', tenantId);
    if (blurry) query = query.where((eb) => eb.or([eb('name', 'like', `%${blurry}%`), eb('description', 'like', `%${blurry}%`)]));
    return pageQuery(query, query.select(['id', 'name', 'description']).orderBy('id'), window);
  }

  pageDetails(tenantId: number, dictId: number, window: PageWindow) {
    const query = this.db.selectFrom('dict_detail').where('tenant_id', '=', tenantId).where('dict_id', '=', dictId);
    return pageQuery(query, query.select(['id', 'label', 'value', 'sort']).orderBy('sort').orderBy('id'), window);
  }

  /** An entry with the name of its dictionary. */
  findDetail(tenantId: number, id: number) {
    return this.db
      .selectFrom('dict_detail')
      .innerJoin('dict', 'dict.id', 'dict_detail.dict_id')
      .selectAll('dict_detail')
      .select('dict.name as dict_name')
      .where('dict_detail.tenant_id', '=', tenantId)
      .where('dict_detail.id', '=', id)
      .executeTakeFirst();
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
