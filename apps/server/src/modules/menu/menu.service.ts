import type { MenuNode } from '@venue/contract';
import type { MenuRepository } from './menu.repository.ts';
import { arrange, toMenuNodes, withAncestors } from './menu-tree.ts';

export class MenuService {
  constructor(private readonly menus: MenuRepository) {}

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
    return rows.map((r) => ({
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
    }));
  }
}
