// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@venue/contract';
import { callApi } from './http';
import { useSession } from './session';
import { tokenStore } from './storage';

vi.mock('./http', async (original) => ({ ...(await original<typeof import('./http')>()), callApi: vi.fn() }));
const calls = vi.mocked(callApi);

const user = { userId: 1, username: 'admin', realName: '管理员', permissions: [], roles: [] } as unknown as UserInfo;
afterEach(async () => {
  tokenStore.remove();
  await useSession.getState().logout();
  calls.mockReset();
});

const answers = async (call: { path: string }) => (call.path.includes('menus') ? [] : call.path.includes('auth/info') ? user : {}) as never;
const asked = () => calls.mock.calls.map(([call]) => call.path).sort();

describe('the session load', () => {
  it('after a login asks for nothing: the user and the menus came with the login', async () => {
    calls.mockImplementation(answers);
    useSession.getState().signedIn('token-1', user, []);
    await useSession.getState().load();
    expect(calls).not.toHaveBeenCalled();
    expect(useSession.getState().menus).toEqual([]);
  });

  it('with a token and nothing loaded (a reload) asks for the user and the menus once', async () => {
    calls.mockImplementation(answers);
    tokenStore.set('token-1');
    await useSession.getState().load();
    expect(asked()).toEqual(['system/api/menus/user-all', 'system/auth/info']);
    expect(useSession.getState().user).toEqual(user);
    // RequireAuth's effect, run after the load main.tsx started has ended.
    await useSession.getState().load();
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('asks for the logo and the settings once the frame asks, once a session', async () => {
    calls.mockImplementation(async (call) => (call.path.includes('tenant/info') ? { homePageLogo: '/logo.png' } : { footer: '页脚' }) as never);
    useSession.getState().loadFrameExtras();
    useSession.getState().loadFrameExtras();
    await vi.waitFor(() => expect(useSession.getState()).toMatchObject({ logo: '/logo.png', globalSettings: { footer: '页脚' } }));
    expect(asked()).toEqual(['system/setting/getGlobalSetting', 'system/tenant/info']);
  });

  it('joins a load that is still running', async () => {
    let answer!: () => void;
    calls.mockImplementation((call) =>
      call.path.includes('menus') ? (new Promise((resolve) => (answer = () => resolve([] as never))) as never) : answers(call),
    );
    tokenStore.set('token-1');
    const first = useSession.getState().load();
    const second = useSession.getState().load();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer();
    await Promise.all([first, second]);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
