import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Breadcrumb } from 'antd';
import type { ViewRoute } from '@/lib/menu-routes';
import { FIXED_TITLES } from '../fixed-routes';

interface Crumb {
  title: string;
  path?: string;
}

/** Spec 2.4: 首页 first unless the route is the dashboard; untitled crumbs skipped; the last not a link. */
export function crumbsFor(pathname: string, routes: ViewRoute[]): Crumb[] {
  const route = routes.find((r) => r.fullPath === pathname);
  const trail: Crumb[] = route
    ? route.trail.filter((t) => t.title).map((t) => ({ title: t.title, path: t.noRedirect ? undefined : t.path }))
    : FIXED_TITLES[pathname]
      ? [{ title: FIXED_TITLES[pathname], path: pathname }]
      : [];
  const crumbs = pathname === '/dashboard' ? trail : [{ title: '首页', path: '/dashboard' }, ...trail];
  return crumbs.map((c, i) => (i === crumbs.length - 1 ? { title: c.title } : c));
}

export function Breadcrumbs({ routes }: { routes: ViewRoute[] }) {
  const { pathname } = useLocation();
  // Spec 2.4: /redirect/ routes do not rebuild the breadcrumb, so the last one is kept across renders.
  const [shown, setShown] = useState(() => ({ pathname, routes, crumbs: crumbsFor(pathname, routes) }));
  if (!pathname.startsWith('/redirect/') && (shown.pathname !== pathname || shown.routes !== routes)) {
    setShown({ pathname, routes, crumbs: crumbsFor(pathname, routes) });
  }
  const { crumbs } = shown;
  return <Breadcrumb items={crumbs.map((c) => ({ key: c.title, title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))} />;
}
