import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createParser } from 'eventsource-parser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Call, CallData, CallQuery } from '@venue/contract';
import { Code } from '@venue/contract/common/codes';
import { apiFetch, ApiError } from '@/lib/api-fetch';
import { boardAccess, boardGet, forgetAnonymous, type BoardAccess } from '../board-client';

/** Every board query's key starts here: an event invalidates them all. */
const BOARD_KEY = 'board';
/** Without events, a board still reads again this often. */
export const REFRESH_MS = 60_000;

/** The access of a board page: the venue in the address (`?venueId=`) or the user's current one. */
export function useBoardAccess(publicBoard: boolean) {
  const [params] = useSearchParams();
  const raw = params.get('venueId');
  const venueParam = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  return useQuery<BoardAccess, ApiError>({
    queryKey: [BOARD_KEY, 'access', venueParam, publicBoard],
    queryFn: () => boardAccess(venueParam, publicBoard),
    staleTime: Infinity,
  });
}

/** One board call for the access's venue, read again on each event and every `refreshMs` (REFRESH_MS). */
export function useBoardData<C extends Call>(call: C, access: BoardAccess | undefined, query: CallQuery<C>, refreshMs = REFRESH_MS) {
  return useQuery<CallData<C>, ApiError>({
    queryKey: [BOARD_KEY, call.path, access?.token, query],
    queryFn: ({ signal }) => {
      if (!access) throw new ApiError(Code.SERVER_ERROR, '未连接');
      return boardGet(call, query, access.token, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401 && access.anonymous) forgetAnonymous(access.venueId);
        throw error;
      });
    },
    enabled: Boolean(access),
    refetchInterval: refreshMs,
    placeholderData: (previous) => previous,
  });
}

export type LiveState = 'connecting' | 'live' | 'lost';
/** How long a lost connection waits before connecting again, unless the server's `retry:` says otherwise. */
const RETRY_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a stream of board events needs: the venue and a token that may read its boards. */
export type EventsAccess = Pick<BoardAccess, 'token' | 'venueId'>;

/** A board page's events (useBoardEvents): each `change` reads every board query again. */
export function useLiveBoard(access: BoardAccess | undefined): LiveState {
  const client = useQueryClient();
  return useBoardEvents(access, () => void client.invalidateQueries({ queryKey: [BOARD_KEY], predicate: (q) => q.queryKey[1] !== 'access' }));
}

/**
 * The venue's board events, server-sent (a sale, a refund, a verification, a gate pass): `onChange` runs on
 * each, and once a lost connection is back (for what it missed); a lost connection says so and connects
 * again every 2 s (or the server's `retry:`).
 */
export function useBoardEvents(access: EventsAccess | undefined, onChange: () => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const token = access?.token;
  const venueId = access?.venueId;
  useEffect(() => {
    if (!token || !venueId) return;
    let stopped = false;
    let controller = new AbortController();
    const refresh = () => changed.current();
    void (async () => {
      let wasLost = false;
      let retryMs = RETRY_MS;
      while (!stopped) {
        controller = new AbortController();
        try {
          const res = await apiFetch({
            path: 'board/events',
            query: { venueId, seconds: 120 },
            token,
            signal: controller.signal,
          });
          if (res.status !== 200 || !res.body) throw new Error(`events ${res.status}`);
          const parser = createParser({
            onEvent: (event) => {
              if (event.event === 'ready') {
                setState('live');
                if (wasLost) refresh();
                wasLost = false;
              } else if (event.event === 'change') refresh();
            },
            onRetry: (ms) => (retryMs = ms),
          });
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
        } catch {
          if (stopped) return;
          wasLost = true;
          setState('lost');
          await sleep(retryMs);
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [token, venueId]);
  return state;
}
