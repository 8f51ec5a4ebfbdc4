import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { MenuNode, UserInfo } from '@venue/contract';
import { readyLazy } from '@/lib/ready-lazy';
import { sendSessionCalls } from '@/lib/session-early';
import { clearAllCookies, tokenStore } from '@/lib/storage';
import { FIXED_TITLES, titleFor } from '@/app/fixed-routes';
import { loadShell } from '@/app/shell-modules';
import './global.css';

// Spec 4: all cookies are cleared on start; the token is put back from local storage.
const token = tokenStore.get();
clearAllCookies();
if (token) tokenStore.set(token);

// The login route is React and plain HTML only; the app behind it (antd, the API client, zod, the frame
// and 首页) is lazy, and index.html preloads none of it (issue 33: the login page under 150 KB). It starts
// loading as the user types or submits: the app and the shell side by side, not one after the other.
// readyLazy: a page whose code is here renders at once (React.lazy would suspend and hold it back ~300 ms).
const app = readyLazy(() => import('@/app/App').then((m) => m.default));
const login = readyLazy(() => import('@/features/auth/pages/LoginPage').then((m) => m.default));
const App = app.Component;
const LoginPage = login.Component;
const loadAppAndShell = () => Promise.all([app.preload(), loadShell()]);
const preloadApp = () => void loadAppAndShell();
/**
 * The session's calls go out as soon as there is a token (after a login, all but the user and the menus it
 * answered), beside the app's code; lib/session reads their answers when it has loaded, and RequireAuth joins that load.
 */
const loadSession = (signedIn?: { user: UserInfo; menus: MenuNode[] }) => {
  sendSessionCalls(Boolean(signedIn));
  void import('@/lib/session').then(({ useSession }) => {
    if (signedIn) useSession.getState().signedIn(tokenStore.get() ?? '', signedIn.user, signedIn.menus);
    useSession
      .getState()
      .load()
      .catch(() => undefined); // RequireAuth's own call answers a failure (log out and reload)
  });
};
// Opened with a token (a reload, a link): the app, the shell and the session load at once, not one after another.
const opensApp = Boolean(token) && window.location.pathname !== '/login';
if (opensApp) loadSession();

function LoginRoute() {
  useEffect(() => {
    document.title = titleFor(FIXED_TITLES['/login']);
  }, []);
  return <LoginPage preload={preloadApp} onSignedIn={loadSession} />;
}

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="*" element={<App />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </StrictMode>,
  );
// The first page's code is loaded before the first render (nothing is drawn before it either way), so it
// does not suspend. A failed load renders anyway: the lazy page then shows the failure.
(opensApp ? loadAppAndShell() : login.preload()).then(render, render);
