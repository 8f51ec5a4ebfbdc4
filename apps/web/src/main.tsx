import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { UserInfo } from '@venue/contract';
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
const loadApp = () => import('@/app/App');
const App = lazy(loadApp);
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const preloadApp = () => void Promise.all([loadApp(), loadShell()]);
/**
 * The session's calls go out as soon as there is a token (after a login, all but the user it answered),
 * beside the app's code; lib/session reads their answers when it has loaded, and RequireAuth joins that load.
 */
const loadSession = (user?: UserInfo) => {
  sendSessionCalls(!user);
  void import('@/lib/session').then(({ useSession }) => {
    if (user) useSession.getState().signedIn(tokenStore.get() ?? '', user);
    useSession
      .getState()
      .load()
      .catch(() => undefined); // RequireAuth's own call answers a failure (log out and reload)
  });
};
// Opened with a token (a reload, a link): the app, the shell and the session load at once, not one after another.
if (token && window.location.pathname !== '/login') {
  preloadApp();
  loadSession();
}

function LoginRoute() {
  useEffect(() => {
    document.title = titleFor(FIXED_TITLES['/login']);
  }, []);
  return <LoginPage preload={preloadApp} onSignedIn={loadSession} />;
}

createRoot(document.getElementById('root')!).render(
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
