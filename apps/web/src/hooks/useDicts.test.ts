// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as system from '@venue/contract/system';
import { callApi } from '@/lib/http';
import { useDicts } from './useDicts';

vi.mock('@/lib/http', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);

describe('useDicts', () => {
  it('loads the named dictionaries once and looks labels up', async () => {
    mockedCall.mockResolvedValue({ card_state: [{ id: 1, label: '正常', value: 'A', sort: 1 }] });
    const { result, rerender } = renderHook(({ names }) => useDicts(names), { initialProps: { names: ['card_state'] }, wrapper });
    expect(result.current.labelOf('card_state', 'A')).toBe('A');
    await waitFor(() => expect(result.current.labelOf('card_state', 'A')).toBe('正常'));
    rerender({ names: ['card_state'] });
    expect(mockedCall).toHaveBeenCalledTimes(1);
    expect(mockedCall).toHaveBeenCalledWith(
      system.dictMap,
      { query: { dictName: 'card_state', page: 0, size: 9999 } },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(result.current.dicts.card_state).toHaveLength(1);
  });

  it('makes no request without names', () => {
    mockedCall.mockClear();
    const { result } = renderHook(() => useDicts([]), { wrapper });
    expect(mockedCall).not.toHaveBeenCalled();
    expect(result.current.dicts).toEqual({});
  });
});
