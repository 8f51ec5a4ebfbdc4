import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Call, CallData, CallQuery } from '@venue/contract';
import { boardAccess, boardGet, BoardError, forgetAnonymous, type BoardAccess } from '../board-client';

/** Every board query's key starts here: an event invalidates them all. */
const BOARD_KEY = 'board';
/** Without events, a board still reads again this often. */
export const REFRESH_MS = 60_000;

/** The access of a board page: the venue in the address (`?venueId=`) or the user's current one. */
export function useBoardAccess(publicBoard: boolean) {
  const [params] = useSearchParams();
  const raw = params.get('venueId');
  const venueParam = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  return useQuery<BoardAccess, BoardError>({
    queryKey: [BOARD_KEY, 'access', venueParam, publicBoard],
    queryFn: () => boardAccess(venueParam, publicBoard),
    staleTime: Infinity,
  });
}

/** One board call for the access's venue, read again on each event and every REFRESH_MS. */
export function useBoardData<C extends Call>(call: C, access: BoardAccess | undefined, query: CallQuery<C>) {
  return useQuery<CallData<C>, BoardError>({
    queryKey: [BOARD_KEY, call.path, access?.token, query],
    queryFn: ({ signal }) => {
      if (!access) throw new BoardError('未连接');
      return boardGet(call, query, access.token, signal).catch((error: unknown) => {
        if (error instanceof BoardError && error.status === 401 && access.anonymous) forgetAnonymous(access.venueId);
        throw error;
      });
    },
    enabled: Boolean(access),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export type LiveState = 'connecting' | 'live' | 'lost';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The board's server-sent events: each `change` reads every board query again; a lost connection
 * says so and connects again every 2 s (reading everything again once back, for what it missed).
 */
export function useLiveBoard(access: BoardAccess | undefined): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (!access) return;
    let stopped = false;
    let controller = new AbortController();
    const refresh = () => void client.invalidateQueries({ queryKey: [BOARD_KEY], predicate: (q) => q.queryKey[1] !== 'access' });
    void (async () => {
      let wasLost = false;
      while (!stopped) {
        controller = new AbortController();
        try {
          const res = await fetch(`/api/board/events?venueId=${access.venueId}&seconds=120`, {
            headers: { authorization: `Bearer ${access.token}` },
            signal: controller.signal,
          });
          if (res.status !== 200 || !res.body) throw new Error(`events ${res.status}`);
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            const events = buffer.split('\n\n');
            buffer = events.pop() ?? '';
            for (const event of events) {
              if (event.includes('event: ready')) {
                setState('live');
                if (wasLost) refresh();
                wasLost = false;
              } else if (event.includes('event: change')) refresh();
            }
          }
        } catch {
          if (stopped) return;
          wasLost = true;
          setState('lost');
          await sleep(2000);
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [access, client]);
  return state;
}
