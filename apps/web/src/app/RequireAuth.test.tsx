import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError } from '@/lib/http';
import { logoutAndReload, useSession } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import { RequireAuth } from './RequireAuth';

vi.mock('@/lib/session', async (original) => ({ ...(await original<typeof import('@/lib/session')>()), logoutAndReload: vi.fn(() => Promise.resolve()) }));
vi.mock('./shell-modules', () => ({ shell: { MainLayout: () => null, HomePage: () => null }, loadShell: () => Promise.resolve() }));

function open(load: () => Promise<void>) {
  tokenStore.set('token-1');
  useSession.setState({ user: null, menus: null, load });
  render(
    <MemoryRouter initialEntries={['/goods/archive']}>
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="*" element={<p>页面</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}
afterEach(() => {
  vi.mocked(logoutAndReload).mockClear();
  tokenStore.remove();
});

describe('RequireAuth when the session does not load', () => {
  it('keeps the token when no answer came (a page left mid-load, or no network) and offers to try again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(500, '接口请求失败', undefined, true))
      .mockResolvedValueOnce(undefined);
    open(load);
    await screen.findByText('无法连接服务器');
    expect(logoutAndReload).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('token-1');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('logs out and reloads when the server refused the session', async () => {
    open(vi.fn().mockRejectedValue(new ApiError(500, '系统异常', 500)));
    await waitFor(() => expect(logoutAndReload).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('无法连接服务器')).toBeNull();
  });
});
