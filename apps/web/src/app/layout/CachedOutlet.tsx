import { Activity, memo, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import type { ViewRoute } from '@/lib/menu-routes';
import { useTags } from './tags';
import styles from './MainLayout.module.css';

/**
 * The router view of spec 2.4: visited views stay mounted but hidden (React 19 Activity), so a tab
 * keeps its state; views marked noCache, and the home page, render fresh. Closing or refreshing a tab
 * bumps its generation, which drops the cached view. Memoised: the frame renders again for its own reasons
 * (the sidebar, the device, the tenant's settings), and the page, a table of a hundred rows, need not.
 */
export const CachedOutlet = memo(function CachedOutlet({ routes }: { routes: ViewRoute[] }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const visited = useTags((s) => s.visited);
  const generation = useTags((s) => s.generation);
  const [cache, setCache] = useState(() => new Map<string, { element: ReactNode; gen: number }>());

  const gen = generation[pathname] ?? 0;
  const route = routes.find((r) => r.fullPath === pathname);
  const cacheable = route !== undefined && !route.noCache;
  // The views to keep, derived while rendering (a new map only when something changes, so it settles at once).
  let kept = cache;
  const edit = () => (kept === cache ? (kept = new Map(cache)) : kept);
  for (const [path, entry] of cache) {
    const stillOpen = visited.some((v) => v.path === path);
    if ((!stillOpen && path !== pathname) || entry.gen !== (generation[path] ?? 0)) edit().delete(path);
  }
  if (cacheable && !kept.has(pathname)) edit().set(pathname, { element: outlet, gen });
  if (kept !== cache) setCache(kept);

  return (
    <>
      {[...kept].map(([path, entry]) => (
        <Activity key={`${path}#${entry.gen}`} mode={path === pathname ? 'visible' : 'hidden'}>
          <div className={path === pathname ? styles.fade : undefined}>{entry.element}</div>
        </Activity>
      ))}
      {!cacheable && (
        <div key={`${pathname}#${gen}`} className={styles.fade}>
          {outlet}
        </div>
      )}
    </>
  );
});
