import Cookies from 'js-cookie';

const TOKEN_KEY = 'Admin-Token';
const USERNAME_KEY = 'username';
const EXPIRED_MARKER = 'point';

/**
 * The token cookie's name for the instance at `port`. A browser shares cookies between the ports of one
 * host (local storage it keeps per port): two instances of the product on one host would read each
 * other's token and log each other out, so the cookie carries the port.
 */
export const tokenCookieName = (port: string = window.location.port) => (port ? `${TOKEN_KEY}-${port}` : TOKEN_KEY);

/** The token lives in a one-day cookie and in local storage (spec point 3, "User / session"). */
export const tokenStore = {
  get: (): string | undefined => Cookies.get(tokenCookieName()) ?? localStorage.getItem(TOKEN_KEY) ?? undefined,
  set(token: string) {
    Cookies.set(tokenCookieName(), token, { expires: 1, sameSite: 'strict' });
    localStorage.setItem(TOKEN_KEY, token);
  },
  remove() {
    Cookies.remove(tokenCookieName());
    localStorage.removeItem(TOKEN_KEY);
  },
};

export const usernameStore = {
  get: () => localStorage.getItem(USERNAME_KEY) ?? '',
  set: (username: string) => localStorage.setItem(USERNAME_KEY, username),
};

/** Set when a 401 reloads the page, so the login page can say why the user is back there. */
export const expiredMarker = {
  set: () => sessionStorage.setItem(EXPIRED_MARKER, '401'),
  peek: (): boolean => sessionStorage.getItem(EXPIRED_MARKER) === '401',
  take(): boolean {
    const had = sessionStorage.getItem(EXPIRED_MARKER) === '401';
    sessionStorage.removeItem(EXPIRED_MARKER);
    return had;
  },
};

export interface PendingNotice {
  kind: 'success' | 'warning' | 'error';
  msg: string;
  /** Seconds; the kind's usual duration when unset. */
  duration?: number;
}
const PENDING_NOTICE = 'pending-notice';

/** A notice to show after the coming reload (a message said just before a reload was never seen). */
export const pendingNotice = {
  set: (notice: PendingNotice) => sessionStorage.setItem(PENDING_NOTICE, JSON.stringify(notice)),
  /** The notice, left in place (see take). */
  peek(): PendingNotice | null {
    const raw = sessionStorage.getItem(PENDING_NOTICE);
    try {
      return raw ? (JSON.parse(raw) as PendingNotice) : null;
    } catch {
      return null;
    }
  },
  take(): PendingNotice | null {
    const raw = sessionStorage.getItem(PENDING_NOTICE);
    sessionStorage.removeItem(PENDING_NOTICE);
    try {
      return raw ? (JSON.parse(raw) as PendingNotice) : null;
    } catch {
      return null;
    }
  },
};

/** Spec 4: all cookies are cleared on application start (the token survives in local storage). */
export function clearAllCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
}

export function readLocal<T>(key: string, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
export const writeLocal = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));
