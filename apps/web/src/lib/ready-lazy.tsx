import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

interface Options {
  /** Shown while the code loads (nothing by default). */
  fallback?: ReactNode;
  /** Shown when the code could not be loaded (by default the error is thrown to the nearest boundary). */
  failed?: ReactNode;
}

/**
 * A component whose code loads on first use, without Suspense: it renders at once when its code is
 * already here, else `fallback` until it lands. React.lazy suspended on its first render even when its
 * import had resolved, and React then held the revealed content back about 300 ms (its fallback
 * throttle): most of the first 商品销售 after the till's code had preloaded, and of a page opened by a
 * reload (issue 33). `preload` loads the code ahead.
 */
export function readyLazy<P extends object>(load: () => Promise<ComponentType<P>>, options: Options = {}) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next use tries again
        throw error;
      },
    ));
  function Ready(props: P) {
    const [state, setState] = useState<{ Component?: ComponentType<P>; error?: unknown }>(() => ({ Component: loaded }));
    useEffect(() => {
      if (state.Component || state.error) return;
      let mounted = true;
      preload().then(
        (Component) => mounted && setState({ Component }),
        (error: unknown) => mounted && setState({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    if (state.error) {
      if (options.failed === undefined) throw state.error;
      return options.failed;
    }
    return state.Component ? <state.Component {...props} /> : (options.fallback ?? null);
  }
  return { preload, Component: Ready };
}
