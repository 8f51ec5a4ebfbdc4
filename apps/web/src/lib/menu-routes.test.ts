import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@venue/contract';
import { searchEntries, sideItems, viewRoutes } from './menu-routes';

const tree: MenuNode[] = [
  {
    path: '/system',
    component: 'Layout',
    hidden: false,
    alwaysShow: true,
    redirect: 'noredirect',
    meta: { title: '系统管理', icon: 'setting', noCache: false },
    children: [
      { path: 'user', component: 'system/user/index', hidden: false, meta: { title: '用户管理', noCache: false } },
      {
        path: 'logs',
        component: 'ParentView',
        hidden: false,
        alwaysShow: true,
        redirect: 'noredirect',
        meta: { title: '日志', noCache: false },
        children: [{ path: 'error', component: 'system/log/error', hidden: false, meta: { title: '异常日志', noCache: true } }],
      },
      { path: 'secret', component: 'system/secret/index', hidden: true, meta: { title: '隐藏页', noCache: false } },
    ],
  },
  {
    path: '/readme',
    component: 'Layout',
    hidden: false,
    children: [{ path: 'index', component: 'readme/index', hidden: false, meta: { title: '说明', noCache: false } }],
  },
  { path: 'https://example.com/guide', hidden: false, meta: { title: '文档', noCache: false, link: 'https://example.com/guide' } },
];

describe('menu routes (spec 2.3)', () => {
  it('flattens ParentView children with the parent path prefixed and keeps hidden screens routable', () => {
    const routes = viewRoutes(tree);
    expect(routes.map((r) => r.fullPath)).toEqual(['/system/user', '/system/logs/error', '/system/secret', '/readme/index']);
    expect(routes[1].trail.map((t) => t.title)).toEqual(['系统管理', '日志', '异常日志']);
    expect(routes[1].trail[0].noRedirect).toBe(true);
    expect(routes[1].noCache).toBe(true);
  });

  it('hides hidden entries, collapses a single-child group unless alwaysShow, keeps external links', () => {
    const items = sideItems(tree);
    expect(items.map((i) => i.title)).toEqual(['系统管理', '说明', '文档']);
    expect(items[0].children?.map((c) => c.title)).toEqual(['用户管理', '日志']);
    expect(items[1].key).toBe('/readme/index');
    expect(items[2].external).toBe('https://example.com/guide');
  });

  it('builds search titles joined by " > "', () => {
    expect(searchEntries(tree)).toContainEqual({ title: '系统管理 > 日志 > 异常日志', path: '/system/logs/error' });
  });
});
