// @vitest-environment jsdom
/**
 * The HTTP client of spec 8 "Handling" and shell-behaviour.md "HTTP client". The transport is a
 * fake axios adapter; notifications go through the real `notify` into a recording instance bound
 * with `bindFeedback`, so the durations asserted are the ones antd would get (seconds).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, CanceledError, isCancel, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { MessageInstance } from 'antd/es/message/interface';
import { auth, Code, goods, member, sale, system } from '@venue/contract';
import { ApiError, bindUnauthorised, callApi, downloadFile, http, uploadFile } from './http';
import { bindFeedback } from './notify';
import { expiredMarker, tokenStore } from './storage';
import { useSession } from '@/lib/session';

// ---- the fake transport -------------------------------------------------------------------------

type Answer = { status: number; data: unknown } | 'timeout' | 'etimedout' | 'network' | 'hang';
/** Answers by URL (without query); `fallback` for any other URL. */
let answers: Record<string, Answer> = {};
let fallback: Answer;
const seen: InternalAxiosRequestConfig[] = [];
const last = () => seen[seen.length - 1]!;

const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  const answer = answers[config.url ?? ''] ?? fallback;
  if (answer === 'timeout') throw new AxiosError('timeout of 1200000ms exceeded', AxiosError.ECONNABORTED, config);
  if (answer === 'etimedout') throw new AxiosError('timeout exceeded', AxiosError.ETIMEDOUT, config);
  if (answer === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  if (answer === 'hang') {
    // Like the browser transport: no answer until the request is aborted.
    return new Promise((_, reject) => config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, undefined, config))));
  }
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  // The same rule as axios' default validateStatus: 2xx resolves, anything else rejects.
  if (answer.status < 200 || answer.status >= 300) {
    throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  }
  return response;
};
const ok = (data: unknown): Answer => ({ status: 200, data: { code: Code.OK, msg: '操作成功', data } });
const biz = (code: number, msg: string, status = 200): Answer => ({ status, data: { code, msg, data: null } });
const jsonBlob = (body: unknown) => new Blob([JSON.stringify(body)], { type: 'application/json;charset=UTF-8' });

// ---- feedback, location, URL ----------------------------------------------------------------------

const shown = { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn(), open: vi.fn(), destroy: vi.fn() };
const toasts = { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn(), loading: vi.fn(), open: vi.fn(), destroy: vi.fn() };
const reload = vi.fn();
const assign = vi.fn();
const realLocation = Object.getOwnPropertyDescriptor(window, 'location');
const realUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

/** Every notification shown, as [kind, title, duration in seconds]. */
const notifications = () =>
  (['success', 'warning', 'error'] as const).flatMap((kind) =>
    shown[kind].mock.calls.map((args: unknown[]) => {
      const config = args[0] as { title: string; duration: number };
      return [kind, config.title, config.duration];
    }),
  );

const TIMEOUT = http.defaults.timeout;
const BASE_URL = http.defaults.baseURL;

beforeEach(() => {
  answers = {};
  fallback = ok(null);
  seen.length = 0;
  http.defaults.adapter = adapter;
  bindFeedback(shown as unknown as NotificationInstance, toasts as unknown as MessageInstance);
  Object.defineProperty(window, 'location', { value: { ...window.location, href: 'http://localhost:3000/dashboard', reload, assign }, configurable: true });
  tokenStore.set('tok-1');
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  tokenStore.remove();
  localStorage.clear();
  sessionStorage.clear();
  http.defaults.timeout = TIMEOUT;
  http.defaults.baseURL = BASE_URL;
  URL.createObjectURL = realUrl.create;
  URL.revokeObjectURL = realUrl.revoke;
  if (realLocation) Object.defineProperty(window, 'location', realLocation);
});

// ---- requests -------------------------------------------------------------------------------------

describe('requests', () => {
  it('carries the stored token as `Authorization: Bearer <token>`, read afresh on every call', async () => {
    await callApi(system.tenantInfo);
    expect(last().headers.Authorization).toBe('Bearer tok-1');
    tokenStore.set('tok-2');
    await callApi(system.tenantInfo);
    expect(last().headers.Authorization).toBe('Bearer tok-2');
  });

  it('sends no Authorization header without a token', async () => {
    tokenStore.remove();
    await callApi(system.tenantInfo);
    expect(last().headers.Authorization).toBeUndefined();
  });

  it('uses /api, the spec 9 timeout of 1,200,000 ms, and the call method, path parameters, query and body', async () => {
    await callApi(goods.goodsById, { params: { id: 7 } });
    expect(last()).toMatchObject({ baseURL: '/api', timeout: 1_200_000, method: 'get', url: 'goods/goodsArchive/id/7' });
    await callApi(auth.login, { body: { username: 'admin', password: 'admin123' } });
    expect(last()).toMatchObject({ method: 'post', url: 'system/auth/login' });
    expect(JSON.parse(last().data as string)).toEqual({ username: 'admin', password: 'admin123' });
  });

  it('an aborted call (its screen went away) rejects as cancelled and shows nothing', async () => {
    fallback = 'hang';
    const controller = new AbortController();
    const pending = callApi(system.tenantInfo, {}, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(last().signal).toBe(controller.signal);
    controller.abort();
    expect(isCancel(await pending)).toBe(true);
    expect(notifications()).toEqual([]);
  });
});

// ---- business codes ---------------------------------------------------------------------------------

describe('business codes (HTTP 200)', () => {
  it('code 200 answers `data`, showing nothing', async () => {
    fallback = ok({ tenantId: 1, tenantName: '演示场馆', homePageLogo: null });
    await expect(callApi(system.tenantInfo)).resolves.toEqual({ tenantId: 1, tenantName: '演示场馆', homePageLogo: null });
    expect(notifications()).toEqual([]);
  });

  it('a non-200 code shows msg as a warning for 3 s and throws ApiError with the code and msg', async () => {
    fallback = biz(Code.EXISTS, '数据已存在');
    const error = await callApi(system.tenantInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1000, message: '数据已存在', status: undefined });
    expect(notifications()).toEqual([['warning', '数据已存在', 3]]);
  });

  it('`quiet` throws the same ApiError but shows nothing', async () => {
    fallback = biz(Code.CARD_LOOKUP_FAILED, '找不到会员信息');
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toMatchObject({ code: 438, message: '找不到会员信息' });
    expect(notifications()).toEqual([]);
  });
});

// ---- HTTP statuses ------------------------------------------------------------------------------------

describe('HTTP statuses', () => {
  it('401 removes the token, sets the expired marker and reloads, without a notification', async () => {
    fallback = biz(Code.LOGIN_EXPIRED, '登录已过期，请重新登录', 401);
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ code: -100, status: 401, message: '登录已过期，请重新登录' });
    expect(tokenStore.get()).toBeUndefined();
    expect(localStorage.getItem('Admin-Token')).toBeNull();
    expect(document.cookie).not.toContain('Admin-Token');
    expect(sessionStorage.getItem('point')).toBe('401');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notifications()).toEqual([]);
    // The login page reads the marker once.
    expect(expiredMarker.take()).toBe(true);
    expect(expiredMarker.take()).toBe(false);
  });

  it('401 is handled even for a quiet call', async () => {
    fallback = biz(Code.LOGIN_EXPIRED, '登录已过期，请重新登录', 401);
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.get()).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('403 calls the handler bound with bindUnauthorised (the router goes to /401), keeping the token', async () => {
    const go = vi.fn();
    bindUnauthorised(go);
    fallback = biz(Code.NO_AUTHORIZATION, '没有权限执行该操作', 403);
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ code: 510, status: 403 });
    expect(go).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBe('tok-1');
    expect(reload).not.toHaveBeenCalled();
    expect(notifications()).toEqual([]);
  });

  it('403 before any router is bound assigns /401', async () => {
    vi.resetModules();
    const fresh = await import('./http');
    fresh.http.defaults.adapter = adapter;
    fallback = biz(Code.NO_AUTHORIZATION, '没有权限执行该操作', 403);
    await expect(fresh.callApi(system.tenantInfo, {}, { quiet: true })).rejects.toBeInstanceOf(fresh.ApiError);
    expect(assign).toHaveBeenCalledWith('/401');
  });

  it('500 with a msg shows the msg as an error for 5 s and throws its code', async () => {
    fallback = biz(Code.SERVER_ERROR, '服务器开小差了，请稍后重试', 500);
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ code: 500, status: 500, message: '服务器开小差了，请稍后重试' });
    expect(notifications()).toEqual([['error', '服务器开小差了，请稍后重试', 5]]);
  });

  it('another status without an envelope (a proxy page) shows a generic text and throws the status', async () => {
    fallback = { status: 502, data: '<html>Bad Gateway</html>' };
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ code: 502, status: 502, message: '请求失败（502）' });
    expect(notifications()).toEqual([['error', '请求失败（502）', 5]]);
  });

  it('a quiet call shows nothing for other statuses', async () => {
    fallback = biz(Code.SERVER_ERROR, '服务器开小差了，请稍后重试', 500);
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifications()).toEqual([]);
  });
});

// ---- no answer ---------------------------------------------------------------------------------------

describe('no answer', () => {
  it('no response shows 接口请求失败 as an error for 5 s', async () => {
    fallback = 'network';
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '接口请求失败', status: undefined });
    expect(notifications()).toEqual([['error', '接口请求失败', 5]]);
  });

  it('a timeout (ECONNABORTED, or ETIMEDOUT with clarifyTimeoutError) shows 网络请求超时', async () => {
    fallback = 'timeout';
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '网络请求超时' });
    fallback = 'etimedout';
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '网络请求超时' });
    expect(notifications()).toEqual([
      ['error', '网络请求超时', 5],
      ['error', '网络请求超时', 5],
    ]);
  });

  it('quiet calls show neither', async () => {
    fallback = 'timeout';
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toMatchObject({ message: '网络请求超时' });
    fallback = 'network';
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toMatchObject({ message: '接口请求失败' });
    expect(notifications()).toEqual([]);
  });
});

/** The real XHR adapter of the browser build (jsdom), so the error codes above are the ones axios gives. */
describe('no answer, through the real XHR transport', () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a server that does not answer in time gives 网络请求超时', async () => {
    http.defaults.adapter = 'xhr';
    http.defaults.baseURL = silentUrl;
    http.defaults.timeout = 150;
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '网络请求超时' });
    expect(notifications()).toEqual([['error', '网络请求超时', 5]]);
  });

  it('a refused connection gives 接口请求失败', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    http.defaults.adapter = 'xhr';
    http.defaults.baseURL = `http://127.0.0.1:${port}/api`;
    http.defaults.timeout = 5_000;
    // jsdom reports the refused connection on its virtual console as well; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '接口请求失败' });
    expect(notifications()).toEqual([['error', '接口请求失败', 5]]);
  });
});

// ---- downloads -----------------------------------------------------------------------------------------

describe('downloadFile', () => {
  function stubUrls() {
    const create = vi.fn((_: Blob) => 'blob:http://localhost:3000/1');
    const revoke = vi.fn();
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    return { create, revoke, clicked };
  }

  it("a real file is saved under the call's file name, with the query and a blob response type", async () => {
    const { create, revoke, clicked } = stubUrls();
    const file = new Blob(['PK\u0003\u0004'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fallback = { status: 200, data: file };
    await downloadFile(member.exportCard, { query: { cardNoOrId: 'A1' } });
    expect(last()).toMatchObject({ method: 'get', url: 'member/card/exportCard', params: { cardNoOrId: 'A1' }, responseType: 'blob' });
    expect(last().headers.Authorization).toBe('Bearer tok-1');
    expect(create).toHaveBeenCalledWith(file);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('会员卡.xlsx');
    expect(clicked[0]!.href).toBe('blob:http://localhost:3000/1');
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost:3000/1');
    expect(notifications()).toEqual([]);
  });

  it('a JSON blob answer is read and its msg shown as an error for 5000 ms; nothing is saved', async () => {
    const { create, clicked } = stubUrls();
    fallback = { status: 200, data: jsonBlob({ code: Code.NO_DATA, msg: '没有可导出的数据', data: null }) };
    await expect(downloadFile(member.exportCard)).resolves.toBeUndefined();
    expect(notifications()).toEqual([['error', '没有可导出的数据', 5]]);
    expect(create).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(0);
  });

  it('a JSON blob without msg says 导出失败', async () => {
    stubUrls();
    fallback = { status: 200, data: jsonBlob({ code: Code.CAUGHT_EXCEPTION }) };
    await downloadFile(member.exportCard);
    expect(notifications()).toEqual([['error', '导出失败', 5]]);
  });

  it('a JSON blob on an error status is read too: its msg for 5 s', async () => {
    stubUrls();
    fallback = { status: 500, data: jsonBlob({ code: Code.SERVER_ERROR, msg: '导出超过上限', data: null }) };
    await expect(downloadFile(sale.exportOrders, { query: {} })).resolves.toBeUndefined();
    expect(notifications()).toEqual([['error', '导出超过上限', 5]]);
  });

  it('a 401 blob answer logs out and reloads; a network failure says 接口请求失败; neither throws', async () => {
    stubUrls();
    fallback = { status: 401, data: jsonBlob({ code: Code.LOGIN_EXPIRED, msg: '登录已过期，请重新登录', data: null }) };
    await expect(downloadFile(sale.exportOrders)).resolves.toBeUndefined();
    expect(tokenStore.get()).toBeUndefined();
    expect(sessionStorage.getItem('point')).toBe('401');
    expect(reload).toHaveBeenCalledTimes(1);
    fallback = 'network';
    await expect(downloadFile(sale.exportOrders)).resolves.toBeUndefined();
    expect(notifications()).toEqual([['error', '接口请求失败', 5]]);
  });
  it('a POST download sends the body', async () => {
    stubUrls();
    fallback = { status: 200, data: new Blob(['PK']) };
    const body = { beginTime: '2026-01-01', endTime: '2026-01-31' };
    await downloadFile(member.exportConsumeSummary, { body });
    expect(last()).toMatchObject({ method: 'post', url: 'member/card/exportCardConsumeSummary', data: JSON.stringify(body), responseType: 'blob' });
  });
});

// ---- uploads -------------------------------------------------------------------------------------------

describe('uploadFile', () => {
  const file = new File(['PK\u0003\u0004'], 'cards.xlsx');

  it('posts the multipart field `file` to the call with the token and answers `data`', async () => {
    answers[member.importCard.path] = ok({ imported: 2, errors: [] });
    await expect(uploadFile(member.importCard, file)).resolves.toEqual({ imported: 2, errors: [] });
    expect(last()).toMatchObject({ method: 'post', url: 'member/card/importCard' });
    expect((last().data as FormData).get('file')).toBeInstanceOf(File);
    expect(last().headers.Authorization).toBe('Bearer tok-1');
    expect(notifications()).toEqual([]);
  });

  it('a refusal shows its msg as a warning and throws, like callApi', async () => {
    answers[goods.uploadPicture.path] = biz(Code.CAUGHT_EXCEPTION, goods.uploadPicture.refusals.wrongType);
    await expect(uploadFile(goods.uploadPicture, file)).rejects.toMatchObject({ code: Code.CAUGHT_EXCEPTION });
    expect(notifications()).toEqual([['warning', goods.uploadPicture.refusals.wrongType, 3]]);
  });

  it('reports the percent sent', async () => {
    const percents: number[] = [];
    answers[member.importCard.path] = ok({ imported: 0, errors: [] });
    const sending = uploadFile(member.importCard, file, { onProgress: (p) => percents.push(p) });
    await sending;
    last().onUploadProgress!({ loaded: 5, total: 10, bytes: 5, lengthComputable: true });
    expect(percents).toEqual([50]);
  });
});

// ---- session: spec 8 "A menu response with code 500 goes to /login" --------------------------------------

describe('session.load and the menu answer', () => {
  const user = {
    userId: 1,
    username: 'admin',
    realName: '管理员',
    roleId: 1,
    roles: ['admin'],
    permissions: ['admin'],
    currentVenueId: null,
    currentVenueName: null,
    centers: [],
    venues: [],
  };
  beforeEach(() => {
    useSession.setState({ user: null, roles: [], permissions: [], menus: null, logo: null, globalSettings: null });
    answers[auth.info.path] = ok(user);
    // Fetched after the menus, without waiting.
    answers[system.tenantInfo.path] = ok({ tenantId: 1, tenantName: '演示场馆', homePageLogo: null });
    answers[system.globalSetting.path] = ok({});
  });

  it('a menu answer with code 500 removes the token, goes to /login and fails the load', async () => {
    answers[system.userMenus.path] = biz(Code.SERVER_ERROR, '服务器开小差了，请稍后重试');
    await expect(useSession.getState().load()).rejects.toMatchObject({ code: 500 });
    expect(assign).toHaveBeenCalledWith('/login');
    expect(tokenStore.get()).toBeUndefined();
    expect(useSession.getState().menus).toBeNull();
    // Both calls are quiet: the page change is the answer.
    expect(notifications()).toEqual([]);
  });

  it('so does an HTTP 500 whose envelope says 500', async () => {
    answers[system.userMenus.path] = biz(Code.SERVER_ERROR, '服务器开小差了，请稍后重试', 500);
    await expect(useSession.getState().load()).rejects.toMatchObject({ code: 500, status: 500 });
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('another failing code fails the load without going to /login', async () => {
    answers[system.userMenus.path] = biz(Code.CAUGHT_EXCEPTION, '系统异常');
    await expect(useSession.getState().load()).rejects.toMatchObject({ code: -9000 });
    expect(assign).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('tok-1');
  });

  it('the tenant global settings are kept for the layout to merge', async () => {
    answers[system.userMenus.path] = ok([]);
    answers[system.globalSetting.path] = ok({ showFooter: 'true', footerTxt: '演示' });
    await useSession.getState().load();
    await vi.waitFor(() => expect(useSession.getState().globalSettings).toEqual({ showFooter: 'true', footerTxt: '演示' }));
  });

  it('menus with code 200 are stored', async () => {
    const menus = [{ name: 'Home', path: '/home', hidden: false, component: 'Layout', meta: { title: '首页', noCache: true } }];
    answers[system.userMenus.path] = ok(menus);
    await useSession.getState().load();
    expect(useSession.getState()).toMatchObject({ user: { username: 'admin' }, roles: ['admin'], menus });
    expect(assign).not.toHaveBeenCalled();
  });
});
