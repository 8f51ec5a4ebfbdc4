import { auth, type Call, type CallData, type CallQuery } from '@venue/contract';
import { tokenStore } from '@/lib/storage';

/** A board's failure as its panel shows it (a plain line, no notification popping over a big screen). */
export class BoardError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

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

async function envelope<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
  if (!body) throw new BoardError(`请求失败（${res.status}）`, res.status);
  if (res.status !== 200 || body.code !== 200) throw new BoardError(body.msg ?? `请求失败（${res.status}）`, res.status);
  return body.data as T;
}

/** Reads one board call with `token` (GET, query only). */
export async function boardGet<C extends Call>(call: C, query: CallQuery<C>, token: string, signal?: AbortSignal): Promise<CallData<C>> {
  const url = new URL(`/api/${call.path}`, window.location.origin);
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return envelope(await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal }));
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
    const info = await envelope<CallData<typeof auth.info>>(await fetch(`/api/${auth.info.path}`, { headers: { authorization: `Bearer ${login}` } }));
    if (!info.currentVenueId) throw new BoardError('当前用户未选择场馆，请先在系统中切换场馆');
    return { token: login, venueId: info.currentVenueId, anonymous: false };
  }
  if (!publicBoard) throw new BoardError('请先登录', 401);
  if (!venueParam) throw new BoardError('请在地址中指定场馆，例如 ?venueId=1');
  const kept = sessionStorage.getItem(anonymousKey(venueParam));
  if (kept) {
    const { token, expiresAt } = JSON.parse(kept) as { token: string; expiresAt: string };
    if (Date.parse(expiresAt) > Date.now() + 60_000) return { token, venueId: venueParam, scopeVenueId: venueParam, anonymous: true };
  }
  const issued = await envelope<CallData<typeof auth.getAnonymous>>(
    await fetch(`/api/${auth.getAnonymous.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ venueId: venueParam }),
    }),
  );
  sessionStorage.setItem(anonymousKey(venueParam), JSON.stringify({ token: issued.token, expiresAt: issued.expiresAt }));
  return { token: issued.token, venueId: venueParam, scopeVenueId: venueParam, anonymous: true };
}

/** Forgets a venue's anonymous token (its boards closed, or it expired). */
export const forgetAnonymous = (venueId: number) => sessionStorage.removeItem(anonymousKey(venueId));
