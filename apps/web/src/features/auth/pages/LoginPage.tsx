import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Space } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { auth, Msg } from '@venue/contract';
import { logoutAndReload, useSession } from '@/app/session';
import { loadShell } from '@/app/shell-modules';
import { ApiError, callApi } from '@/lib/http';
import { DURATION, notify } from '@/lib/notify';
import { expiredMarker, tokenStore, usernameStore } from '@/lib/storage';
import styles from './LoginPage.module.css';

interface LoginForm {
  username: string;
  password: string;
  code?: string;
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSession((s) => s.signedIn);
  const [captcha, setCaptcha] = useState<{ uuid: string; img: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = useCallback(async () => setCaptcha(await callApi(auth.captcha, {}, { quiet: true })), []);
  const checkCaptcha = useCallback(
    async (username?: string) => {
      const { needCaptcha } = await callApi(auth.checkNeedCaptcha, { query: { username } }, { quiet: true });
      if (needCaptcha) await refreshCaptcha();
      else setCaptcha(null);
    },
    [refreshCaptcha],
  );

  useEffect(() => {
    // Spec 2.2: visiting /login while logged in logs the user out and reloads.
    if (tokenStore.get()) {
      void logoutAndReload();
      return;
    }
    if (expiredMarker.take()) notify.warning(Msg.loginExpired);
    const username = usernameStore.get();
    form.setFieldsValue({ username });
    void checkCaptcha(username || undefined).catch(() => undefined);
  }, [form, checkCaptcha]);

  async function submit(values: LoginForm) {
    setSubmitting(true);
    // The frame loads while the password is checked, so the first screen follows the login at once.
    void loadShell();
    try {
      const body = { username: values.username, password: values.password, ...(captcha ? { code: values.code, uuid: captcha.uuid } : {}) };
      const { token, user } = await callApi(auth.login, { body }, { quiet: true });
      signedIn(token, user);
      notify.success('登录成功', DURATION.loginSuccess);
      const redirect = params.get('redirect');
      navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) notify.error(error.message, DURATION.loginError);
      form.setFieldValue('code', '');
      await checkCaptcha(values.username).catch(() => undefined);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.page}>
      <Card className={styles.card} title={<span className={styles.title}>智慧体育场馆</span>}>
        <Form form={form} size="large" onFinish={submit} autoComplete="off">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" onBlur={(e) => void checkCaptcha(e.target.value || undefined).catch(() => undefined)} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" />
          </Form.Item>
          {captcha && (
            <Form.Item name="code" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
              <Space.Compact block>
                <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={10} />
                <img src={captcha.img} alt="验证码" title="看不清？点击换一张" className={styles.captcha} onClick={() => void refreshCaptcha()} />
              </Space.Compact>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {submitting ? '登 录 中...' : '登 录'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
