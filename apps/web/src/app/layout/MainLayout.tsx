import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { Drawer, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useFocusableScrollRegions } from '@/hooks/useFocusableScrollRegions';
import type { ViewRoute } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';
import { FIXED_TITLES } from '../fixed-routes';
import { Breadcrumbs } from './Breadcrumbs';
import { CashierEntry } from './CashierEntry';
import { CachedOutlet } from './CachedOutlet';
import { GateEntry } from './GateEntry';
import { HeaderSearch } from './HeaderSearch';
import { NavButton } from './NavButton';
import { DocLink, FullscreenToggle, SizeSelect } from './NavbarTools';
import { MOBILE_WIDTH, useLayout } from './settings';
import { Sidebar } from './Sidebar';
import { useTags } from './tags';
import { TagsView } from './TagsView';
import { UserMenu } from './UserMenu';
import { VenueSwitcher } from './VenueSwitcher';
import { useVerifyNav } from './VerifyEntry';
import styles from './MainLayout.module.css';

export const SIDEBAR_WIDTH = 208;
const COLLAPSED_WIDTH = 54;

/** Mobile below 992 px body width; the sidebar then is a drawer (spec 2.4, 4). */
function useDevice() {
  const setDevice = useLayout((s) => s.setDevice);
  const closeSidebar = useLayout((s) => s.closeSidebar);
  useEffect(() => {
    const check = () => {
      const mobile = document.body.clientWidth < MOBILE_WIDTH;
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [setDevice, closeSidebar]);
}

/** Each navigation: the tag is visited; desktop forces the sidebar open, mobile closes the drawer. */
function useNavigationEffects(routes: ViewRoute[]) {
  const { pathname, search } = useLocation();
  const visit = useTags((s) => s.visit);
  useEffect(() => {
    const { device, openSidebar, closeSidebar } = useLayout.getState();
    if (device === 'mobile') closeSidebar(false);
    else openSidebar(true);
    if (pathname.startsWith('/redirect/')) return;
    const route = routes.find((r) => r.fullPath === pathname);
    const title = route?.title ?? FIXED_TITLES[pathname];
    if (title && pathname !== '/dashboard') visit({ path: pathname, fullPath: pathname + search, title, affix: false, noCache: route?.noCache ?? true });
  }, [pathname, search, routes, visit]);
}

export function MainLayout({ routes }: { routes: ViewRoute[] }) {
  useEffect(() => useSession.getState().loadFrameExtras(), []);
  const { sidebarOpened, device, tagsView, fixedHeader, withoutAnimation, toggleSidebar, closeSidebar } = useLayout(
    useShallow((s) => ({
      sidebarOpened: s.sidebarOpened,
      device: s.device,
      tagsView: s.tagsView,
      fixedHeader: s.fixedHeader,
      withoutAnimation: s.withoutAnimation,
      toggleSidebar: s.toggleSidebar,
      closeSidebar: s.closeSidebar,
    })),
  );
  useDevice();
  useNavigationEffects(routes);
  // The whole page: dialogs (商品销售's 选择会员卡) render their tables outside the layout.
  const page = useRef<HTMLElement>(document.body);
  useFocusableScrollRegions(page);
  const mobile = device === 'mobile';
  const verify = useVerifyNav();

  const header = (
    <div className={fixedHeader ? `${styles.top} ${styles.fixed}` : styles.top}>
      <Layout.Header className={styles.header}>
        <NavButton
          className={styles.hamburger}
          label="切换侧边栏"
          onClick={toggleSidebar}
          icon={sidebarOpened && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        />
        {!mobile && <Breadcrumbs routes={routes} />}
        <div className={styles.right}>
          {!mobile && <HeaderSearch />}
          <VenueSwitcher />
          <GateEntry />
          {!mobile && verify.button}
          <CashierEntry />
          {!mobile && <FullscreenToggle />}
          <SizeSelect />
          {!mobile && <DocLink />}
          <UserMenu extra={mobile ? verify.menuItems : []} />
          {verify.host}
        </div>
      </Layout.Header>
      {tagsView && <TagsView />}
    </div>
  );

  return (
    <Layout className={styles.root}>
      {mobile ? (
        <Drawer
          placement="left"
          open={sidebarOpened}
          onClose={() => closeSidebar(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsed={!sidebarOpened}
          collapsedWidth={COLLAPSED_WIDTH}
          trigger={null}
          className={withoutAnimation ? `${styles.sider} ${styles.noAnimation}` : styles.sider}
        >
          <Sidebar collapsed={!sidebarOpened} />
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        {header}
        <Layout.Content className={styles.content}>
          <CachedOutlet routes={routes} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
