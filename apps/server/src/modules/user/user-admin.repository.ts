import type { Kysely, Transaction } from 'kysely';
import type { Database, EnabledState } from '../../db/tables.ts';

export interface UserWrite {
  realName: string;
  phone: string | null;
  roleIds: number[];
  venueIds: number[];
  defaultVenueId: number | null;
}

/** The writes of user administration (users, user_role, user_venue) and the reads its rules need. */
export class UserAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async detail(tenantId: number, userId: number) {
    const user = await this.db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
    if (!user) return undefined;
    const [roles, venues] = await Promise.all([
      this.db.selectFrom('user_role').select('role_id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('role_id').execute(),
      this.db.selectFrom('user_venue').select('venue_id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('venue_id').execute(),
    ]);
    return { user, roleIds: roles.map((r) => r.role_id), venueIds: venues.map((v) => v.venue_id) };
  }

  async usernameTaken(username: string): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
  }

  /** The tenant's roles of `ids` with their codes. */
  roles(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('role').select(['id', 'code']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  allRoles(tenantId: number) {
    return this.db.selectFrom('role').select(['id', 'name', 'code']).where('tenant_id', '=', tenantId).orderBy('level').orderBy('id').execute();
  }

  /**
   * Enabled users of the tenant holding the admin role, but `exceptUserId`, counted under a lock on the
   * tenant's row (a no-op write, on either engine): two admins disabling or demoting each other at once
   * are decided one after the other, the second seeing the first's change, so one admin always remains.
   */
  async otherActiveAdmins(trx: Transaction<Database>, tenantId: number, exceptUserId: number): Promise<number> {
    await trx
      .updateTable('tenant')
      .set((eb) => ({ state: eb.ref('state') }))
      .where('id', '=', tenantId)
      .execute();
    const row = await trx
      .selectFrom('users as u')
      .innerJoin('user_role as ur', 'ur.user_id', 'u.id')
      .innerJoin('role as r', 'r.id', 'ur.role_id')
      .select((eb) => eb.fn.count<number>('u.id').distinct().as('n'))
      .where('u.tenant_id', '=', tenantId)
      .where('u.state', '=', 'A')
      .where('r.code', '=', 'admin')
      .where('u.id', '<>', exceptUserId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Transaction<Database>, tenantId: number, u: UserWrite & { username: string; passwordHash: string; nowIso: string }) {
    const { id } = await trx
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        username: u.username,
        real_name: u.realName,
        password_hash: u.passwordHash,
        phone: u.phone,
        state: 'A',
        current_venue_id: u.defaultVenueId,
        default_venue_id: u.defaultVenueId,
        member_type_flag: 'F',
        must_change_password: 'T',
        created_at: u.nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.replaceGrants(trx, tenantId, id, u);
    return id;
  }

  async update(trx: Transaction<Database>, tenantId: number, userId: number, u: UserWrite) {
    await trx
      .updateTable('users')
      .set({ real_name: u.realName, phone: u.phone, default_venue_id: u.defaultVenueId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
    await this.replaceGrants(trx, tenantId, userId, u);
  }

  /** Roles and venues as given: rows no longer wanted go, new ones come (the rules version moves only on a change). */
  private async replaceGrants(trx: Transaction<Database>, tenantId: number, userId: number, u: UserWrite) {
    const [roles, venues] = await Promise.all([
      trx.selectFrom('user_role').select('role_id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute(),
      trx.selectFrom('user_venue').select('venue_id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute(),
    ]);
    const heldRoles = roles.map((r) => r.role_id);
    const heldVenues = venues.map((v) => v.venue_id);
    const dropRoles = heldRoles.filter((id) => !u.roleIds.includes(id));
    const addRoles = u.roleIds.filter((id) => !heldRoles.includes(id));
    const dropVenues = heldVenues.filter((id) => !u.venueIds.includes(id));
    const addVenues = u.venueIds.filter((id) => !heldVenues.includes(id));
    if (dropRoles.length)
      await trx.deleteFrom('user_role').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('role_id', 'in', dropRoles).execute();
    if (addRoles.length)
      await trx
        .insertInto('user_role')
        .values(addRoles.map((role_id) => ({ tenant_id: tenantId, user_id: userId, role_id })))
        .execute();
    if (dropVenues.length)
      await trx.deleteFrom('user_venue').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('venue_id', 'in', dropVenues).execute();
    if (addVenues.length)
      await trx
        .insertInto('user_venue')
        .values(addVenues.map((venue_id) => ({ tenant_id: tenantId, user_id: userId, venue_id })))
        .execute();
  }

  async setState(trx: Transaction<Database>, tenantId: number, userId: number, state: EnabledState) {
    await trx.updateTable('users').set({ state }).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
  }

  async resetPassword(trx: Transaction<Database>, tenantId: number, userId: number, passwordHash: string) {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 'T' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  /** Ends every live session of the user at once (disabled, or its password reset). */
  async endSessions(trx: Transaction<Database>, tenantId: number, userId: number, nowIso: string) {
    await trx
      .updateTable('session')
      .set({ revoked_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  salesPersons(tenantId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'real_name'])
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'A')
      .orderBy('id')
      .execute();
  }
}
