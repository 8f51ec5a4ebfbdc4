import type { MenuNode } from '@venue/contract';

/** One screen reachable from the menu tree, with the titles of its ancestors for crumbs and search. */
export interface ViewRoute {
  fullPath: string;
  component: string;
  title: string;
  /** Ancestor chain including this route: title and, for groups, whether the crumb links nowhere. */
  trail: { title: string; path: string; noRedirect: boolean }[];
  noCache: boolean;
  hidden: boolean;
}

const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);
export const joinPath = (parent: string, child: string) =>
  isExternal(child) ? child : child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`.replace(/\/+/g, '/');

/**
 * The routes of spec 2.3: Layout groups hold screens; ParentView children are flattened with the
 * parent path prefixed; external links make no route; everything else loads its component by path.
 */
export function viewRoutes(nodes: MenuNode[], parentPath = '', trail: ViewRoute['trail'] = []): ViewRoute[] {
  const routes: ViewRoute[] = [];
  for (const node of nodes) {
    if (isExternal(node.path) || node.meta?.link) continue;
    const fullPath = joinPath(parentPath || '/', node.path);
    const here = node.meta ? [...trail, { title: node.meta.title, path: fullPath, noRedirect: node.redirect === 'noredirect' }] : trail;
    if (node.children?.length) {
      routes.push(...viewRoutes(node.children, fullPath, here));
    } else if (node.component && node.component !== 'Layout' && node.component !== 'ParentView') {
      routes.push({
        fullPath,
        component: node.component,
        title: node.meta?.title ?? '',
        trail: here,
        noCache: node.meta?.noCache ?? false,
        hidden: node.hidden,
      });
    }
  }
  return routes;
}

/** A sidebar entry: hidden entries dropped, a group with one visible child collapses unless alwaysShow. */
export interface SideItem {
  key: string;
  title: string;
  icon?: string;
  external?: string;
  children?: SideItem[];
}

export function sideItems(nodes: MenuNode[], parentPath = ''): SideItem[] {
  const items: SideItem[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const fullPath = joinPath(parentPath || '/', node.path);
    const visible = (node.children ?? []).filter((c) => !c.hidden);
    if (node.children && visible.length === 1 && !node.alwaysShow) {
      items.push(...sideItems([visible[0]], fullPath));
      continue;
    }
    if (node.children && visible.length === 0) continue;
    const title = node.meta?.title ?? '';
    const link = node.meta?.link ?? (isExternal(node.path) ? node.path : undefined);
    if (node.children) {
      items.push({ key: fullPath, title, icon: node.meta?.icon, children: sideItems(node.children, fullPath) });
    } else {
      items.push({ key: link ?? fullPath, title, icon: node.meta?.icon, external: link });
    }
  }
  return items;
}

/** Entries of the header search: titles of the ancestors joined by " > ", and the full path. */
export function searchEntries(nodes: MenuNode[], parentPath = '', titles: string[] = []): { title: string; path: string }[] {
  const entries: { title: string; path: string }[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const fullPath = joinPath(parentPath || '/', node.path);
    const here = node.meta?.title ? [...titles, node.meta.title] : titles;
    if (node.children?.length) entries.push(...searchEntries(node.children, fullPath, here));
    else if (here.length) entries.push({ title: here.join(' > '), path: node.meta?.link ?? fullPath });
  }
  return entries;
}
