import type { Kysely, Transaction } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, MenuRecord, NewMenu } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export const MenuType = { FOLDER: 0, SCREEN: 1, BUTTON: 2 } as const;

/** The columns 菜单管理 writes. */
export type MenuWrite = Omit<NewMenu, 'tenant_id' | 'name'>;

export class MenuRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Folders and screens (not buttons); all of the tenant's, or those of the user's roles. */
  async navigable(tenantId: number, userId: number, all: boolean): Promise<MenuRecord[]> {
    let query = this.db.selectFrom('menu').selectAll().where('tenant_id', '=', tenantId).where('type', '!=', MenuType.BUTTON);
    if (!all) {
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('role_menu')
          .innerJoin('user_role', 'user_role.role_id', 'role_menu.role_id')
          .select('role_menu.menu_id')
          .where('user_role.tenant_id', '=', tenantId)
          .where('user_role.user_id', '=', userId),
      );
    }
    return query.orderBy('sort').orderBy('id').execute();
  }

  children(tenantId: number, pid: number | null) {
    let query = this.db.selectFrom('menu').selectAll().where('tenant_id', '=', tenantId);
    query = pid === null ? query.where('pid', 'is', null) : query.where('pid', '=', pid);
    return query.orderBy('sort').orderBy('id').execute();
  }

  async parentsWithChildren(tenantId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('menu').select('pid').distinct().where('tenant_id', '=', tenantId).where('pid', 'in', ids).execute();
    return new Set(rows.map((r) => r.pid as number));
  }

  /** Every menu of the tenant (a few hundred at most), for walking the tree. */
  all(tenantId: number): Promise<MenuRecord[]> {
    return this.db.selectFrom('menu').selectAll().where('tenant_id', '=', tenantId).orderBy('sort').orderBy('id').execute();
  }

  find(tenantId: number, id: number, db: Kysely<Database> | Transaction<Database> = this.db) {
    return db.selectFrom('menu').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** Menus whose title, path, component or permission holds `blurry`, optionally below `pid`. */
  search(tenantId: number, blurry: string | undefined, pid: number | undefined, window: PageWindow) {
    let q = this.db.selectFrom('menu').where('tenant_id', '=', tenantId);
    if (pid !== undefined) q = q.where('pid', '=', pid);
    if (blurry) {
      const like = `%${blurry}%`;
      q = q.where((eb) => eb.or([eb('title', 'like', like), eb('path', 'like', like), eb('component', 'like', like), eb('permission', 'like', like)]));
    }
    return pageQuery(q, q.selectAll().orderBy('sort').orderBy('id'), window);
  }

  /** A sibling (same parent) other than `exceptId` whose `column` is `value`. */
  async siblingWith(trx: Transaction<Database>, tenantId: number, pid: number | null, column: 'title' | 'path', value: string, exceptId = 0) {
    let q = trx.selectFrom('menu').select('id').where('tenant_id', '=', tenantId).where(column, '=', value).where('id', '<>', exceptId);
    q = pid === null ? q.where('pid', 'is', null) : q.where('pid', '=', pid);
    return !!(await q.executeTakeFirst());
  }

  async childCount(trx: Transaction<Database>, tenantId: number, id: number) {
    const row = await trx
      .selectFrom('menu')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('pid', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Transaction<Database>, tenantId: number, m: MenuWrite) {
    const { id } = await trx
      .insertInto('menu')
      .values({ ...m, tenant_id: tenantId, name: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(trx: Transaction<Database>, tenantId: number, id: number, m: MenuWrite) {
    await trx.updateTable('menu').set(m).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** The menu and its grants (role_menu); the caller has checked it has no children. */
  async remove(trx: Transaction<Database>, tenantId: number, id: number) {
    await trx.deleteFrom('role_menu').where('tenant_id', '=', tenantId).where('menu_id', '=', id).execute();
    await trx.deleteFrom('menu').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
