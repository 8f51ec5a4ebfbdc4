import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 480px)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);
const subscribe = (change: () => void) => {
  const m = media();
  m?.addEventListener('change', change);
  return () => m?.removeEventListener('change', change);
};

/** True on a phone (≤ 480 px): the grid shows one field at a time. */
export const usePhone = () => useSyncExternalStore(subscribe, () => media()?.matches ?? false);
