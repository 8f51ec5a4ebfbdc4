import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `handler` when `key` (a KeyboardEvent.key such as 'F8') is pressed anywhere on the page while
 * `enabled`; the browser's own use of the key is prevented. Layout effects: the key is live as soon as
 * the screen shows what it acts on (a passive effect could lag the paint, and F8 on a fresh cart line did nothing).
 */
export function useHotkey(key: string, handler: () => void, enabled = true): void {
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useLayoutEffect(() => {
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
