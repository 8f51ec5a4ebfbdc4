import { useCallback, useEffect, useRef, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZES, type Page } from '@venue/contract';

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

/**
 * A server-paged list: `fetch` gets the page and the filters; changing filters goes back to page 1.
 * Every list screen uses this so paging behaves the same everywhere.
 */
export function usePagedList<Row, Filters extends object>(
  fetch: (query: Filters & { current: number; size: number }) => Promise<Page<Row>>,
  initialFilters: Filters,
  pageSize = 20,
) {
  const [filters, setFilters] = useState(initialFilters);
  const [paging, setPaging] = useState({ current: 1, size: pageSize });
  const [page, setPage] = useState<Page<Row>>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await fetchRef.current({ ...filters, ...paging }));
    } catch {
      setPage({ records: [], total: 0 });
    } finally {
      setLoading(false);
    }
  }, [filters, paging]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return {
    records: page.records,
    total: page.total,
    loading,
    filters,
    reload,
    search: (next: Filters) => {
      setFilters(next);
      setPaging((p) => ({ ...p, current: 1 }));
    },
    pagination: pagination(paging.current, paging.size, page.total, (current, size) => setPaging({ current, size })),
  };
}
