import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { clearAllCookies, tokenStore } from '@/lib/storage';
import { FIXED_TITLES, titleFor } from '@/app/fixed-routes';
import './global.css';

// Spec 4: all cookies are cleared on start; the token is put back from local storage.
const token = tokenStore.get();
clearAllCookies();
if (token) tokenStore.set(token);

// The login route is React and plain HTML only (about a third of the app's first download); the app
// behind it (antd, the API client, zod) is one lazy import, started while the password is checked.
const loadApp = () => import('@/app/App');
const App = lazy(loadApp);
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const preloadApp = () => void loadApp().then((app) => app.loadShell());

function LoginRoute() {
  useEffect(() => {
    document.title = titleFor(FIXED_TITLES['/login']);
  }, []);
  return <LoginPage preload={preloadApp} />;
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
