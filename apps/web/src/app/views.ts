import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screens a menu entry may name as its component, each loaded in its own chunk.
 * A component not listed here shows /404 (never a blank page).
 */
export const views: Record<string, LazyExoticComponent<ComponentType>> = {
  'system/user/index': lazy(() => import('@/features/system/pages/UserPage')),
  'system/dict/index': lazy(() => import('@/features/system/pages/DictPage')),
};
