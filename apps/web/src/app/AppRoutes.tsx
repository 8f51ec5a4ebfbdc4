import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Spin } from 'antd';
import { BOARD_ROUTES } from '@/features/board';
import { NotFoundPage, UnauthorisedPage } from '@/features/errors/pages/ErrorPage';
import { viewRoutes, type ViewRoute } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';
import { FIXED_TITLES, titleFor } from './fixed-routes';
import { RedirectView } from './layout/RedirectView';
import { RequireAuth } from './RequireAuth';
import { shell } from './shell-modules';
import { views } from './views';

const UserCenterPage = lazy(() => import('@/features/user-center/pages/UserCenterPage'));
const ReadCardsPage = lazy(() => import('@/features/member-card/pages/ReadCardsPage'));
const NoticePage = lazy(() => import('@/features/notice/pages/NoticePage'));
const BoardPage = lazy(() => import('@/features/board/pages/BoardPage'));
const CoachSignPage = lazy(() => import('@/features/course/pages/CoachSignPage'));

/** Rendered only below RequireAuth, which has loaded them. */
const ShellLayout = ({ routes }: { routes: ViewRoute[] }) => (shell.MainLayout ? <shell.MainLayout routes={routes} /> : null);
const ShellHome = () => (shell.HomePage ? <shell.HomePage /> : null);

function MenuView({ component }: { component: string }) {
  const view = views[component];
  if (!view) return <Navigate to="/404" replace />;
  return <view.Component />;
}

function useDocumentTitle(routes: ViewRoute[]) {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = FIXED_TITLES[pathname] ?? routes.find((r) => r.fullPath === pathname)?.title;
    document.title = titleFor(title);
  }, [pathname, routes]);
}

export function AppRoutes() {
  const menus = useSession((s) => s.menus);
  const routes = useMemo(() => (menus ? viewRoutes(menus) : []), [menus]);
  useDocumentTitle(routes);
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: newer Chromium returns a Promise from scrollTo, which React would take for a clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Suspense fallback={<Spin fullscreen />}>
      <Routes>
        <Route path="/notice" element={<NoticePage />} />
        {BOARD_ROUTES.map((board) => (
          <Route key={board.path} path={board.path} element={<BoardPage route={board} />} />
        ))}
        <Route element={<RequireAuth />}>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/401" element={<UnauthorisedPage />} />
          <Route element={<ShellLayout routes={routes} />}>
            <Route path="/dashboard" element={<ShellHome />} />
            <Route path="/user/center" element={<UserCenterPage />} />
            <Route path="/readCards" element={<ReadCardsPage />} />
            <Route path="/course/sign" element={<CoachSignPage />} />
            <Route path="/redirect/*" element={<RedirectView />} />
            {routes.map((r) => (
              <Route key={r.fullPath} path={r.fullPath} element={<MenuView component={r.component} />} />
            ))}
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
