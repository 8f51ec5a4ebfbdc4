import { Button, Form, Input } from 'antd';
import * as auth from '@venue/contract/auth';
import { PASSWORD_MESSAGES, passwordProblem } from '@venue/contract/common/password';
import { callApi } from '@/lib/http';
import { notifyAfterReload } from '@/lib/notify';
import { logoutAndReload, useSession } from '@/lib/session';

/** An antd validator's answer for a problem message (or none). */
const checked = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

interface PasswordValues {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

/** 修改密码: the old password, the new one twice; saved, the user logs in again with it. */
export function PasswordForm() {
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<PasswordValues>();
  if (!user) return null;

  async function changePassword({ oldPass, newPass }: PasswordValues) {
    await callApi(auth.updatePassword, { body: { oldPass, newPass } });
    notifyAfterReload({ kind: 'success', msg: '密码修改成功，请重新登录' });
    await logoutAndReload();
  }

  return (
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
            validator: (_, value) => (!value || value === getFieldValue('newPass') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
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
  );
}
