import { type BodyOut, type QueryOut, roles as contract } from '@venue/contract';
import type { MenuGrantNode } from '@venue/contract/roles';
import { alreadyExists, BizError, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { RoleRepository, RoleWrite } from './role.repository.ts';

const M = contract.ROLE_MESSAGES;
const ADMIN_CODE = 'admin';
type Role = NonNullable<Awaited<ReturnType<RoleRepository['find']>>>;

const shown = (r: RoleWrite) => ({ roleName: r.roleName, description: r.description, level: r.level, dataScope: r.dataScope, menuIds: r.menuIds });

/**
 * 角色管理 (issue 15): roles with their menus and buttons and a data scope. The admin role is built in
 * and not editable; a user cannot change a role they hold (no granting oneself more) nor grant menus or
 * buttons they do not hold themself, unless an admin.
 * A change reaches every server process on the next request (the rules version, moved by the database).
 */
export class RoleService {
  constructor(
    private readonly repo: RoleRepository,
    private readonly audit: AuditService,
  ) {}

  async page(tenantId: number, q: QueryOut<typeof contract.roleList>) {
    const { total, records, menus, counts } = await this.repo.page(tenantId, q.blurry || undefined, pageWindow(q));
    return {
      total,
      records: records.map((r) => ({
        roleId: r.id,
        roleName: r.name,
        roleCode: r.code,
        description: r.description,
        level: r.level,
        // The built-in admin works in every venue whatever its row says (UserSession.allVenues).
        dataScope: r.code === ADMIN_CODE ? ('ALL' as const) : r.data_scope,
        menuIds: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
        builtIn: r.code === ADMIN_CODE,
        userCount: Number(counts.find((c) => c.role_id === r.id)?.n ?? 0),
      })),
    };
  }

  /**
   * The role's menus checked: the tenant's, and (unless the caller is an admin) none the caller does not
   * hold themself, but those the role already grants (an editor may keep or drop them, not add them).
   */
  private async check(s: UserSession, r: RoleWrite, exceptId = 0): Promise<RoleWrite> {
    const menuIds = [...new Set(r.menuIds)];
    if ((await this.repo.countMenus(s.tenantId, menuIds)) !== menuIds.length) throw refuse(M.badMenu);
    if (!s.isAdmin) {
      const held = await this.repo.heldMenuIds(s.tenantId, s.userId);
      const already = new Set(exceptId ? await this.repo.menuIdsOf(s.tenantId, exceptId) : []);
      const beyond = menuIds.filter((id) => !held.has(id) && !already.has(id));
      if (beyond.length) throw refuse(`${M.notHeld}：${(await this.repo.menuTitles(s.tenantId, beyond)).slice(0, 5).join('、')}`);
    }
    if (await this.repo.taken(s.tenantId, 'name', r.roleName, exceptId)) throw alreadyExists(M.nameTaken);
    return { ...r, menuIds };
  }

  /** The role to change: the tenant's, not the built-in admin, not one the (non-admin) caller holds. */
  private async target(s: UserSession, roleId: number): Promise<Role> {
    const role = await this.repo.find(s.tenantId, roleId);
    if (!role) throw notFound(M.notFound);
    if (role.code === ADMIN_CODE) throw refuse(M.builtIn);
    if (!s.isAdmin && (await this.repo.holds(s.tenantId, s.userId, roleId))) throw new BizError(510, M.ownRole, 403);
    return role;
  }

  async add(s: UserSession, b: BodyOut<typeof contract.roleAdd>) {
    if (b.roleCode.toLowerCase() === ADMIN_CODE || (await this.repo.taken(s.tenantId, 'code', b.roleCode))) throw alreadyExists(M.codeTaken);
    const write = await this.check(s, b);
    const roleId = await this.repo.transaction(async (trx) => {
      const id = await this.repo.insert(trx, s.tenantId, b.roleCode, write);
      await this.audit.record(trx, s, { action: 'role.add', target: `角色 ${b.roleName}（${b.roleCode}）`, after: shown(write) });
      return id;
    });
    return { roleId };
  }

  async edit(s: UserSession, b: BodyOut<typeof contract.roleEdit>) {
    const role = await this.target(s, b.roleId);
    const write = await this.check(s, b, b.roleId);
    const before = {
      roleName: role.name,
      description: role.description,
      level: role.level,
      dataScope: role.data_scope,
      menuIds: await this.repo.menuIdsOf(s.tenantId, role.id),
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.update(trx, s.tenantId, role.id, write);
      await this.audit.record(trx, s, { action: 'role.edit', target: `角色 ${role.name}（${role.code}）`, before, after: shown(write) });
    });
    return null;
  }

  async remove(s: UserSession, roleId: number) {
    const role = await this.target(s, roleId);
    await this.repo.transaction(async (trx) => {
      if ((await this.repo.userCount(trx, s.tenantId, roleId)) > 0) throw refuse(M.inUse);
      await this.repo.remove(trx, s.tenantId, roleId);
      await this.audit.record(trx, s, {
        action: 'role.delete',
        target: `角色 ${role.name}（${role.code}）`,
        before: { roleName: role.name, dataScope: role.data_scope },
      });
    });
    return null;
  }

  /** The tenant's whole menu tree with its buttons, for the grant tree. */
  async grantTree(tenantId: number): Promise<MenuGrantNode[]> {
    const rows = await this.repo.allMenus(tenantId);
    const build = (pid: number | null): MenuGrantNode[] =>
      rows
        .filter((r) => r.pid === pid)
        .map((r) => {
          const children = build(r.id);
          return { id: r.id, title: r.title, type: r.type, permission: r.permission, ...(children.length && { children }) };
        });
    return build(null);
  }
}
