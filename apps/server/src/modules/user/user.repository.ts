import type { Kysely } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(tenantId: number, userId: number) {
    return this.db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
  }

  rolesOf(tenantId: number, userId: number) {
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['role.id', 'role.code', 'role.name', 'role.level'])
      .where('user_role.tenant_id', '=', tenantId)
      .where('user_role.user_id', '=', userId)
      .orderBy('role.level')
      .execute();
  }

  /** Permission strings of the buttons and screens in the user's roles' menus. */
  async menuPermissionsOf(tenantId: number, userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_role')
      .innerJoin('role_menu', 'role_menu.role_id', 'user_role.role_id')
      .innerJoin('menu', 'menu.id', 'role_menu.menu_id')
      .select('menu.permission')
      .distinct()
      .where('user_role.tenant_id', '=', tenantId)
      .where('user_role.user_id', '=', userId)
      .where('menu.permission', 'is not', null)
      .execute();
    return rows.flatMap((r) =>
      r.permission
        ? r.permission
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
        : [],
    );
  }

  /** The venues the user is given (user_venue), whatever their state: reads of a venue's history stay its staff's. */
  async venueIdsOf(tenantId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_venue')
      .innerJoin('venue', 'venue.id', 'user_venue.venue_id')
      .select('user_venue.venue_id')
      .where('user_venue.tenant_id', '=', tenantId)
      .where('venue.tenant_id', '=', tenantId)
      .where('user_venue.user_id', '=', userId)
      .orderBy('user_venue.venue_id')
      .execute();
    return rows.map((r) => r.venue_id);
  }

  async setCurrentVenue(tenantId: number, userId: number, venueId: number): Promise<void> {
    await this.db.updateTable('users').set({ current_venue_id: venueId }).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
  }

  async setPasswordHash(tenantId: number, userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 'F' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  async page(tenantId: number, opts: { blurry?: string; state?: EnabledState }, window: PageWindow) {
    let query = this.db.selectFrom('users').where('users.tenant_id', '=', tenantId);
    if (opts.blurry) {
      const like = `%${opts.blurry}%`;
      query = query.where((eb) => eb.or([eb('users.username', 'like', like), eb('users.real_name', 'like', like), eb('users.phone', 'like', like)]));
    }
    if (opts.state) query = query.where('users.state', '=', opts.state);
    const { total, records: rows } = await pageQuery(
      query,
      query
        .leftJoin('venue', 'venue.id', 'users.current_venue_id')
        .select(['users.id', 'users.username', 'users.real_name', 'users.phone', 'users.state', 'users.created_at', 'venue.name as venue_name'])
        .orderBy('users.id'),
      window,
    );
    const roleRows = rows.length
      ? await this.db
          .selectFrom('user_role')
          .innerJoin('role', 'role.id', 'user_role.role_id')
          .select(['user_role.user_id', 'role.name'])
          .where('user_role.tenant_id', '=', tenantId)
          .where(
            'user_role.user_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    return { total, rows, roleRows };
  }
}
