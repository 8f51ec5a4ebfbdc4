// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@venue/contract';
import { callApi } from './http';
import { useSession } from './session';
import { tokenStore } from './storage';

vi.mock('./http', async (original) => ({ ...(await original<typeof import('./http')>()), callApi: vi.fn() }));
const calls = vi.mocked(callApi);

const user = { userId: 1, username: 'admin', realName: '管理员', permissions: [], roles: [] } as unknown as UserInfo;
afterEach(() => {
  calls.mockReset();
  tokenStore.remove();
  useSession.setState({ user: null, menus: null });
});

describe('the session load', () => {
  it('asks for the menus, the logo and the settings once: a load after it has ended asks nothing again', async () => {
    calls.mockImplementation(async (call) => (call.path.includes('menus') ? [] : {}) as never);
    useSession.getState().signedIn('token-1', user);
    await useSession.getState().load();
    expect(calls).toHaveBeenCalledTimes(3);
    expect(useSession.getState().menus).toEqual([]);
    // RequireAuth's effect, run after the load main.tsx started has ended.
    await useSession.getState().load();
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it('joins a load that is still running', async () => {
    let answer!: () => void;
    calls.mockImplementation((call) =>
      call.path.includes('menus') ? (new Promise((resolve) => (answer = () => resolve([] as never))) as never) : (Promise.resolve({}) as never),
    );
    useSession.getState().signedIn('token-1', user);
    const first = useSession.getState().load();
    const second = useSession.getState().load();
    answer();
    await Promise.all([first, second]);
    expect(calls).toHaveBeenCalledTimes(3);
  });
});
