import type { Call, CallData, CallQuery } from '@venue/contract';
import * as auth from '@venue/contract/auth';
import { Code } from '@venue/contract/common/codes';
import { ApiError, fetchData } from '@/lib/api-fetch';
import { tokenStore } from '@/lib/storage';

/** A board's own failure, shown on its panel as a plain line (no notification over a big screen) like an HTTP one; `status` 401 when not let in. */
const boardError = (message: string, status?: number) => new ApiError(Code.SERVER_ERROR, message, status);

const anonymousKey = (venueId: number) => `board-token:${venueId}`;

/** Where a board reads and with which token: the login's, or an anonymous token of a public venue. */
export interface BoardAccess {
  token: string;
  /** The venue of the per-venue panels (visitor flow). */
  venueId: number;
  /** The venue of revenue and cockpit panels: the one in the address (or the token's), else every venue of the user. */
  scopeVenueId?: number;
  anonymous: boolean;
}

/** Reads one board call with `token` (GET, query only). */
export async function boardGet<C extends Call>(call: C, query: CallQuery<C>, token: string, signal?: AbortSignal): Promise<CallData<C>> {
  return fetchData({ path: call.path, query, token, signal });
}

/**
 * Spec 2.2: a logged-in user reads the venue in the address (`?venueId=`) or the current one; without a
 * login, a public board asks for an anonymous token of the venue in the address (kept for the tab until
 * it expires). `publicBoard` false: no login means no access.
 */
export async function boardAccess(venueParam: number | undefined, publicBoard: boolean): Promise<BoardAccess> {
  const login = tokenStore.get();
  if (login) {
    if (venueParam) return { token: login, venueId: venueParam, scopeVenueId: venueParam, anonymous: false };
    const info = await fetchData<CallData<typeof auth.info>>({ path: auth.info.path, token: login });
    if (!info.currentVenueId) throw boardError('当前用户未选择场馆，请先在系统中切换场馆');
    return { token: login, venueId: info.currentVenueId, anonymous: false };
  }
  if (!publicBoard) throw boardError('请先登录', 401);
  if (!venueParam) throw boardError('请在地址中指定场馆，例如 ?venueId=1');
  const kept = sessionStorage.getItem(anonymousKey(venueParam));
  if (kept) {
    const { token, expiresAt } = JSON.parse(kept) as { token: string; expiresAt: string };
    if (Date.parse(expiresAt) > Date.now() + 60_000) return { token, venueId: venueParam, scopeVenueId: venueParam, anonymous: true };
  }
  const issued = await fetchData<CallData<typeof auth.getAnonymous>>({
    method: 'POST',
    path: auth.getAnonymous.path,
    body: { venueId: venueParam },
    token: null,
  });
  sessionStorage.setItem(anonymousKey(venueParam), JSON.stringify({ token: issued.token, expiresAt: issued.expiresAt }));
  return { token: issued.token, venueId: venueParam, scopeVenueId: venueParam, anonymous: true };
}

/** Forgets a venue's anonymous token (its boards closed, or it expired). */
export const forgetAnonymous = (venueId: number) => sessionStorage.removeItem(anonymousKey(venueId));
