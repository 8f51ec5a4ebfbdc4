// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { system } from '@venue/contract';

const notified = vi.hoisted(() => ({ warning: vi.fn(), error: vi.fn(), success: vi.fn() }));
vi.mock('./notify', () => ({ notify: notified, DURATION: { normal: 3, error: 5, loginError: 8, loginSuccess: 2 } }));

import { ApiError, bindUnauthorised, callApi, downloadFile, http } from './http';
import { tokenStore } from './storage';

type Answer = { status: number; data: unknown } | 'timeout' | 'network';
let answer: Answer;
let seen: InternalAxiosRequestConfig | undefined;
const adapter: AxiosAdapter = async (config) => {
  seen = config;
  if (answer === 'timeout') throw new AxiosError('timeout', 'ECONNABORTED', config);
  if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
  return response;
};

describe('HTTP client (spec 8 "Handling")', () => {
  const reload = vi.fn();
  beforeEach(() => {
    http.defaults.adapter = adapter;
    Object.defineProperty(window, 'location', { value: { ...window.location, reload, assign: vi.fn() }, configurable: true });
    tokenStore.set('tok-1');
  });
  afterEach(() => {
    vi.clearAllMocks();
    tokenStore.remove();
    sessionStorage.clear();
  });

  it('sends the token and answers data on code 200', async () => {
    answer = { status: 200, data: { code: 200, msg: '操作成功', data: { tenantId: 1 } } };
    expect(await callApi(system.tenantInfo)).toEqual({ tenantId: 1 });
    expect(seen?.headers.Authorization).toBe('Bearer tok-1');
    expect(seen?.timeout).toBe(1_200_000);
  });

  it('shows a failure msg as a 3 s warning and throws it; quiet calls show nothing', async () => {
    answer = { status: 200, data: { code: -1000, msg: '数据已存在', data: null } };
    await expect(callApi(system.tenantInfo)).rejects.toMatchObject({ code: -1000, message: '数据已存在' });
    expect(notified.warning).toHaveBeenCalledWith('数据已存在');
    notified.warning.mockClear();
    await expect(callApi(system.tenantInfo, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(notified.warning).not.toHaveBeenCalled();
  });

  it('on 401 removes the token, leaves the marker and reloads', async () => {
    answer = { status: 401, data: { code: -100, msg: '登录已过期，请重新登录', data: null } };
    await expect(callApi(system.tenantInfo)).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.get()).toBeUndefined();
    expect(sessionStorage.getItem('point')).toBe('401');
    expect(reload).toHaveBeenCalled();
  });

  it('on 403 goes to /401', async () => {
    const go = vi.fn();
    bindUnauthorised(go);
    answer = { status: 403, data: { code: 510, msg: '没有权限执行该操作', data: null } };
    await expect(callApi(system.tenantInfo)).rejects.toBeInstanceOf(ApiError);
    expect(go).toHaveBeenCalled();
  });

  it('shows other statuses with their msg for 5 s, and says 网络请求超时 / 接口请求失败', async () => {
    answer = { status: 500, data: { code: 500, msg: '服务器开小差了，请稍后重试', data: null } };
    await expect(callApi(system.tenantInfo)).rejects.toBeInstanceOf(ApiError);
    expect(notified.error).toHaveBeenLastCalledWith('服务器开小差了，请稍后重试', 5);
    answer = 'timeout';
    await expect(callApi(system.tenantInfo)).rejects.toBeInstanceOf(ApiError);
    expect(notified.error).toHaveBeenLastCalledWith('网络请求超时', 5);
    answer = 'network';
    await expect(callApi(system.tenantInfo)).rejects.toBeInstanceOf(ApiError);
    expect(notified.error).toHaveBeenLastCalledWith('接口请求失败', 5);
  });

  it('reads a JSON blob error of a download and shows its msg for 5 s', async () => {
    answer = { status: 200, data: new Blob([JSON.stringify({ code: -1300, msg: '没有可导出的数据' })], { type: 'application/json' }) };
    await downloadFile('x/export', {}, 'a.xlsx');
    expect(notified.error).toHaveBeenCalledWith('没有可导出的数据', 5);
  });
});
