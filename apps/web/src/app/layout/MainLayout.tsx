import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Layout, Spin } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { ViewRoute } from '@/lib/menu-routes';
import { useSession } from '../session';
import { Breadcrumbs } from './Breadcrumbs';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import styles from './MainLayout.module.css';

export const SIDEBAR_WIDTH = 208;

export function MainLayout({ routes }: { routes: ViewRoute[] }) {
  const menus = useSession((s) => s.menus) ?? [];
  const user = useSession((s) => s.user);
  const [collapsed, setCollapsed] = useState(false);

  return (
    <Layout className={styles.root}>
      <Layout.Sider width={SIDEBAR_WIDTH} collapsed={collapsed} collapsedWidth={54} trigger={null} className={styles.sider}>
        <div className={styles.logo}>
          <img src="/logo.svg" alt="logo" />
          {!collapsed && <span>智慧体育场馆</span>}
        </div>
        <Sidebar menus={menus} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <span className={styles.hamburger} onClick={() => setCollapsed(!collapsed)} aria-label="切换侧边栏">
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </span>
          <Breadcrumbs routes={routes} />
          <div className={styles.right}>
            <span className={styles.venue}>{user?.currentVenueName ?? '未选择场馆'}</span>
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Suspense fallback={<Spin style={{ marginTop: 80, width: '100%' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
