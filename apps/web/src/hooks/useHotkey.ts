import { useEffect, useRef } from 'react';

/**
 * Calls `handler` when `key` (a KeyboardEvent.key such as 'F8') is pressed anywhere on the page while
 * `enabled`; the browser's own use of the key is prevented.
 */
export function useHotkey(key: string, handler: () => void, enabled = true): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== key || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      event.preventDefault();
      handlerRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [key, enabled]);
}
