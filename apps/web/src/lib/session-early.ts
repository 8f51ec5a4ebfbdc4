import { SESSION_PATHS } from '@venue/contract/auth-paths';
import { apiFetch } from './api-fetch';

const sent = new Map<string, Promise<Response>>();

/**
 * Sends the calls that open a session now, with the token in storage: main.tsx calls it the moment the
 * page runs with a token, so the answers travel while the app's code (antd, the schemas) loads.
 * `afterLogin`: the login's answer carried the user and the menus, the rest is asked.
 */
export function sendSessionCalls(afterLogin = false): void {
  for (const path of Object.values(SESSION_PATHS)) {
    if (afterLogin && (path === SESSION_PATHS.info || path === SESSION_PATHS.userMenus)) continue;
    const response = apiFetch({ path });
    response.catch(() => undefined); // read, and its failure handled, by whoever takes it
    sent.set(path, response);
  }
}

/** The answer of a call sent early, once: a later call of the same path asks the server again. */
export function takeSent(path: string): Promise<Response> | undefined {
  const response = sent.get(path);
  sent.delete(path);
  return response;
}
