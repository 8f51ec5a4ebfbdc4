import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { PasswordForm } from '@/features/user-center';
import { ApiError } from '@/lib/http';
import { logoutAndReload, useSession } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import { loadShell, shell } from './shell-modules';
import { preloadScreenAt } from './views';

/**
 * Spec 4: without a token go to /login; with a token and no roles, fetch the user and the menus
 * (on a refusal log out and reload; with no answer at all, offer to try again), then the routes exist
 * and the path is entered again.
 */
export function RequireAuth() {
  const location = useLocation();
  const loaded = useSession((s) => s.user !== null && s.menus !== null);
  const mustChange = useSession((s) => s.user?.mustChangePassword === true);
  const load = useSession((s) => s.load);
  // 'offline': no answer came (the network, or this page being left mid-load): the session stays and can be tried again.
  const [failed, setFailed] = useState<'offline' | 'refused' | null>(null);
  const [shellReady, setShellReady] = useState(shell.MainLayout !== null);
  const token = tokenStore.get();
  const menus = useSession((s) => s.menus);

  // The page opened with the app (a reload, a link) loads as soon as the menus name it, beside the frame.
  useEffect(() => {
    if (menus) void preloadScreenAt(menus, location.pathname);
    // Once, when the menus arrive: later pages load as they are opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menus]);

  useEffect(() => {
    if (token && !shellReady) void loadShell().then(() => setShellReady(true));
  }, [token, shellReady]);

  useEffect(() => {
    if (token && !loaded && !failed) {
      load().catch((error: unknown) => {
        // Logging out revokes the token on the server: a page left while its menus load (a navigation aborts
        // the request) would take the token the next page opens with (it then met 401 and went to /login).
        if (error instanceof ApiError && error.noAnswer) return setFailed('offline');
        setFailed('refused');
        void logoutAndReload();
      });
    }
  }, [token, loaded, failed, load]);

  if (!token) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (failed === 'offline')
    return (
      <Result
        status="warning"
        title="无法连接服务器"
        subTitle="请检查网络后重试"
        extra={
          <Button type="primary" onClick={() => setFailed(null)}>
            重试
          </Button>
        }
      />
    );
  if (!loaded || !shellReady) return <Spin fullscreen size="large" description="加载中..." />;
  if (mustChange) return <ChangePasswordFirst />;
  return <Outlet />;
}

/** An admin reset the password, or it was made up at install: it is changed before anything else (issue 15). */
function ChangePasswordFirst() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '10vh 16px' }}>
      <Card title="请先修改密码" style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Paragraph type="secondary">当前密码为初始密码或已被管理员重置，修改后请用新密码重新登录。</Typography.Paragraph>
        <PasswordForm />
      </Card>
    </div>
  );
}
