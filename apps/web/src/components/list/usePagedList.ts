import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Call, Page } from '@venue/contract';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@venue/contract/common/envelope';
import type { z } from 'zod';
import { callApi } from '@/lib/http';
import { callKey, useInvalidate } from '@/lib/query';

/** Spec 9: page size 20, options 1..100, layout total, sizes, prev, pager, next, jumper. */
export function pagination(current: number, size: number, total: number, onChange: (current: number, size: number) => void): TablePaginationConfig {
  return {
    current,
    pageSize: size,
    total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (n) => `共 ${n} 条`,
    onChange,
  };
}

export type PagedQuery<Filters> = Filters & { current: number; size: number };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query, body and params: only the answer matters here
type PagedCall<Row> = Call<any, any, any, z.ZodType<Page<Row>>>;
/**
 * What a list reads: a paged contract call, or a call with the way its page is made (an unpaged call
 * paged locally). The call is the list's cache key, so a save that invalidates it reloads the list.
 */
export type ListSource<Row, Filters> = PagedCall<Row> | { call: Call; fetch: (query: PagedQuery<Filters>, signal: AbortSignal) => Promise<Page<Row>> };

const EMPTY: Page<never> = { records: [], total: 0 };

/**
 * A server-paged list: the source gets the page and the filters; changing filters goes back to page 1.
 * Every list screen uses this so paging behaves the same everywhere.
 */
export function usePagedList<Row, Filters extends object>(source: ListSource<Row, Filters>, initialFilters: Filters, pageSize = DEFAULT_PAGE_SIZE) {
  const [filters, setFilters] = useState(initialFilters);
  const [paging, setPaging] = useState({ current: 1, size: pageSize });
  const invalidate = useInvalidate();
  const { call, fetch } = 'fetch' in source ? source : { call: source, fetch: undefined };
  const query: PagedQuery<Filters> = { ...filters, ...paging };
  const answer = useQuery({
    queryKey: callKey(call, { query }),
    queryFn: ({ signal }) => (fetch ? fetch(query, signal) : callApi(call as PagedCall<Row>, { query }, { signal })),
    // The rows on screen stay while the next page or search loads (the table shows its spinner).
    placeholderData: keepPreviousData,
  });
  const page: Page<Row> = answer.data ?? EMPTY;

  return {
    records: page.records,
    total: page.total,
    loading: answer.isFetching,
    filters,
    /** Reloads every list reading this call (a save changed it). */
    reload: () => invalidate([call]),
    search: (next: Filters) => {
      setFilters(next);
      setPaging((p) => ({ ...p, current: 1 }));
    },
    pagination: pagination(paging.current, paging.size, page.total, (current, size) => setPaging({ current, size })),
  };
}
