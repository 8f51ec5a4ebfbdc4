import { create } from 'zustand';
import type { MenuNode, UserInfo } from '@venue/contract';
import * as auth from '@venue/contract/auth';
import * as system from '@venue/contract/system';
import { Code } from '@venue/contract/common/codes';
import { DEFAULT_ROLE } from '@venue/contract/auth';
import { ApiError, callApi } from './http';
import { takeSent } from './session-early';
import { tokenStore, usernameStore } from './storage';

interface SessionState {
  user: UserInfo | null;
  roles: string[];
  permissions: string[];
  menus: MenuNode[] | null;
  /** The tenant's home page logo; arrives after the menus (the sidebar polls for it). */
  logo: string | null;
  /** The tenant's global settings (footer, case number); the layout merges them under the user's own choices. */
  globalSettings: Record<string, string> | null;
  /** Stores what login answered, the user and the menu tree (spec 4: no roles -> ROLE_SYSTEM_DEFAULT). */
  signedIn(token: string, user: UserInfo, menus: MenuNode[]): void;
  /** Token present, roles not loaded: info and menus (both came with a login). Throws when either fails; a call while one runs joins it. */
  load(): Promise<void>;
  /**
   * The logo and the global settings, once a session: the frame asks once it is drawn, so their answers
   * do not land in the middle of the first screen's render (a store change there makes React redo it).
   */
  loadFrameExtras(): void;
  /** Revokes the token on the server; clears it locally even when that call fails. */
  logout(): Promise<void>;
}

const rolesOf = (user: UserInfo) => (user.roles.length ? user.roles : [DEFAULT_ROLE]);

export const useSession = create<SessionState>((set) => ({
  user: null,
  roles: [],
  permissions: [],
  menus: null,
  logo: null,
  globalSettings: null,
  signedIn(token, user, menus) {
    tokenStore.set(token);
    usernameStore.set(user.username);
    set({ user, roles: rolesOf(user), permissions: user.permissions, menus });
  },
  load() {
    // One load at a time: main.tsx starts it as soon as there is a token, RequireAuth joins it, or finds it
    // done (its effect can run after main.tsx's load has ended: it asked for everything again).
    const { user, menus } = useSession.getState();
    if (user && menus) return Promise.resolve();
    loading ??= loadSession().finally(() => {
      loading = null;
    });
    return loading;
  },
  loadFrameExtras,
  async logout() {
    try {
      if (tokenStore.get()) await callApi(auth.logout, {}, { quiet: true });
    } catch {
      // Logging out must always succeed locally.
    } finally {
      tokenStore.remove();
      extrasAsked = false;
      set({ user: null, roles: [], permissions: [], menus: null });
    }
  },
}));

let loading: Promise<void> | null = null;
let extrasAsked = false;

/** Each call reads the answer main.tsx asked for early, if it did (lib/session-early). */
const quietly = (path: string) => ({ quiet: true, sent: takeSent(path) });

function loadFrameExtras() {
  if (extrasAsked) return;
  extrasAsked = true;
  const set = useSession.setState;
  void callApi(system.tenantInfo, {}, quietly(system.tenantInfo.path)).then(
    (t) => set({ logo: t.homePageLogo }),
    () => undefined,
  );
  void callApi(system.globalSetting, {}, quietly(system.globalSetting.path)).then(
    (globalSettings) => set({ globalSettings }),
    () => undefined,
  );
}

async function loadSession(): Promise<void> {
  const set = useSession.setState;
  // Info and menus side by side.
  const info = useSession.getState().user ? null : callApi(auth.info, {}, quietly(auth.info.path));
  const menusCall = callApi(system.userMenus, {}, quietly(system.userMenus.path));
  menusCall.catch(() => undefined);
  if (info) {
    const user = await info;
    set({ user, roles: rolesOf(user), permissions: user.permissions });
  }
  let menus: MenuNode[];
  try {
    menus = await menusCall;
  } catch (error) {
    // Spec 8: a menu answer with code 500 goes to /login. No answer is not one: a page left while its menus
    // load (a navigation aborts the request) must not take the token the next page signs in with.
    if (error instanceof ApiError && error.code === Code.SERVER_ERROR && !error.noAnswer) {
      tokenStore.remove();
      window.location.assign('/login');
    }
    throw error;
  }
  set({ menus });
}

/** Logs out and reloads the page: the spec's answer to a broken or unwanted session. */
export async function logoutAndReload(): Promise<void> {
  await useSession.getState().logout();
  window.location.reload();
}
