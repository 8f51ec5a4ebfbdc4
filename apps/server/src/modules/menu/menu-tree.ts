import type { MenuNode } from '@venue/contract';
import type { MenuRecord } from '../../db/tables.ts';
import { MenuType } from './menu.repository.ts';

interface TreeRow extends MenuRecord {
  children: TreeRow[];
}

/** Arranges rows into a tree; rows whose parent is not in the set are dropped with their subtree. */
export function arrange(rows: MenuRecord[]): TreeRow[] {
  const byId = new Map<number, TreeRow>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TreeRow[] = [];
  for (const row of byId.values()) {
    if (row.pid === null) roots.push(row);
    else byId.get(row.pid)?.children.push(row);
  }
  return roots;
}

/**
 * The menu tree in the shape of spec 2.3: top-level paths begin with '/', top-level entries default
 * to Layout, folders below the top default to ParentView, entries with children redirect to noredirect
 * and are always shown unless the entry's alwaysShow is off, and a top-level screen without children is wrapped in a Layout parent with
 * a single child at path 'index'. External links carry no component.
 */
export function toMenuNodes(rows: TreeRow[]): MenuNode[] {
  return rows.map((row) => {
    const top = row.pid === null;
    const external = row.i_frame === 1;
    const meta = { title: row.title, icon: row.icon ?? undefined, noCache: row.no_cache === 1, ...(external ? { link: row.path } : {}) };
    const node: MenuNode = {
      path: external ? row.path : top ? `/${row.path.replace(/^\//, '')}` : row.path,
      name: row.name ?? row.title,
      hidden: row.hidden === 1,
      meta,
    };
    if (!external) {
      if (top) node.component = row.component || 'Layout';
      else if (row.type === MenuType.FOLDER) node.component = row.component || 'ParentView';
      else if (row.component) node.component = row.component;
    }
    if (row.children.length) {
      // alwaysShow off (菜单管理): a group with a single visible child collapses into it in the sidebar.
      node.alwaysShow = row.always_show !== 0;
      node.redirect = 'noredirect';
      node.children = toMenuNodes(row.children);
    } else if (top && row.type !== MenuType.FOLDER) {
      const child: MenuNode = { ...node, path: external ? row.path : 'index' };
      return { path: external ? row.path : node.path, hidden: node.hidden, component: 'Layout', children: [child] };
    }
    return node;
  });
}

/** Keeps ancestors of the granted entries, so that a granted screen is reachable through its folders. */
export function withAncestors(granted: MenuRecord[], all: MenuRecord[]): MenuRecord[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const keep = new Map(granted.map((r) => [r.id, r]));
  for (const row of granted) {
    let parent = row.pid === null ? undefined : byId.get(row.pid);
    while (parent && !keep.has(parent.id)) {
      keep.set(parent.id, parent);
      parent = parent.pid === null ? undefined : byId.get(parent.pid);
    }
  }
  return all.filter((r) => keep.has(r.id));
}

/** The ids of every menu below `id` (children, their children, ...). */
export function descendantsOf(id: number, all: Pick<MenuRecord, 'id' | 'pid'>[]): number[] {
  const found: number[] = [];
  const queue = [id];
  while (queue.length) {
    const current = queue.shift()!;
    for (const row of all) {
      if (row.pid === current && !found.includes(row.id) && row.id !== id) {
        found.push(row.id);
        queue.push(row.id);
      }
    }
  }
  return found;
}
