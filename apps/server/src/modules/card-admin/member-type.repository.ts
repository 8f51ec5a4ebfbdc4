import type { member, QueryOut } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { countRows, pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

const COLUMNS = ['id', 'name', 'state', 'sort'] as const;
type Values = { name: string; state: 'A' | 'S'; sort: number };

/** The member_type queries. */
export class MemberTypeRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with this repository bound to it (the audit entry joins it). */
  transaction<T>(work: (repo: MemberTypeRepository, trx: Executor) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute((trx) => work(new MemberTypeRepository(trx), trx));
  }

  find(tenantId: number, id: number) {
    return this.db.selectFrom('member_type').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  page(tenantId: number, q: QueryOut<typeof member.memberTypePage>, window: PageWindow) {
    let base = this.db.selectFrom('member_type').where('tenant_id', '=', tenantId);
    if (q.memberTypeName) base = base.where('name', 'like', `%${q.memberTypeName}%`);
    return pageQuery(countRows(base), base.select(COLUMNS).orderBy('sort').orderBy('id'), window);
  }

  /** Another type of the tenant with this name. */
  named(tenantId: number, name: string, exceptId?: number) {
    let q = this.db.selectFrom('member_type').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  }

  async insert(tenantId: number, values: Values) {
    return (
      await this.db
        .insertInto('member_type')
        .values({ tenant_id: tenantId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async update(tenantId: number, id: number, values: Values) {
    await this.db.updateTable('member_type').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
