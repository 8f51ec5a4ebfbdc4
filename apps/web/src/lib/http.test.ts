// @vitest-environment jsdom
/**
 * The HTTP client of spec 8 "Handling" and shell-behaviour.md "HTTP client" (lib/http over
 * lib/api-fetch). The transport is a fake `fetch` (and a fake XMLHttpRequest for uploads), and for
 * "no answer" also the real fetch against a local server; notifications go through the real `notify`
 * into a recording instance bound with `bindFeedback`, so the durations asserted are the ones antd
 * would get (seconds).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { MessageInstance } from 'antd/es/message/interface';
import * as auth from '@venue/contract/auth';
import * as goods from '@venue/contract/goods';
import * as member from '@venue/contract/member';
import * as sale from '@venue/contract/sale';
import * as system from '@venue/contract/system';
import { Code } from '@venue/contract/common/codes';
import { apiConfig, fetchData } from './api-fetch';
import { ApiError, bindUnauthorised, callApi, downloadFile, uploadFile } from './http';
import { bindFeedback } from './notify';
import { expiredMarker, tokenStore } from './storage';
import { useSession } from '@/lib/session';

// ---- the fake transport -------------------------------------------------------------------------

type Answer = { status: number; data: unknown; type?: string } | 'network' | 'hang';
/** Answers by path under /api (without query); `fallback` for any other path. */
let answers: Record<string, Answer> = {};
let fallback: Answer;
interface Sent {
  method: string;
  /** The path under /api. */
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal | null;
}
const seen: Sent[] = [];
const last = () => seen[seen.length - 1]!;

function respond(answer: Exclude<Answer, 'network' | 'hang'>): Response {
  const json = typeof answer.data === 'object' && answer.data !== null;
  const body = answer.data instanceof Uint8Array || typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
  return new Response(body as BodyInit, { status: answer.status, headers: { 'Content-Type': answer.type ?? (json ? 'application/json' : 'text/html') } });
}

function record(method: string, href: string, headers: Record<string, string>, body: unknown, signal?: AbortSignal | null): Answer {
  const url = new URL(href, 'http://localhost:3000');
  const path = url.pathname.replace(/^\/api\//, '');
  seen.push({ method, url: path, query: Object.fromEntries(url.searchParams), headers, body, signal });
  return answers[path] ?? fallback;
}

const fakeFetch = vi.fn(async (href: string, init: RequestInit = {}) => {
  const answer = record(init.method ?? 'GET', href, (init.headers ?? {}) as Record<string, string>, init.body, init.signal);
  if (answer === 'network') throw new TypeError('Failed to fetch');
  if (answer === 'hang') {
    // Like the browser: no answer until the request is aborted.
    return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  }
  return respond(answer);
});

/** XMLHttpRequest as uploadFile uses it: answers from `answers` once sent, after one progress event of half the file. */
class FakeXhr {
  static timeouts = false;
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private type = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return this.type;
  }
  send(body: FormData) {
    const answer = record(this.method, this.url, this.headers, body);
    setTimeout(() => {
      if (FakeXhr.timeouts) return this.ontimeout?.();
      if (answer === 'network' || answer === 'hang') return this.onerror?.();
      const size = ((body.get('file') as Blob | null)?.size ?? 0) || 2;
      this.upload.onprogress?.({ loaded: size / 2, total: size, lengthComputable: true });
      this.status = answer.status;
      this.responseText = typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
      this.type = 'application/json';
      this.onload?.();
    });
  }
}

const ok = (data: unknown): Answer => ({ status: 200, data: { code: Code.OK, msg: '操作成功', data } });
const biz = (code: number, msg: string, status = 200): Answer => ({ status, data: { code, msg, data: null } });
const jsonFile = (status: number, body: unknown): Answer => ({ status, data: JSON.stringify(body), type: 'application/json;charset=UTF-8' });

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

const CONFIG = { ...apiConfig };

beforeEach(() => {
  answers = {};
  fallback = ok(null);
  seen.length = 0;
  FakeXhr.timeouts = false;
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  bindFeedback(shown as unknown as NotificationInstance, toasts as unknown as MessageInstance);
  Object.defineProperty(window, 'location', { value: { ...window.location, href: 'http://localhost:3000/dashboard', reload, assign }, configurable: true });
  tokenStore.set('tok-1');
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokenStore.remove();
  localStorage.clear();
  sessionStorage.clear();
  Object.assign(apiConfig, CONFIG);
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

  it("sends no Authorization header without a token, and a given token (a board's) instead of the login's", async () => {
    tokenStore.remove();
    await callApi(system.tenantInfo);
    expect(last().headers.Authorization).toBeUndefined();
    tokenStore.set('tok-1');
    await fetchData({ path: 'board/x', token: 'anon-7' });
    expect(last().headers.Authorization).toBe('Bearer anon-7');
    await fetchData({ path: 'board/x', token: null });
    expect(last().headers.Authorization).toBeUndefined();
  });

  it('uses /api, the spec 9 timeout of 1,200,000 ms, and the call method, path parameters, query and JSON body', async () => {
    expect(CONFIG).toEqual({ baseUrl: '/api', timeout: 1_200_000 });
    await callApi(goods.goodsById, { params: { id: 7 } });
    expect(fakeFetch.mock.calls.at(-1)![0]).toBe('/api/goods/goodsArchive/id/7');
    expect(last()).toMatchObject({ method: 'GET', url: 'goods/goodsArchive/id/7', body: undefined });
    await callApi(sale.query, { query: { current: 1, size: 10, orderId: undefined, payState: 'P' } as never });
    expect(last().query).toEqual({ current: '1', size: '10', payState: 'P' });
    await callApi(auth.login, { body: { username: 'admin', password: 'admin123' } });
    expect(last()).toMatchObject({ method: 'POST', url: 'system/auth/login', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(last().body as string)).toEqual({ username: 'admin', password: 'admin123' });
  });

  it('an aborted call (its screen went away) rejects with the abort and shows nothing', async () => {
    fallback = 'hang';
    const controller = new AbortController();
    const pending = callApi(system.tenantInfo, {}, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
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
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '接口请求失败', status: undefined, noAnswer: true });
    expect(notifications()).toEqual([['error', '接口请求失败', 5]]);
  });

  it('no answer within the timeout shows 网络请求超时 as an error for 5 s', async () => {
    fallback = 'hang';
    apiConfig.timeout = 20;
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '网络请求超时', noAnswer: true });
    expect(notifications()).toEqual([['error', '网络请求超时', 5]]);
  });

  it('quiet calls show neither', async () => {
    fallback = 'hang';
    apiConfig.timeout = 20;
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toMatchObject({ message: '网络请求超时' });
    fallback = 'network';
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toMatchObject({ message: '接口请求失败' });
    expect(notifications()).toEqual([]);
  });
});

/** The real fetch, so the failures above are the ones a browser's fetch gives. */
describe('no answer, through the real fetch', () => {
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
    vi.unstubAllGlobals();
    Object.assign(apiConfig, { baseUrl: silentUrl, timeout: 150 });
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ message: '网络请求超时' });
    expect(notifications()).toEqual([['error', '网络请求超时', 5]]);
  });

  it('a refused connection gives 接口请求失败', async () => {
    vi.unstubAllGlobals();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    Object.assign(apiConfig, { baseUrl: `http://127.0.0.1:${port}/api`, timeout: 5_000 });
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

  it("a real file is saved under the call's file name, with the query and the token", async () => {
    const { create, revoke, clicked } = stubUrls();
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    fallback = { status: 200, data: new Uint8Array([0x50, 0x4b, 3, 4]), type: xlsx };
    await downloadFile(member.exportCard, { query: { cardNoOrId: 'A1' } });
    expect(last()).toMatchObject({ method: 'GET', url: 'member/card/exportCard', query: { cardNoOrId: 'A1' } });
    expect(last().headers.Authorization).toBe('Bearer tok-1');
    const saved = create.mock.calls[0]![0];
    expect(saved.type).toBe(xlsx);
    expect(new Uint8Array(await saved.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('会员卡.xlsx');
    expect(clicked[0]!.href).toBe('blob:http://localhost:3000/1');
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost:3000/1');
    expect(notifications()).toEqual([]);
  });

  it('a JSON answer is read and its msg shown as an error for 5000 ms; nothing is saved', async () => {
    const { create, clicked } = stubUrls();
    fallback = jsonFile(200, { code: Code.NO_DATA, msg: '没有可导出的数据', data: null });
    await expect(downloadFile(member.exportCard)).resolves.toBeUndefined();
    expect(notifications()).toEqual([['error', '没有可导出的数据', 5]]);
    expect(create).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(0);
  });

  it('a JSON answer without msg says 导出失败', async () => {
    stubUrls();
    fallback = jsonFile(200, { code: Code.CAUGHT_EXCEPTION });
    await downloadFile(member.exportCard);
    expect(notifications()).toEqual([['error', '导出失败', 5]]);
  });

  it('a JSON answer on an error status is read too: its msg for 5 s', async () => {
    stubUrls();
    fallback = jsonFile(500, { code: Code.SERVER_ERROR, msg: '导出超过上限', data: null });
    await expect(downloadFile(sale.exportOrders, { query: {} })).resolves.toBeUndefined();
    expect(notifications()).toEqual([['error', '导出超过上限', 5]]);
  });

  it('a 401 answer logs out and reloads; a network failure says 接口请求失败; neither throws', async () => {
    stubUrls();
    fallback = jsonFile(401, { code: Code.LOGIN_EXPIRED, msg: '登录已过期，请重新登录', data: null });
    await expect(downloadFile(sale.exportOrders)).resolves.toBeUndefined();
    expect(tokenStore.get()).toBeUndefined();
    expect(sessionStorage.getItem('point')).toBe('401');
    expect(reload).toHaveBeenCalledTimes(1);
    fallback = 'network';
    await expect(downloadFile(sale.exportOrders)).resolves.toBeUndefined();
    expect(notifications()).toEqual([['error', '接口请求失败', 5]]);
  });

  it('a POST download sends the body as JSON', async () => {
    stubUrls();
    fallback = { status: 200, data: 'PK', type: 'application/octet-stream' };
    const body = { beginTime: '2026-01-01', endTime: '2026-01-31' };
    await downloadFile(member.exportConsumeSummary, { body });
    expect(last()).toMatchObject({ method: 'POST', url: 'member/card/exportCardConsumeSummary', body: JSON.stringify(body) });
  });
});

// ---- uploads -------------------------------------------------------------------------------------------

describe('uploadFile (XMLHttpRequest, for the progress)', () => {
  const file = new File(['PK\u0003\u0004'], 'cards.xlsx');

  it('posts the multipart field `file` to the call with the token and answers `data`', async () => {
    answers[member.importCard.path] = ok({ imported: 2, errors: [] });
    await expect(uploadFile(member.importCard, file)).resolves.toEqual({ imported: 2, errors: [] });
    expect(last()).toMatchObject({ method: 'POST', url: 'member/card/importCard' });
    expect((last().body as FormData).get('file')).toBeInstanceOf(File);
    expect(last().headers.Authorization).toBe('Bearer tok-1');
    expect(notifications()).toEqual([]);
  });

  it('a refused file (HTTP 400 or 413 with the envelope) shows its msg as an error and throws', async () => {
    answers[goods.uploadPicture.path] = biz(400, goods.uploadPicture.refusals.wrongType, 400);
    await expect(uploadFile(goods.uploadPicture, file)).rejects.toMatchObject({ code: 400, status: 400 });
    answers[member.importCard.path] = biz(413, member.importCard.refusals.tooLarge, 413);
    await expect(uploadFile(member.importCard, file)).rejects.toMatchObject({ code: 413, status: 413 });
    expect(notifications()).toEqual([
      ['error', goods.uploadPicture.refusals.wrongType, 5],
      ['error', member.importCard.refusals.tooLarge, 5],
    ]);
  });

  it('a business refusal of the upload shows its msg as a warning, like callApi', async () => {
    answers[member.importCard.path] = biz(Code.NO_DATA, '文件中没有会员卡数据');
    await expect(uploadFile(member.importCard, file)).rejects.toMatchObject({ code: Code.NO_DATA });
    expect(notifications()).toEqual([['warning', '文件中没有会员卡数据', 3]]);
  });

  it('reports the percent sent', async () => {
    const percents: number[] = [];
    answers[member.importCard.path] = ok({ imported: 0, errors: [] });
    await uploadFile(member.importCard, file, { onProgress: (p) => percents.push(p) });
    expect(percents).toEqual([50]);
  });

  it('no answer, or none in time, fails as callApi does', async () => {
    answers[member.importCard.path] = 'network';
    await expect(uploadFile(member.importCard, file)).rejects.toMatchObject({ message: '接口请求失败', noAnswer: true });
    FakeXhr.timeouts = true;
    await expect(uploadFile(member.importCard, file)).rejects.toMatchObject({ message: '网络请求超时', noAnswer: true });
    expect(notifications()).toEqual([
      ['error', '接口请求失败', 5],
      ['error', '网络请求超时', 5],
    ]);
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

  it('no answer (a page left while its menus load) fails the load but keeps the token the next page uses', async () => {
    answers[system.userMenus.path] = 'network';
    await expect(useSession.getState().load()).rejects.toMatchObject({ code: 500, noAnswer: true });
    expect(assign).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('tok-1');
  });

  it('another failing code fails the load without going to /login', async () => {
    answers[system.userMenus.path] = biz(Code.CAUGHT_EXCEPTION, '系统异常');
    await expect(useSession.getState().load()).rejects.toMatchObject({ code: -9000 });
    expect(assign).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('tok-1');
  });

  it('the tenant global settings, asked once the frame is drawn, are kept for the layout to merge', async () => {
    answers[system.globalSetting.path] = ok({ showFooter: 'true', footerTxt: '演示' });
    useSession.getState().loadFrameExtras();
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
