import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that renders at once when its code is already here. React.lazy suspends on
 * its first render even when its import has resolved, and React then holds the revealed content back by
 * about 300 ms (its fallback throttle): most of the first 商品销售 after the till's code had preloaded
 * (issue 33). `preload` loads the code; each mount keeps the component it started with (a dialog never
 * remounts when its code lands while it is open).
 */
export function readyLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Ready(props: P) {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { preload, Component: Ready };
}
