import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { menuIcon } from '@/components/MenuIcon';
import { TodayFigures } from '@/features/board';
import { searchEntries } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';

/** 首页: who is working where, and the screens of the day one click away. */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const navigate = useNavigate();
  const entries = useMemo(() => (menus ? searchEntries(menus).filter((e) => e.path.startsWith('/')) : []), [menus]);
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
      {user.currentVenueId && <TodayFigures venueId={user.currentVenueId} />}
      <Typography.Title level={5}>快捷入口</Typography.Title>
      {entries.length === 0 ? (
        <Empty description="暂无可用的功能，请联系管理员分配权限" />
      ) : (
        <Row gutter={[12, 12]}>
          {entries.map((entry) => (
            <Col key={entry.path} xs={12} sm={8} md={6} lg={4}>
              <Card hoverable size="small" onClick={() => navigate(entry.path)} style={{ textAlign: 'center' }}>
                {menuIcon('appstore')}
                <div style={{ marginTop: 6 }}>{entry.title.split(' > ').pop()}</div>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
