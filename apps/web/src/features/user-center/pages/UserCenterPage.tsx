import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { useSession } from '@/lib/session';
import { PasswordForm } from '../components/PasswordForm';

/** 个人中心: the user's profile, venues and roles, and changing the password. */
export default function UserCenterPage() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  const centerName = (centerId: number) => user.centers.find((c) => c.centerId === centerId)?.centerName ?? '';

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card size="small" title="个人信息">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名">{user.username}</Descriptions.Item>
            <Descriptions.Item label="姓名">{user.realName}</Descriptions.Item>
            <Descriptions.Item label="当前场馆">{user.currentVenueName ?? '未选择场馆'}</Descriptions.Item>
            <Descriptions.Item label="角色">
              {user.roles.map((r, i) => (
                <Tag key={r}>{user.roleNames?.[i] ?? r.replace(/^ROLE_/, '')}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title="可用场馆" style={{ marginTop: 16 }}>
          {user.venues.map((v) => (
            <Tag key={v.venueId} color={v.venueId === user.currentVenueId ? 'blue' : undefined} style={{ marginBottom: 6 }}>
              {centerName(v.centerId)} / {v.venueName}
            </Tag>
          ))}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title="修改密码">
          <PasswordForm />
        </Card>
      </Col>
    </Row>
  );
}
