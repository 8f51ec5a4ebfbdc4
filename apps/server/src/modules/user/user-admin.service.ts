import { Code, passwordProblem, type BodyOut, users as contract } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/venue.service.ts';
import type { UserAdminRepository, UserWrite } from './user-admin.repository.ts';

const M = contract.USER_MESSAGES;
const ADMIN_CODE = 'admin';
const adminOnly = (msg: string = M.adminOnly) => new BizError(Code.NO_AUTHORIZATION, msg, 403);
type Grants = Pick<UserWrite, 'roleIds' | 'venueIds' | 'defaultVenueId'>;
type Detail = NonNullable<Awaited<ReturnType<UserAdminRepository['detail']>>>;

/** What the audit log shows of a user: never the password. */
const shown = (d: { realName: string; phone: string | null; state?: string } & Grants) => ({
  realName: d.realName,
  phone: d.phone,
  roleIds: d.roleIds,
  venueIds: d.venueIds,
  defaultVenueId: d.defaultVenueId,
  ...(d.state && { state: d.state }),
});
const shownDetail = (d: Detail) =>
  shown({
    realName: d.user.real_name,
    phone: d.user.phone,
    state: d.user.state,
    roleIds: d.roleIds,
    venueIds: d.venueIds,
    defaultVenueId: d.user.default_venue_id,
  });

/**
 * 用户管理 (issue 15): add, edit, enable/disable and password reset. A user cannot disable or demote
 * themself; the last enabled admin of a tenant keeps the admin role and stays enabled; only an admin
 * grants the admin role or changes an admin's account. Disabling or a reset ends the user's sessions at once.
 */
export class UserAdminService {
  constructor(
    private readonly repo: UserAdminRepository,
    private readonly venues: VenueService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async detail(tenantId: number, userId: number) {
    const d = await this.repo.detail(tenantId, userId);
    if (!d) throw notFound(M.notFound);
    return {
      userId: d.user.id,
      username: d.user.username,
      realName: d.user.real_name,
      phone: d.user.phone,
      state: d.user.state,
      roleIds: d.roleIds,
      venueIds: d.venueIds,
      defaultVenueId: d.user.default_venue_id,
      mustChangePassword: d.user.must_change_password === 'T',
    };
  }

  /** Roles and venues checked against the tenant; answers whether the admin role is among the roles. */
  private async checkGrants(
    s: UserSession,
    g: Omit<Grants, 'defaultVenueId'> & { defaultVenueId?: number | null },
  ): Promise<{ grants: Grants; admin: boolean }> {
    const roleIds = [...new Set(g.roleIds)];
    const venueIds = [...new Set(g.venueIds)];
    const roles = await this.repo.roles(s.tenantId, roleIds);
    if (roles.length !== roleIds.length) throw refuse(M.badRole);
    const admin = roles.some((r) => r.code === ADMIN_CODE);
    if (admin && !s.isAdmin) throw adminOnly();
    if (venueIds.length && !(await this.venues.allOfTenant(s.tenantId, venueIds))) throw refuse(M.badVenue);
    if (!admin && !venueIds.length) throw refuse(M.noVenue);
    const defaultVenueId = g.defaultVenueId ?? venueIds[0] ?? null;
    if (defaultVenueId !== null && !venueIds.includes(defaultVenueId)) throw refuse(M.defaultVenue);
    return { grants: { roleIds, venueIds, defaultVenueId }, admin };
  }

  private async isAdminUser(tenantId: number, roleIds: number[]) {
    return (await this.repo.roles(tenantId, roleIds)).some((r) => r.code === ADMIN_CODE);
  }

  /** The user to change, refused when it is an admin's account and the caller is not an admin. */
  private async target(s: UserSession, userId: number) {
    const d = await this.repo.detail(s.tenantId, userId);
    if (!d) throw notFound(M.notFound);
    const admin = await this.isAdminUser(s.tenantId, d.roleIds);
    if (admin && !s.isAdmin) throw adminOnly('只有管理员可以修改管理员账号');
    return { d, admin };
  }

  async add(s: UserSession, b: BodyOut<typeof contract.userAdd>) {
    const problem = passwordProblem(b.password, b.username);
    if (problem) throw new BizError(400, problem, 400);
    if (await this.repo.usernameTaken(b.username)) throw alreadyExists(M.usernameTaken);
    const { grants } = await this.checkGrants(s, b);
    const passwordHash = await hashPassword(b.password);
    const nowIso = iso(this.clock.now());
    const write = { ...grants, realName: b.realName, phone: b.phone };
    try {
      const userId = await this.repo.transaction(async (trx) => {
        const id = await this.repo.insert(trx, s.tenantId, { ...write, username: b.username, passwordHash, nowIso });
        await this.audit.record(trx, s, { action: 'user.add', target: `用户 ${b.username}`, after: shown(write) });
        return id;
      });
      return { userId };
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(M.usernameTaken);
      throw error;
    }
  }

  async edit(s: UserSession, b: BodyOut<typeof contract.userEdit>) {
    const { d, admin: wasAdmin } = await this.target(s, b.userId);
    const { grants, admin } = await this.checkGrants(s, b);
    const rolesChanged = grants.roleIds.length !== d.roleIds.length || grants.roleIds.some((id) => !d.roleIds.includes(id));
    if (b.userId === s.userId && rolesChanged) throw refuse(M.selfDemote);
    const write = { ...grants, realName: b.realName, phone: b.phone };
    await this.repo.transaction(async (trx) => {
      if (wasAdmin && !admin && d.user.state === 'A' && (await this.repo.otherActiveAdmins(trx, s.tenantId, b.userId)) === 0) throw refuse(M.lastAdmin);
      await this.repo.update(trx, s.tenantId, b.userId, write);
      await this.audit.record(trx, s, { action: 'user.edit', target: `用户 ${d.user.username}`, before: shownDetail(d), after: shown(write) });
    });
    return null;
  }

  async setState(s: UserSession, b: BodyOut<typeof contract.userSetState>) {
    if (b.userId === s.userId && b.state === 'S') throw refuse(M.selfDisable);
    const { d, admin } = await this.target(s, b.userId);
    if (d.user.state === b.state) return null;
    await this.repo.transaction(async (trx) => {
      if (b.state === 'S' && admin && (await this.repo.otherActiveAdmins(trx, s.tenantId, b.userId)) === 0) throw refuse(M.lastAdmin);
      await this.repo.setState(trx, s.tenantId, b.userId, b.state);
      if (b.state === 'S') await this.repo.endSessions(trx, s.tenantId, b.userId, iso(this.clock.now()));
      await this.audit.record(trx, s, { action: 'user.state', target: `用户 ${d.user.username}`, before: { state: d.user.state }, after: { state: b.state } });
    });
    return null;
  }

  async resetPassword(s: UserSession, b: BodyOut<typeof contract.userResetPassword>) {
    const { d } = await this.target(s, b.userId);
    const problem = passwordProblem(b.password, d.user.username);
    if (problem) throw new BizError(400, problem, 400);
    const passwordHash = await hashPassword(b.password);
    await this.repo.transaction(async (trx) => {
      await this.repo.resetPassword(trx, s.tenantId, b.userId, passwordHash);
      await this.repo.endSessions(trx, s.tenantId, b.userId, iso(this.clock.now()));
      await this.audit.record(trx, s, { action: 'user.resetPassword', target: `用户 ${d.user.username}`, after: { mustChangePassword: true } });
    });
    return null;
  }

  async salesPersons(tenantId: number) {
    return (await this.repo.salesPersons(tenantId)).map((u) => ({ userId: u.id, username: u.username, realName: u.real_name }));
  }

  async roleOptions(tenantId: number) {
    return (await this.repo.allRoles(tenantId)).map((r) => ({ roleId: r.id, roleName: r.name, roleCode: r.code, builtIn: r.code === ADMIN_CODE }));
  }
}
