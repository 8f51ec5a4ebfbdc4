import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { menuIcon } from '@/components/MenuIcon';
import { sideItems, type SideItem } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';
import { PRODUCT_TITLE } from '../fixed-routes';
import { useLayout } from './settings';
import styles from './MainLayout.module.css';

type Item = Required<MenuProps>['items'][number];
const toItems = (items: SideItem[]): Item[] =>
  items.map((i) => ({ key: i.key, label: i.title, icon: menuIcon(i.icon), children: i.children ? toItems(i.children) : undefined }));

/** Parent keys of a path, so its group is open. */
const openKeysOf = (pathname: string) =>
  pathname
    .split('/')
    .filter(Boolean)
    .slice(0, -1)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);

const LOGO_POLL_MS = 200;

/** Spec 2.4: the logo is the tenant's home page logo, polled every 200 ms until it is available, then followed. */
function useTenantLogo(): string | null {
  const [logo, setLogo] = useState(() => useSession.getState().logo);
  useEffect(() => {
    // Once shown, a logo saved in 租户信息 replaces it at once.
    if (logo) return useSession.subscribe((s) => s.logo !== logo && setLogo(s.logo));
    const timer = window.setInterval(() => {
      const current = useSession.getState().logo;
      if (current) {
        setLogo(current);
        window.clearInterval(timer);
      }
    }, LOGO_POLL_MS);
    return () => window.clearInterval(timer);
  }, [logo]);
  return logo;
}

export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const { sidebarLogo, uniqueOpened, showFooter, footerTxt, caseNumber } = useLayout(
    useShallow((s) => ({
      sidebarLogo: s.sidebarLogo,
      uniqueOpened: s.uniqueOpened,
      showFooter: s.showFooter,
      footerTxt: s.footerTxt,
      caseNumber: s.caseNumber,
    })),
  );
  const logo = useTenantLogo();
  const side = useMemo(() => sideItems(menus ?? []), [menus]);
  const items = useMemo<Item[]>(() => [{ key: '/dashboard', label: '首页', icon: <HomeOutlined /> }, ...toItems(side)], [side]);
  const groups = useMemo(() => new Set(side.filter((i) => i.children).map((i) => i.key)), [side]);
  const externals = useMemo(() => {
    const links = new Set<string>();
    const walk = (list: SideItem[]) => list.forEach((i) => (i.external ? links.add(i.key) : i.children && walk(i.children)));
    walk(side);
    return links;
  }, [side]);
  // The groups above the current screen open when the path changes; the user opens and closes others.
  const [open, setOpen] = useState(() => ({ keys: openKeysOf(pathname), pathname, uniqueOpened }));
  if (open.pathname !== pathname || open.uniqueOpened !== uniqueOpened) {
    setOpen({ keys: [...new Set([...(uniqueOpened ? [] : open.keys), ...openKeysOf(pathname)])], pathname, uniqueOpened });
  }
  const openKeys = open.keys;
  const setOpenKeys = (keys: string[]) => setOpen((state) => ({ ...state, keys }));

  function onOpenChange(keys: string[]) {
    if (!uniqueOpened) return setOpenKeys(keys);
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened && groups.has(opened) ? [opened] : keys);
  }

  return (
    <div className={styles.sidebar}>
      {sidebarLogo && (
        <div className={styles.logo} onClick={() => navigate('/dashboard')}>
          {logo && <img src={logo} alt="logo" />}
          {!collapsed && <span>{PRODUCT_TITLE}</span>}
        </div>
      )}
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={onOpenChange}
        items={items}
        onClick={({ key }) => (externals.has(key) ? window.open(key, '_blank', 'noopener') : navigate(key))}
        className={styles.menu}
      />
      {showFooter && (footerTxt || caseNumber) && !collapsed && (
        <div className={styles.footer} data-testid="sidebar-footer">
          {footerTxt && <div>{footerTxt}</div>}
          {caseNumber && <div>{caseNumber}</div>}
        </div>
      )}
    </div>
  );
}
