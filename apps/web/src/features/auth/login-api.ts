import type { CallData, auth } from '@venue/contract';
import { AUTH_PATHS } from '@venue/contract/auth-paths';
import { tokenStore } from '@/lib/storage';

/** A refusal of a login call: the server's Chinese `msg` and the HTTP status. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The login screen's calls over fetch: the login route loads neither axios nor zod nor the contract's
 * schemas (lib/http is the app's client once logged in). Answers the envelope's data or throws its msg.
 */
async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new LoginError('接口请求失败', 0);
  }
  const envelope = (await response.json().catch(() => null)) as { code: number; msg: string; data: T } | null;
  if (!envelope || envelope.code !== 200) throw new LoginError(envelope?.msg || `请求失败（${response.status}）`, response.status);
  return envelope.data;
}

export const loginApi = {
  login: (body: { username: string; password: string; code?: string; uuid?: string }) => call<CallData<typeof auth.login>>('POST', AUTH_PATHS.login, body),
  needCaptcha: (username: string) =>
    call<CallData<typeof auth.checkNeedCaptcha>>('GET', `${AUTH_PATHS.checkNeedCaptcha}?username=${encodeURIComponent(username)}`),
  captcha: () => call<CallData<typeof auth.captcha>>('GET', AUTH_PATHS.captcha),
  /** Revokes the token; the local copy goes whatever the server says. */
  async logout() {
    await call('DELETE', AUTH_PATHS.logout).catch(() => undefined);
    tokenStore.remove();
  },
};
