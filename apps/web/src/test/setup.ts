import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  // jsdom has no matchMedia; antd's responsive hooks call it.
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  // Testing Library only cleans up by itself when test globals are on.
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
