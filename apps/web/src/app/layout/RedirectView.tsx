import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** `/redirect/<path>` replaces itself with `/<path>` and its query: how a view is reloaded. */
export function RedirectView() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(pathname.replace(/^\/redirect/, '') + search, { replace: true });
  }, [pathname, search, navigate]);
  return null;
}
