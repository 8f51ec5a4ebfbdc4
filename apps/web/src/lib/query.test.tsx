import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as goods from '@venue/contract/goods';
import * as system from '@venue/contract/system';
import { callApi } from './http';
import { callKey, useApiMutation, useApiQuery } from './query';

vi.mock('./http', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { client, wrapper };
}
afterEach(() => mockedCall.mockReset());

describe('useApiQuery and useApiMutation', () => {
  it('keys a call by its path first, then its input', () => {
    expect(callKey(goods.warehouseAll)).toEqual([goods.warehouseAll.path]);
    expect(callKey(goods.warehouseAll, { query: { state: 'A' } })).toEqual([goods.warehouseAll.path, { query: { state: 'A' } }]);
  });

  it('sends one request for two users of the same call and input, passing quiet and a signal', async () => {
    mockedCall.mockResolvedValue([{ itemId: 1, itemName: '羽毛球' }]);
    const { wrapper } = setup();
    const { result } = renderHook(() => [useApiQuery(system.sportItems, { query: {} }, { quiet: true }), useApiQuery(system.sportItems, { query: {} })], {
      wrapper,
    });
    await waitFor(() => expect(result.current[1].data).toHaveLength(1));
    expect(result.current[0].data).toBe(result.current[1].data);
    expect(mockedCall).toHaveBeenCalledTimes(1);
    expect(mockedCall).toHaveBeenCalledWith(system.sportItems, { query: {} }, { quiet: true, signal: expect.any(AbortSignal) });
  });

  it('aborts the request when its screen goes away', async () => {
    let signal: AbortSignal | undefined;
    mockedCall.mockImplementation((_call, _input, options) => {
      signal = options?.signal;
      return new Promise(() => undefined);
    });
    const { wrapper } = setup();
    const { unmount } = renderHook(() => useApiQuery(system.tenantInfo), { wrapper });
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    await waitFor(() => expect(signal!.aborted).toBe(true));
  });

  it('a save invalidates the calls it changes: their screens load them again before it resolves', async () => {
    let stock = 5;
    mockedCall.mockImplementation(async (call) => (call === goods.queryStock ? { records: [{ quantity: stock }], total: 1 } : null) as never);
    const { client, wrapper } = setup();
    const { result } = renderHook(
      () => ({
        list: useApiQuery(goods.queryStock, { query: { current: 1, size: 20 } }),
        save: useApiMutation(goods.adjustStock, { invalidates: [goods.queryStock] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.records[0].quantity).toBe(5));
    stock = 8;
    await act(() => result.current.save.mutateAsync({ body: { goodsId: 1, warehouseId: 1, quantity: 8, remark: '盘点' } as never }));
    // The cache holds the reloaded list when the save resolves; the screen shows it on its next render.
    const query = { query: { current: 1, size: 20 } };
    expect(client.getQueryData<{ records: { quantity: number }[] }>(callKey(goods.queryStock, query))?.records[0].quantity).toBe(8);
    await waitFor(() => expect(result.current.list.data?.records[0].quantity).toBe(8));
    expect(mockedCall).toHaveBeenCalledWith(goods.adjustStock, { body: expect.objectContaining({ goodsId: 1 }) }, { quiet: undefined });
  });
});
