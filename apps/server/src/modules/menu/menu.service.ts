import { type BodyOut, type MenuNode, menus as contract, type QueryOut, SCREENS } from '@venue/contract';
import type { MenuTreeRow } from '@venue/contract/menus';
import type { MenuRow } from '@venue/contract/system';
import type { Transaction } from 'kysely';
import type { Database, MenuRecord } from '../../db/tables.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import { MenuType, type MenuRepository, type MenuWrite } from './menu.repository.ts';
import { arrange, descendantsOf, toMenuNodes, withAncestors } from './menu-tree.ts';

const M = contract.MENU_MESSAGES;
type MenuBody = BodyOut<typeof contract.menuAdd>;

const toRow = (r: MenuRecord, parents: Set<number>): MenuRow => ({
  id: r.id,
  pid: r.pid,
  type: r.type,
  title: r.title,
  path: r.path,
  component: r.component,
  icon: r.icon,
  permission: r.permission,
  sort: r.sort,
  hidden: r.hidden === 1,
  iFrame: r.i_frame === 1,
  hasChildren: parents.has(r.id),
  cache: r.no_cache === 0,
  alwaysShow: r.always_show === 1,
});
/** What the audit log shows of a menu entry. */
const shown = (m: MenuWrite) => ({
  pid: m.pid,
  type: m.type,
  title: m.title,
  path: m.path,
  component: m.component,
  icon: m.icon,
  permission: m.permission,
  sort: m.sort,
  hidden: m.hidden === 1,
  cache: m.no_cache === 0,
  alwaysShow: m.always_show === 1,
  iFrame: m.i_frame === 1,
});
const EXTERNAL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const ROUTE_PATH = /^[A-Za-z0-9_\-./]+$/;

/**
 * 菜单管理 (issue 15): the tenant's menu tree of directories, screens and buttons. Whatever tree an
 * admin builds, the user menu keeps the shape of spec 2.3 (menu-tree.ts); a node with children is not
 * deleted; every change goes to 操作日志 and, the menu being a rule table, reaches every server
 * process on the next request (the sidebar follows after a reload).
 */
export class MenuService {
  constructor(
    private readonly menus: MenuRepository,
    private readonly audit: AuditService,
  ) {}

  async userTree(tenantId: number, userId: number, isAdmin: boolean): Promise<MenuNode[]> {
    const all = await this.menus.navigable(tenantId, userId, true);
    const granted = isAdmin ? all : withAncestors(await this.menus.navigable(tenantId, userId, false), all);
    return toMenuNodes(arrange(granted));
  }

  async lazy(tenantId: number, pid: number) {
    const rows = await this.menus.children(tenantId, pid === 0 ? null : pid);
    const parents = await this.menus.parentsWithChildren(
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toRow(r, parents));
  }

  async query(tenantId: number, q: QueryOut<typeof contract.menuQuery>) {
    const page = await this.menus.search(tenantId, q.blurry || undefined, q.pid, pageWindow(q));
    const parents = await this.menus.parentsWithChildren(
      tenantId,
      page.records.map((r) => r.id),
    );
    return mapPage(page, (r) => toRow(r, parents));
  }

  /** From the top down to each given menu: every level with its siblings, the given menus' ancestors expanded. */
  async superior(tenantId: number, ids: number[]): Promise<MenuTreeRow[]> {
    const all = await this.menus.all(tenantId);
    const byId = new Map(all.map((r) => [r.id, r]));
    const parents = new Set(all.flatMap((r) => (r.pid === null ? [] : [r.pid])));
    const expand = new Set<number>();
    for (const id of ids) {
      if (!byId.has(id)) throw notFound(M.notFound);
      for (let p = byId.get(id)!.pid; p !== null; p = byId.get(p)?.pid ?? null) expand.add(p);
    }
    const level = (pid: number | null): MenuTreeRow[] =>
      all
        .filter((r) => r.pid === pid)
        .map((r) => {
          const row = toRow(r, parents);
          return expand.has(r.id) ? { ...row, children: level(r.id) } : row;
        });
    return level(null);
  }

  /** The menu and every menu below it. */
  async child(tenantId: number, id: number): Promise<number[]> {
    const all = await this.menus.all(tenantId);
    if (!all.some((r) => r.id === id)) throw notFound(M.notFound);
    return [id, ...descendantsOf(id, all)];
  }

  /** The write of a body, checked against the kind of entry it is and its parent (`id`: the entry edited). */
  private async check(s: UserSession, b: MenuBody, id = 0): Promise<MenuWrite> {
    const pid = b.pid || null;
    if (pid !== null) {
      if (pid === id) throw refuse(M.ownParent);
      const parent = await this.menus.find(s.tenantId, pid);
      if (!parent) throw refuse(M.badParent);
      if (parent.type === MenuType.BUTTON) throw refuse(M.buttonParent);
      if (id && descendantsOf(id, await this.menus.all(s.tenantId)).includes(pid)) throw refuse(M.ownParent);
    }
    const base = { pid, type: b.type, title: b.title, icon: b.icon, sort: b.sort, hidden: b.hidden ? 1 : 0 };
    if (b.type === MenuType.BUTTON) {
      if (pid === null) throw refuse(M.buttonAtTop);
      if (!b.permission) throw refuse(M.needPermission);
      return { ...base, icon: null, hidden: 0, path: '', component: null, permission: b.permission, no_cache: 0, i_frame: 0, always_show: 1 };
    }
    const path = b.iFrame ? b.path : b.path.replace(/^\/+/, '');
    if (!path) throw refuse(M.needPath);
    if (b.iFrame && !EXTERNAL.test(path)) throw refuse(M.externalPath);
    if (!b.iFrame && !ROUTE_PATH.test(path)) throw refuse(M.badPath);
    const component = b.iFrame ? null : b.component;
    if (b.type === MenuType.SCREEN && !b.iFrame && (!component || component === 'Layout' || component === 'ParentView')) throw refuse(M.needComponent);
    return {
      ...base,
      path,
      component,
      permission: b.permission,
      no_cache: b.cache ? 0 : 1,
      i_frame: b.iFrame ? 1 : 0,
      always_show: b.alwaysShow ? 1 : 0,
    };
  }

  private async unique(trx: Transaction<Database>, s: UserSession, m: MenuWrite, id = 0) {
    const pid = m.pid ?? null;
    if (await this.menus.siblingWith(trx, s.tenantId, pid, 'title', m.title, id)) throw refuse(M.titleTaken);
    if (m.path && (await this.menus.siblingWith(trx, s.tenantId, pid, 'path', m.path, id))) throw refuse(M.pathTaken);
  }

  async add(s: UserSession, b: MenuBody) {
    const write = await this.check(s, b);
    const id = await this.menus.transaction(async (trx) => {
      await this.unique(trx, s, write);
      const menuId = await this.menus.insert(trx, s.tenantId, write);
      await this.audit.record(trx, s, { action: 'menu.add', target: `菜单 ${write.title}（${menuId}）`, after: shown(write) });
      return menuId;
    });
    return { id };
  }

  async edit(s: UserSession, b: BodyOut<typeof contract.menuEdit>) {
    const before = await this.menus.find(s.tenantId, b.id);
    if (!before) throw notFound(M.notFound);
    const write = await this.check(s, b, b.id);
    await this.menus.transaction(async (trx) => {
      if (write.type === MenuType.BUTTON && (await this.menus.childCount(trx, s.tenantId, b.id)) > 0) throw refuse(M.toButton);
      await this.unique(trx, s, write, b.id);
      await this.menus.update(trx, s.tenantId, b.id, write);
      await this.audit.record(trx, s, { action: 'menu.edit', target: `菜单 ${before.title}（${b.id}）`, before: shown(before), after: shown(write) });
    });
    return null;
  }

  /** Deletes leaves only: when any menu asked for has children (or is 菜单管理 itself), nothing is deleted. */
  async remove(s: UserSession, ids: number[]) {
    await this.menus.transaction(async (trx) => {
      const rows: MenuRecord[] = [];
      for (const id of [...new Set(ids)]) {
        const row = await this.menus.find(s.tenantId, id, trx);
        if (!row) throw notFound(M.notFound);
        if (row.component === SCREENS.systemMenu) throw refuse(M.keepSelf);
        if ((await this.menus.childCount(trx, s.tenantId, id)) > 0) throw refuse(`${M.hasChildren}：${row.title}`);
        rows.push(row);
      }
      for (const row of rows) {
        await this.menus.remove(trx, s.tenantId, row.id);
        await this.audit.record(trx, s, { action: 'menu.delete', target: `菜单 ${row.title}（${row.id}）`, before: shown(row) });
      }
    });
    return null;
  }
}
