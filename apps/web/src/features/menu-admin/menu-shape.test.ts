import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@venue/contract';
import * as menus from '@venue/contract/menus';
import type { MenuRow } from '@venue/contract/system';
import { MENU_ICON_NODES } from '@/components/MenuIcon';
import { searchEntries, sideItems, viewRoutes } from '@/lib/menu-routes';
import { flatten, parentOptions, treeRows } from './menu-rows';

const meta = (title: string, extra: Partial<NonNullable<MenuNode['meta']>> = {}) => ({ title, noCache: false, ...extra });
const screen = (path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  path,
  component: 'goods/stock/index',
  hidden: false,
  meta: meta(title),
  ...extra,
});
const group = (path: string, title: string, children: MenuNode[], component = 'ParentView', alwaysShow = true): MenuNode => ({
  path,
  component,
  hidden: false,
  alwaysShow,
  redirect: 'noredirect',
  meta: meta(title),
  children,
});
const link = (url: string, title: string): MenuNode => ({ path: url, hidden: false, meta: meta(title, { link: url }) });
/** A top-level screen or link as the server wraps it: a Layout parent with the one child. */
const wrapped = (path: string, child: MenuNode): MenuNode => ({ path, hidden: false, component: 'Layout', children: [child] });

/**
 * Trees an admin can build in 菜单管理, in the shape the server answers (test/menu-admin.test.ts checks that
 * shape): the spec 2.3 rules hold for each of them in the routes, the sidebar and the header search.
 */
describe('admin-built menu trees keep spec 2.3', () => {
  const tree: MenuNode[] = [
    group(
      '/svc',
      '场地服务',
      [
        group('reports', '报表中心', [
          screen('stock', '库存报表'),
          screen('hidden', '隐藏报表', { hidden: true }),
          group('deep', '深层', [screen('leaf', '末级')]),
        ]),
        link('https://example.com/help', '帮助文档'),
      ],
      'Layout',
    ),
    wrapped('/single', screen('index', '单页')),
    wrapped('https://example.com', link('https://example.com', '官网')),
    group('/lone', '单项目录', [screen('only', '唯一菜单')], 'Layout', false),
    group('/kept', '保留目录', [screen('one', '一个菜单')], 'Layout', true),
    group('/mixed', '半隐目录', [screen('shown', '可见菜单'), screen('gone', '隐藏菜单', { hidden: true })], 'Layout', false),
    group('/empty', '全隐目录', [screen('a', '隐藏一', { hidden: true })], 'Layout'),
    { ...screen('/secret', '隐藏单页'), hidden: true },
  ];

  it('flattens ParentView levels with their paths prefixed; links make no route; hidden screens stay routable', () => {
    expect(viewRoutes(tree).map((r) => r.fullPath)).toEqual([
      '/svc/reports/stock',
      '/svc/reports/hidden',
      '/svc/reports/deep/leaf',
      '/single/index',
      '/lone/only',
      '/kept/one',
      '/mixed/shown',
      '/mixed/gone',
      '/empty/a',
      '/secret',
    ]);
    expect(viewRoutes(tree)[2].trail.map((t) => t.title)).toEqual(['场地服务', '报表中心', '深层', '末级']);
  });

  it('collapses single-child groups unless always shown, drops hidden entries, and opens links as links', () => {
    const items = sideItems(tree);
    expect(items.map((i) => [i.key, i.title, i.external ?? null, (i.children ?? []).length])).toEqual([
      ['/svc', '场地服务', null, 2],
      ['/single/index', '单页', null, 0],
      ['https://example.com', '官网', 'https://example.com', 0],
      ['/lone/only', '唯一菜单', null, 0],
      ['/kept', '保留目录', null, 1],
      ['/mixed/shown', '可见菜单', null, 0],
    ]);
    const svc = items[0].children!;
    expect(svc[1]).toMatchObject({ key: 'https://example.com/help', external: 'https://example.com/help' });
    expect(svc[0].children!.map((c) => c.key)).toEqual(['/svc/reports/stock', '/svc/reports/deep']);
  });

  it('searches visible entries by their titles joined with " > "', () => {
    const entries = searchEntries(tree);
    expect(entries).toContainEqual({ title: '场地服务 > 报表中心 > 深层 > 末级', path: '/svc/reports/deep/leaf' });
    expect(entries).toContainEqual({ title: '场地服务 > 帮助文档', path: 'https://example.com/help' });
    expect(entries.some((e) => e.title.includes('隐藏'))).toBe(false);
  });
});

describe('菜单管理 table and pickers', () => {
  const row = (id: number, pid: number | null, type: number, hasChildren = false): MenuRow => ({
    id,
    pid,
    type,
    title: `m${id}`,
    path: `p${id}`,
    component: null,
    icon: null,
    permission: null,
    sort: id,
    hidden: false,
    iFrame: false,
    hasChildren,
    cache: true,
    alwaysShow: true,
  });

  it('shows an expander for a menu with children until its level is loaded', () => {
    const loaded = new Map([
      [0, [row(1, null, 0, true), row(2, null, 1)]],
      [1, [row(3, 1, 1, true)]],
    ]);
    const rows = treeRows(loaded);
    expect(rows[0].children!.map((r) => r.id)).toEqual([3]);
    expect(rows[0].children![0].children).toEqual([]);
    expect(rows[1].children).toBeUndefined();
  });

  it('offers no button, nor the menu edited or what is below it, as a parent', () => {
    const options = parentOptions([row(1, null, 0, true), row(3, 1, 1, true), row(4, 3, 2)], new Set([3, 4]));
    expect(options.map((o) => [o.value, o.pId, o.disabled, o.isLeaf])).toEqual([
      [1, 0, false, false],
      [3, 1, true, false],
      [4, 3, true, true],
    ]);
    const nested: (MenuRow & { children?: MenuRow[] })[] = [{ ...row(1, null, 0, true), children: [row(3, 1, 1)] }];
    expect(flatten(nested).map((r) => r.id)).toEqual([1, 3]);
  });

  it('ships an icon for every icon name the contract allows', () => {
    for (const name of menus.MENU_ICONS) expect(MENU_ICON_NODES[name], name).toBeTruthy();
  });
});
