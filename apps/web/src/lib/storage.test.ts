// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { tokenCookieName, tokenStore } from './storage';

/** The page at `port` of this host: cookies stay shared by host, as a browser shares them between ports. */
function onPort(port: string) {
  Object.defineProperty(window, 'location', { value: { ...window.location, port }, configurable: true });
}
const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;

afterEach(() => {
  Object.defineProperty(window, 'location', realLocation);
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
});

describe('the token cookie of one instance', () => {
  it('is named after the port the product is served on', () => {
    expect(tokenCookieName('8080')).toBe('Admin-Token-8080');
    expect(tokenCookieName('')).toBe('Admin-Token');
    onPort('8080');
    tokenStore.set('tok-a');
    expect(Cookies.get('Admin-Token-8080')).toBe('tok-a');
  });

  it('two instances on one host (different ports) each keep their own token', () => {
    onPort('8080');
    tokenStore.set('tok-a');
    // the instance on 8081 logs in: the same host's cookie jar, its own local storage
    onPort('8081');
    const localA = localStorage.getItem('Admin-Token');
    localStorage.clear();
    tokenStore.set('tok-b');
    expect(tokenStore.get()).toBe('tok-b');
    onPort('8080');
    localStorage.setItem('Admin-Token', localA!);
    expect(tokenStore.get()).toBe('tok-a');
    // logging out of one leaves the other's cookie alone
    tokenStore.remove();
    expect(Cookies.get('Admin-Token-8081')).toBe('tok-b');
  });
});
