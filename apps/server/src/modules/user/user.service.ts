import { DEFAULT_ROLE, holdsAdmin, passwordProblem, type QueryOut, type system, type UserInfo } from '@venue/contract';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { hashPassword, verifyPassword } from '../../lib/secrets.ts';
import { venueForbidden } from '../../plugins/session.ts';
import type { TenantService } from '../tenant/tenant.service.ts';
import type { VenueService } from '../venue/venue.service.ts';
import { groupByCenter } from '../venue/venue.service.ts';
import type { UserRepository } from './user.repository.ts';

export interface Grants {
  roles: string[];
  permissions: string[];
  isAdmin: boolean;
  roleId: number | null;
  /** The user's venues (user_venue); an admin works in every venue of the tenant whatever this holds. */
  venueIds: number[];
  /** A role of the user has the data scope ALL: every venue of the tenant, like an admin (issue 15). */
  allVenues: boolean;
}

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly venues: VenueService,
    private readonly tenants: TenantService,
  ) {}

  private readonly recentGrants = new Map<string, { grants: Grants; version: number }>();

  /**
   * The grants every request is checked against, kept while the tenant's rules version (read with the
   * session, bumped by the database on every change to roles, menus and user roles or venues) stays the
   * same: a busy till does not re-read its menus on every call, and a change takes effect on the next
   * request in every server process.
   */
  async cachedGrantsOf(tenantId: number, userId: number, version: number): Promise<Grants> {
    const key = `${tenantId}:${userId}`;
    const hit = this.recentGrants.get(key);
    if (hit && hit.version === version) return hit.grants;
    // Read after the version: a change committed in between is caught by the next request's newer version.
    const grants = await this.grantsOf(tenantId, userId);
    if (this.recentGrants.size > 10_000) this.recentGrants.clear();
    this.recentGrants.set(key, { grants, version });
    return grants;
  }

  /** Roles are `ROLE_<code>`; permissions are the roles plus the menu permission strings. */
  async grantsOf(tenantId: number, userId: number): Promise<Grants> {
    const [roleRows, menuPermissions, venueIds] = await Promise.all([
      this.users.rolesOf(tenantId, userId),
      this.users.menuPermissionsOf(tenantId, userId),
      this.users.venueIdsOf(tenantId, userId),
    ]);
    const roles = roleRows.length ? roleRows.map((r) => `ROLE_${r.code}`) : [DEFAULT_ROLE];
    const permissions = [...new Set([...roles, ...menuPermissions])];
    const isAdmin = holdsAdmin(permissions);
    return { roles, permissions, isAdmin, roleId: roleRows[0]?.id ?? null, venueIds, allVenues: isAdmin || roleRows.some((r) => r.data_scope === 'ALL') };
  }

  async info(tenantId: number, userId: number): Promise<UserInfo> {
    const user = await this.users.findById(tenantId, userId);
    if (!user) throw notFound('用户不存在');
    const grants = await this.grantsOf(tenantId, userId);
    const [venueRows, services, roleRows] = await Promise.all([
      this.venues.venuesOfUser(tenantId, userId, grants.allVenues),
      this.tenants.services(tenantId),
      this.users.rolesOf(tenantId, userId),
    ]);
    const current = venueRows.find((v) => v.venueId === user.current_venue_id) ?? venueRows.find((v) => v.venueId === user.default_venue_id) ?? venueRows[0];
    return {
      userId: user.id,
      username: user.username,
      realName: user.real_name,
      roleId: grants.roleId,
      roles: grants.roles,
      roleNames: roleRows.length ? roleRows.map((r) => r.name) : grants.roles,
      permissions: grants.permissions,
      currentVenueId: current?.venueId ?? null,
      currentVenueName: current?.venueName ?? null,
      centers: groupByCenter(venueRows).map(({ centerId, centerName }) => ({ centerId, centerName })),
      venues: venueRows.map(({ venueId, venueName, centerId }) => ({ venueId, venueName, centerId })),
      memberTypeFlag: user.member_type_flag,
      tenantId,
      tenantServices: services,
      mustChangePassword: user.must_change_password === 'T',
    };
  }

  async setCurrentVenue(tenantId: number, userId: number, isAdmin: boolean, venueId: number) {
    const allowed = await this.venues.venuesOfUser(tenantId, userId, isAdmin);
    const venue = allowed.find((v) => v.venueId === venueId);
    if (!venue) throw venueForbidden();
    await this.users.setCurrentVenue(tenantId, userId, venueId);
    return { currentVenueId: venue.venueId, currentVenueName: venue.venueName };
  }

  /** The venue the user works in now: the stored one if still allowed, else the first allowed. */
  async currentVenueId(tenantId: number, userId: number, isAdmin: boolean): Promise<number | null> {
    const user = await this.users.findById(tenantId, userId);
    const allowed = await this.venues.venuesOfUser(tenantId, userId, isAdmin);
    return (allowed.find((v) => v.venueId === user?.current_venue_id) ?? allowed[0])?.venueId ?? null;
  }

  /** Whether `password` is the user's own (the caller throttles the attempts: AuthService). */
  async checkPassword(tenantId: number, userId: number, password: string): Promise<boolean> {
    const user = await this.users.findById(tenantId, userId);
    return !!user && (await verifyPassword(user.password_hash, password));
  }

  /**
   * Changes the user's own password after checking the old one on the server. The new one follows
   * the contract's rule (length and common passwords, checked by the schema) and is not the user name.
   * The caller throttles it and ends the user's other sessions (AuthService).
   */
  async updatePassword(tenantId: number, userId: number, oldPass: string, newPass: string): Promise<null> {
    const user = await this.users.findById(tenantId, userId);
    if (!user || !(await verifyPassword(user.password_hash, oldPass))) throw refuse('旧密码错误');
    const problem = passwordProblem(newPass, user.username);
    if (problem) throw new BizError(400, problem, 400);
    if (oldPass === newPass) throw refuse('新密码不能与旧密码相同');
    await this.users.setPasswordHash(tenantId, userId, await hashPassword(newPass));
    return null;
  }

  async page(tenantId: number, q: QueryOut<typeof system.userList>) {
    const { total, rows, roleRows, venueRows } = await this.users.page(tenantId, { blurry: q.blurry, state: q.state }, pageWindow(q));
    return {
      total,
      records: rows.map((r) => ({
        userId: r.id,
        username: r.username,
        realName: r.real_name,
        phone: r.phone,
        state: r.state,
        roleNames: roleRows.filter((x) => x.user_id === r.id).map((x) => x.name),
        currentVenueName: r.venue_name,
        createTime: r.created_at,
        roleIds: roleRows.filter((x) => x.user_id === r.id).map((x) => x.id),
        venueIds: venueRows.filter((x) => x.user_id === r.id).map((x) => x.venue_id),
        defaultVenueId: r.default_venue_id,
      })),
    };
  }
}
