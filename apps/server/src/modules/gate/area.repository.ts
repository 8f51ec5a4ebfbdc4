import type { Kysely } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export type AreaValues = { name: string; sort: number; remark: string };

/** Gate areas (区域), each with how many gates it holds. */
export class AreaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withCounts(tenantId: number, name?: string) {
    let q = this.db.selectFrom('gate_area as a').where('a.tenant_id', '=', tenantId);
    if (name) q = q.where('a.name', 'like', `%${name}%`);
    return q;
  }

  private select(tenantId: number, name?: string) {
    return this.withCounts(tenantId, name)
      .select(['a.id', 'a.name', 'a.sort', 'a.remark'])
      .select((eb) => eb.selectFrom('gate as g').select(eb.fn.countAll<number>().as('n')).whereRef('g.area_id', '=', 'a.id').as('gate_count'))
      .orderBy('a.sort')
      .orderBy('a.id');
  }

  page(tenantId: number, name: string | undefined, window: PageWindow) {
    return pageQuery(this.withCounts(tenantId, name), this.select(tenantId, name), window);
  }

  all(tenantId: number) {
    return this.select(tenantId).execute();
  }

  find(tenantId: number, id: number) {
    return this.select(tenantId).where('a.id', '=', id).executeTakeFirst();
  }

  async insert(tenantId: number, row: AreaValues, nowIso: string) {
    const inserted = await this.db
      .insertInto('gate_area')
      .values({ tenant_id: tenantId, ...row, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(tenantId: number, id: number, row: AreaValues) {
    await this.db.updateTable('gate_area').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Deletes the area unless a gate is in it (checked in the same statement); false when nothing was deleted. */
  async deleteEmpty(tenantId: number, id: number) {
    const result = await this.db
      .deleteFrom('gate_area')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('gate').select('gate.id').whereRef('gate.area_id', '=', 'gate_area.id'))))
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
