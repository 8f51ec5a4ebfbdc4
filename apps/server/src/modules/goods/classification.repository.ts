import type { Kysely } from 'kysely';
import type { Database, EnabledState } from '../../db/tables.ts';

type ClassificationValues = { name: string; state: EnabledState; sort: number };

export class ClassificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(tenantId: number, filter: { state?: EnabledState; name?: string }) {
    let q = this.db.selectFrom('goods_classification').selectAll().where('tenant_id', '=', tenantId);
    if (filter.state) q = q.where('state', '=', filter.state);
    if (filter.name) q = q.where('name', 'like', `%${filter.name}%`);
    return q.orderBy('sort').orderBy('id').execute();
  }

  withGoodsCount(tenantId: number) {
    return this.db
      .selectFrom('goods_classification as c')
      .leftJoin('goods as g', (j) => j.onRef('g.classification_id', '=', 'c.id').on('g.tenant_id', '=', tenantId))
      .select(['c.id', 'c.name', 'c.state', 'c.sort', (eb) => eb.fn.count<number>('g.id').as('goods_count')])
      .where('c.tenant_id', '=', tenantId)
      .groupBy(['c.id', 'c.name', 'c.state', 'c.sort'])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
  }

  find(tenantId: number, id: number) {
    return this.db.selectFrom('goods_classification').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  findByName(tenantId: number, name: string) {
    return this.db.selectFrom('goods_classification').selectAll().where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
  }

  async insert(tenantId: number, row: ClassificationValues) {
    const { id } = await this.db
      .insertInto('goods_classification')
      .values({ tenant_id: tenantId, ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(tenantId: number, id: number, row: ClassificationValues) {
    await this.db.updateTable('goods_classification').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
