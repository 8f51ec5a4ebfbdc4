import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Space } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { auth, Msg } from '@venue/contract';
import { ApiError } from '@/lib/http';
import { DURATION, notify } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { logoutAndReload, useSession } from '@/lib/session';
import { expiredMarker, tokenStore, usernameStore } from '@/lib/storage';
import { useCaptcha } from '../hooks/useCaptcha';
import styles from './LoginPage.module.css';

interface LoginForm {
  username: string;
  password: string;
  code?: string;
}

export interface LoginPageProps {
  /** Starts loading the first screen after login; called as the password goes to the server. */
  preload?: () => void;
}

export default function LoginPage({ preload }: LoginPageProps) {
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSession((s) => s.signedIn);
  // Spec 2.2: visiting /login while logged in logs the user out and reloads.
  const [leaving] = useState(() => Boolean(tokenStore.get()));
  const [savedUsername] = useState(() => usernameStore.get());
  const { captcha, checkFor, refresh, recheck } = useCaptcha(savedUsername || undefined, !leaving);
  const login = useApiMutation(auth.login, { quiet: true });

  useEffect(() => {
    if (leaving) {
      void logoutAndReload();
      return;
    }
    if (expiredMarker.take()) notify.warning(Msg.loginExpired);
    form.setFieldsValue({ username: savedUsername });
  }, [form, leaving, savedUsername]);

  async function submit(values: LoginForm) {
    // The frame loads while the password is checked, so the first screen follows the login at once.
    preload?.();
    try {
      const body = { username: values.username, password: values.password, ...(captcha ? { code: values.code, uuid: captcha.uuid } : {}) };
      const { token, user } = await login.mutateAsync({ body });
      signedIn(token, user);
      notify.success('登录成功', DURATION.loginSuccess);
      const redirect = params.get('redirect');
      navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) notify.error(error.message, DURATION.loginError);
      form.setFieldValue('code', '');
      await recheck(values.username);
    }
  }

  return (
    <div className={styles.page}>
      <Card className={styles.card} title={<span className={styles.title}>智慧体育场馆</span>}>
        <Form form={form} size="large" onFinish={submit}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" onBlur={(e) => checkFor(e.target.value || undefined)} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          {captcha && (
            <Form.Item name="code" rules={[{ required: true, whitespace: true, message: Msg.captchaRequired }]}>
              <Space.Compact block>
                <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={10} />
                <img src={captcha.img} alt="验证码" title="看不清？点击换一张" className={styles.captcha} onClick={refresh} />
              </Space.Compact>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {login.isPending ? '登 录 中...' : '登 录'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
