import type { ComponentType } from 'react';
import type { ViewRoute } from '@/lib/menu-routes';

/**
 * The frame and the home page, loaded beside the user info once there is a token, then rendered
 * directly: lazy components here would each hold the first screen back (React throttles revealing
 * a suspended boundary by about 300 ms).
 */
export const shell: {
  MainLayout: ComponentType<{ routes: ViewRoute[] }> | null;
  HomePage: ComponentType | null;
} = { MainLayout: null, HomePage: null };

let loading: Promise<void> | null = null;
export function loadShell(): Promise<void> {
  loading ??= Promise.all([import('./layout/MainLayout'), import('@/features/home/pages/HomePage')]).then(([layout, home]) => {
    shell.MainLayout = layout.MainLayout;
    shell.HomePage = home.default;
  });
  return loading;
}
