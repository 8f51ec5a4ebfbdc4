import type { CallData, auth } from '@venue/contract';
import { AUTH_PATHS } from '@venue/contract/auth-paths';
import { fetchData } from '@/lib/api-fetch';
import { tokenStore } from '@/lib/storage';

/**
 * The login screen's calls through lib/api-fetch, not lib/http: the login route loads neither antd's
 * notifications nor the contract's schemas. Each answers the envelope's data or throws ApiError with the
 * server's Chinese msg (接口请求失败 when nothing answered), which the screen shows its own way.
 */
export const loginApi = {
  login: (body: { username: string; password: string; code?: string; uuid?: string }) =>
    fetchData<CallData<typeof auth.login>>({ method: 'POST', path: AUTH_PATHS.login, body }),
  needCaptcha: (username: string) => fetchData<CallData<typeof auth.checkNeedCaptcha>>({ path: AUTH_PATHS.checkNeedCaptcha, query: { username } }),
  captcha: () => fetchData<CallData<typeof auth.captcha>>({ path: AUTH_PATHS.captcha }),
  /** Revokes the token; the local copy goes whatever the server says. */
  async logout() {
    await fetchData({ method: 'DELETE', path: AUTH_PATHS.logout }).catch(() => undefined);
    tokenStore.remove();
  },
};
