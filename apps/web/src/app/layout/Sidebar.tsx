import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import type { MenuNode } from '@venue/contract';
import { menuIcon } from '@/components/MenuIcon';
import { sideItems, type SideItem } from '@/lib/menu-routes';

type Item = Required<MenuProps>['items'][number];
const toItems = (items: SideItem[]): Item[] =>
  items.map((i) => ({ key: i.key, label: i.title, icon: menuIcon(i.icon), children: i.children ? toItems(i.children) : undefined }));

/** Parent keys of the current path, so its group is open. */
const openKeysOf = (pathname: string) =>
  pathname.split('/').filter(Boolean).slice(0, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);

export function Sidebar({ menus, collapsed }: { menus: MenuNode[]; collapsed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const side = useMemo(() => sideItems(menus), [menus]);
  const items = useMemo<Item[]>(() => [{ key: '/dashboard', label: '首页', icon: <HomeOutlined /> }, ...toItems(side)], [side]);
  const externals = useMemo(() => {
    const links = new Set<string>();
    const walk = (list: SideItem[]) => list.forEach((i) => (i.external ? links.add(i.key) : i.children && walk(i.children)));
    walk(side);
    return links;
  }, [side]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? [] : openKeysOf(pathname)}
      items={items}
      onClick={({ key }) => (externals.has(key) ? window.open(key, '_blank', 'noopener') : navigate(key))}
    />
  );
}
