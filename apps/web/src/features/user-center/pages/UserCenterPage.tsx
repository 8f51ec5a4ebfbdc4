import { Button, Card, Col, Descriptions, Form, Input, Row, Tag } from 'antd';
import { auth, PASSWORD_MESSAGES, passwordProblem } from '@venue/contract';
import { callApi } from '@/lib/http';
import { notifyAfterReload } from '@/lib/notify';
import { logoutAndReload, useSession } from '@/lib/session';

/** An antd validator's answer for a problem message (or none). */
const checked = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

interface PasswordForm {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

/** 个人中心: the user's profile, venues and roles, and changing the password. */
export default function UserCenterPage() {
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<PasswordForm>();
  if (!user) return null;
  const centerName = (centerId: number) => user.centers.find((c) => c.centerId === centerId)?.centerName ?? '';

  async function changePassword({ oldPass, newPass }: PasswordForm) {
    await callApi(auth.updatePassword, { body: { oldPass, newPass } });
    notifyAfterReload({ kind: 'success', msg: '密码修改成功，请重新登录' });
    await logoutAndReload();
  }

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card size="small" title="个人信息">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名">{user.username}</Descriptions.Item>
            <Descriptions.Item label="姓名">{user.realName}</Descriptions.Item>
            <Descriptions.Item label="当前场馆">{user.currentVenueName ?? '未选择场馆'}</Descriptions.Item>
            <Descriptions.Item label="角色">
              {user.roles.map((r) => (
                <Tag key={r}>{r.replace(/^ROLE_/, '')}</Tag>
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
          <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} onFinish={(v) => void changePassword(v).catch(() => undefined)}>
            <Form.Item name="oldPass" label="旧密码" rules={[{ required: true, message: '请输入旧密码' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="newPass"
              label="新密码"
              rules={[
                { required: true, message: PASSWORD_MESSAGES.required },
                // The server's rule (length, common passwords, not the user name), from the contract.
                { validator: (_, value?: string) => (value ? checked(passwordProblem(value, user.username)) : Promise.resolve()) },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPass"
              label="确认密码"
              dependencies={['newPass']}
              rules={[
                { required: true, message: '请再次输入新密码' },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('newPass') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item wrapperCol={{ offset: 5 }}>
              <Button type="primary" htmlType="submit">
                保存
              </Button>
            </Form.Item>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
