import type { Kysely } from 'kysely';
import type { Database, MenuRecord } from '../../db/tables.ts';

export const MenuType = { FOLDER: 0, SCREEN: 1, BUTTON: 2 } as const;

export class MenuRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
}
