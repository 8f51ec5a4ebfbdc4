import type { Kysely, Transaction } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface RoleWrite {
  roleName: string;
  description: string;
  level: number;
  dataScope: 'ALL' | 'OWN';
  menuIds: number[];
}

/** Roles with their menus (role_menu); both are rule tables, so every write moves the rules version. */
export class RoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async page(tenantId: number, blurry: string | undefined, window: PageWindow) {
    let q = this.db.selectFrom('role').where('tenant_id', '=', tenantId);
    if (blurry) q = q.where((eb) => eb.or([eb('name', 'like', `%${blurry}%`), eb('code', 'like', `%${blurry}%`)]));
    const page = await pageQuery(q, q.selectAll().orderBy('level').orderBy('id'), window);
    const ids = page.records.map((r) => r.id);
    const [menus, counts] = ids.length
      ? await Promise.all([
          this.db.selectFrom('role_menu').select(['role_id', 'menu_id']).where('tenant_id', '=', tenantId).where('role_id', 'in', ids).execute(),
          this.db
            .selectFrom('user_role')
            .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('tenant_id', '=', tenantId)
            .where('role_id', 'in', ids)
            .groupBy('role_id')
            .execute(),
        ])
      : [[], []];
    return { ...page, menus, counts };
  }

  find(tenantId: number, roleId: number, db: Kysely<Database> | Transaction<Database> = this.db) {
    return db.selectFrom('role').selectAll().where('tenant_id', '=', tenantId).where('id', '=', roleId).executeTakeFirst();
  }

  async menuIdsOf(tenantId: number, roleId: number) {
    const rows = await this.db
      .selectFrom('role_menu')
      .select('menu_id')
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', roleId)
      .orderBy('menu_id')
      .execute();
    return rows.map((r) => r.menu_id);
  }

  async taken(tenantId: number, column: 'code' | 'name', value: string, exceptId = 0) {
    return !!(await this.db
      .selectFrom('role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(column, '=', value)
      .where('id', '<>', exceptId)
      .executeTakeFirst());
  }

  async countMenus(tenantId: number, ids: number[]) {
    if (!ids.length) return 0;
    const row = await this.db
      .selectFrom('menu')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The menus (and buttons) the user's roles grant. */
  async heldMenuIds(tenantId: number, userId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('role_menu')
      .innerJoin('user_role', (j) => j.onRef('user_role.role_id', '=', 'role_menu.role_id').onRef('user_role.tenant_id', '=', 'role_menu.tenant_id'))
      .select('role_menu.menu_id')
      .where('role_menu.tenant_id', '=', tenantId)
      .where('user_role.user_id', '=', userId)
      .execute();
    return new Set(rows.map((r) => r.menu_id));
  }

  async menuTitles(tenantId: number, ids: number[]) {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('menu').select('title').where('tenant_id', '=', tenantId).where('id', 'in', ids).orderBy('id').execute();
    return rows.map((r) => r.title);
  }

  async holds(tenantId: number, userId: number, roleId: number) {
    return !!(await this.db
      .selectFrom('user_role')
      .select('role_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('role_id', '=', roleId)
      .executeTakeFirst());
  }

  async userCount(trx: Transaction<Database>, tenantId: number, roleId: number) {
    const row = await trx
      .selectFrom('user_role')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Transaction<Database>, tenantId: number, code: string, r: RoleWrite) {
    const { id } = await trx
      .insertInto('role')
      .values({ tenant_id: tenantId, code, name: r.roleName, description: r.description, level: r.level, data_scope: r.dataScope })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.setMenus(trx, tenantId, id, r.menuIds);
    return id;
  }

  async update(trx: Transaction<Database>, tenantId: number, roleId: number, r: RoleWrite) {
    await trx
      .updateTable('role')
      .set({ name: r.roleName, description: r.description, level: r.level, data_scope: r.dataScope })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', roleId)
      .execute();
    await this.setMenus(trx, tenantId, roleId, r.menuIds);
  }

  /** The role's menus as given: rows no longer wanted go, new ones come. */
  private async setMenus(trx: Transaction<Database>, tenantId: number, roleId: number, menuIds: number[]) {
    const held = (await trx.selectFrom('role_menu').select('menu_id').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute()).map(
      (r) => r.menu_id,
    );
    const drop = held.filter((id) => !menuIds.includes(id));
    const add = menuIds.filter((id) => !held.includes(id));
    if (drop.length) await trx.deleteFrom('role_menu').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).where('menu_id', 'in', drop).execute();
    if (add.length)
      await trx
        .insertInto('role_menu')
        .values(add.map((menu_id) => ({ tenant_id: tenantId, role_id: roleId, menu_id })))
        .execute();
  }

  async remove(trx: Transaction<Database>, tenantId: number, roleId: number) {
    await trx.deleteFrom('role_menu').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
    await trx.deleteFrom('role').where('tenant_id', '=', tenantId).where('id', '=', roleId).execute();
  }

  allMenus(tenantId: number) {
    return this.db
      .selectFrom('menu')
      .select(['id', 'pid', 'title', 'type', 'permission'])
      .where('tenant_id', '=', tenantId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }
}
