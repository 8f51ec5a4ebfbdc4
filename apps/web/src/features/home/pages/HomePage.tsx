import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Descriptions, Empty, Typography } from 'antd';
import type { MenuNode } from '@venue/contract';
import { SCREENS } from '@venue/contract/screens';
import { menuIcon } from '@/components/MenuIcon';
import { TodayFigures } from '@/features/board';
import { joinPath, searchEntries } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';
import styles from './HomePage.module.css';

/** Where the menu tree puts a screen (an admin may have moved it), or null when the user has no such entry. */
function screenPath(nodes: MenuNode[], component: string, parent = '/'): string | null {
  for (const node of nodes) {
    const path = joinPath(parent, node.path);
    if (node.component === component) return path;
    const found = node.children && screenPath(node.children, component, path);
    if (found) return found;
  }
  return null;
}

/** 首页: who is working where, and the screens of the day one click away. */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const navigate = useNavigate();
  const entries = useMemo(() => (menus ? searchEntries(menus).filter((e) => e.path.startsWith('/')) : []), [menus]);
  const venueAdmin = useMemo(() => (menus ? screenPath(menus, SCREENS.systemVenue) : null), [menus]);
  if (!user) return null;
  const center = user.centers.find((c) => user.venues.some((v) => v.venueId === user.currentVenueId && v.centerId === c.centerId));

  return (
    <div>
      <Typography.Title level={4}>您好，{user.realName}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前场馆">{user.currentVenueName ?? '未选择场馆'}</Descriptions.Item>
        <Descriptions.Item label="所属中心">{center?.centerName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="可用场馆">{user.venues.length} 个</Descriptions.Item>
      </Descriptions>
      {user.venues.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="还没有可用的场馆"
          description={venueAdmin ? '请先在场馆管理中新增中心与场馆，再在导航栏选择要工作的场馆。' : '请联系管理员为您分配场馆。'}
          action={
            venueAdmin && (
              <Button type="primary" onClick={() => navigate(venueAdmin)}>
                前往场馆管理
              </Button>
            )
          }
        />
      )}
      {user.currentVenueId && <TodayFigures venueId={user.currentVenueId} />}
      <Typography.Title level={5} id="home-entries">
        快捷入口
      </Typography.Title>
      {entries.length === 0 ? (
        <Empty description="暂无可用的功能，请联系管理员分配权限" />
      ) : (
        <nav aria-labelledby="home-entries">
          <ul className={styles.entries}>
            {entries.map((entry) => (
              <li key={entry.path}>
                <Link to={entry.path} className={styles.entry}>
                  <span aria-hidden>{menuIcon('appstore')}</span>
                  <span>{entry.title.split(' > ').pop()}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
