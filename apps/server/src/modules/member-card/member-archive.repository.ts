import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, MemberSource } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface MemberValues {
  name: string;
  phone: string;
  id_number: string | null;
  gender: string | null;
  birthday: string | null;
  photo: string | null;
  member_type_id: number | null;
  source: MemberSource;
  remark: string;
}
export interface FamilyValues {
  name: string;
  relation: 'S' | 'F' | 'M' | 'O';
  phone: string | null;
}

/** The member archive's queries: members with their type and number of cards, their family. */
export class MemberArchiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private members(db: Executor, tenantId: number) {
    return db
      .selectFrom('member as m')
      .leftJoin('member_type as mt', 'mt.id', 'm.member_type_id')
      .selectAll('m')
      .select('mt.name as member_type_name')
      .select(sql<number>`(select count(*) from card c where c.member_id = m.id)`.as('card_count'))
      .where('m.tenant_id', '=', tenantId);
  }

  /** By name or phone (contains), or the number of one of the member's cards (exact). */
  page(tenantId: number, keyword: string | undefined, window: PageWindow) {
    let q = this.db.selectFrom('member as m').where('m.tenant_id', '=', tenantId);
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql`m.name`, 'like', sql`${like} escape '\\'`),
          eb(sql`m.phone`, 'like', sql`${like} escape '\\'`),
          eb.exists(
            eb.selectFrom('card as c').select('c.id').where('c.tenant_id', '=', tenantId).whereRef('c.member_id', '=', 'm.id').where('c.card_no', '=', keyword),
          ),
        ]),
      );
    }
    const ids = q.select('m.id');
    const rows = this.members(this.db, tenantId).where('m.id', 'in', ids).orderBy('m.id', 'desc');
    return pageQuery(q.select('m.id'), rows, window);
  }

  find(tenantId: number, id: number, db: Executor = this.db) {
    return this.members(db, tenantId).where('m.id', '=', id).executeTakeFirst();
  }

  family(tenantId: number, memberId: number, db: Executor = this.db) {
    return db
      .selectFrom('member_family')
      .select(['id as familyId', 'name', 'relation', 'phone'])
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  }

  async typeExists(tenantId: number, typeId: number) {
    return !!(await this.db.selectFrom('member_type').select('id').where('tenant_id', '=', tenantId).where('id', '=', typeId).executeTakeFirst());
  }

  async phoneTaken(tenantId: number, phone: string, exceptId?: number) {
    let q = this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('phone', '=', phone);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  memberTypes(tenantId: number) {
    return this.db
      .selectFrom('member_type')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'A')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  insert(trx: Executor, tenantId: number, values: MemberValues, nowIso: string) {
    return trx
      .insertInto('member')
      .values({ tenant_id: tenantId, ...values, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  update(trx: Executor, tenantId: number, id: number, values: MemberValues) {
    return trx.updateTable('member').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Sets a member's family to `family`, keeping the row (and its id) of each member still listed under the
   * same name and relation: a child's course enrolment names its family row, so saving the archive must not
   * renumber it. Rows no longer listed go; new ones are added.
   */
  async replaceFamily(trx: Executor, tenantId: number, memberId: number, family: FamilyValues[]) {
    const existing = await this.family(tenantId, memberId, trx);
    const kept = new Set<number>();
    const added: FamilyValues[] = [];
    for (const f of family) {
      const same = existing.find((e) => !kept.has(e.familyId) && e.name === f.name && e.relation === f.relation);
      if (!same) {
        added.push(f);
        continue;
      }
      kept.add(same.familyId);
      if (same.phone !== f.phone) await trx.updateTable('member_family').set({ phone: f.phone }).where('id', '=', same.familyId).execute();
    }
    const gone = existing.filter((e) => !kept.has(e.familyId)).map((e) => e.familyId);
    if (gone.length) await trx.deleteFrom('member_family').where('tenant_id', '=', tenantId).where('id', 'in', gone).execute();
    if (added.length)
      await trx
        .insertInto('member_family')
        .values(added.map((f) => ({ tenant_id: tenantId, member_id: memberId, ...f })))
        .execute();
  }
}
