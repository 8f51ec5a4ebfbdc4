import { QueryClient, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { Call, CallData } from '@venue/contract';
import { callApi, type ApiError, type CallInput } from './http';

/**
 * Server state for every screen. callApi has already shown a failure, so nothing retries (a retry
 * would show it again), and a window regaining focus does not reload what a cashier is looking at.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The cache key of a call and its input: the path comes first, so invalidating a call reaches every input. */
export const callKey = <C extends Call>(call: C, input?: CallInput<C>): readonly unknown[] => (input ? [call.path, input] : [call.path]);

export type ApiQueryOptions<C extends Call, T> = Omit<UseQueryOptions<CallData<C>, ApiError, T>, 'queryKey' | 'queryFn'> & {
  /** Failures are not shown (see CallOptions.quiet). */
  quiet?: boolean;
};

/** Reads a contract call through the cache: same call and input share one request; unmounting cancels it. */
export function useApiQuery<C extends Call, T = CallData<C>>(call: C, input: CallInput<C> = {}, options: ApiQueryOptions<C, T> = {}) {
  const { quiet, ...rest } = options;
  return useQuery<CallData<C>, ApiError, T>({
    queryKey: callKey(call, input),
    queryFn: ({ signal }) => callApi(call, input, { quiet, signal }),
    ...rest,
  });
}

/**
 * Whether a list is waiting for an answer it does not show yet (the first, or a new filter's while the
 * previous one stays on screen): only then does it wait under a spinner. A background refresh of the same
 * answer leaves it usable: a spinner's mask there swallowed a click on a till's goods tile.
 */
export const awaitsNewAnswer = (q: { isFetching: boolean; isPlaceholderData: boolean; data: unknown }) =>
  q.isFetching && (q.isPlaceholderData || q.data === undefined);

/** Marks what the given calls answered as out of date; the screens showing it load it again. */
export function useInvalidate() {
  const client = useQueryClient();
  return (calls: readonly Call[]) => Promise.all(calls.map((call) => client.invalidateQueries({ queryKey: callKey(call) }))).then(() => undefined);
}

/** Sends a contract call; when it succeeds, the calls it changes are invalidated before it resolves. */
export function useApiMutation<C extends Call>(call: C, { invalidates = [], quiet }: { invalidates?: readonly Call[]; quiet?: boolean } = {}) {
  const invalidate = useInvalidate();
  return useMutation<CallData<C>, ApiError, CallInput<C>>({
    mutationFn: (input) => callApi(call, input, { quiet }),
    onSuccess: () => invalidate(invalidates),
  });
}
