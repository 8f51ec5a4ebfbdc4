import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as system from '@venue/contract/system';
import { callApi } from './http';
import { dictLabel, loadDicts } from './dict';

vi.mock('./http', () => ({ callApi: vi.fn() }));
const mockedCallApi = vi.mocked(callApi);

const answer = {
  user_status: [
    { id: 1, label: '启用', value: 'A', sort: 1 },
    { id: 2, label: '禁用', value: 'S', sort: 2 },
  ],
  dept_status: [{ id: 3, label: '正常', value: 'true', sort: 1 }],
};

describe('loadDicts (spec 5, 7)', () => {
  beforeEach(() => {
    mockedCallApi.mockReset();
  });

  it('asks api/dictDetail/map for all names in one page of 9999', async () => {
    mockedCallApi.mockResolvedValue(answer);
    await expect(loadDicts(['user_status', 'dept_status'])).resolves.toEqual(answer);
    expect(mockedCallApi).toHaveBeenCalledTimes(1);
    expect(mockedCallApi).toHaveBeenCalledWith(system.dictMap, { query: { dictName: 'user_status,dept_status', page: 0, size: 9999 } });
  });

  it("rejects with 'need Dict names' before any request", async () => {
    await expect(loadDicts([])).rejects.toThrow(new Error('need Dict names'));
    expect(mockedCallApi).not.toHaveBeenCalled();
  });

  it('passes a failed request on', async () => {
    mockedCallApi.mockRejectedValue(new Error('boom'));
    await expect(loadDicts(['user_status'])).rejects.toThrow('boom');
  });
});

describe('dictLabel', () => {
  it('finds the label by value, comparing as text', () => {
    expect(dictLabel(answer, 'user_status', 'S')).toBe('禁用');
    expect(dictLabel(answer, 'dept_status', true)).toBe('正常');
  });
  it('falls back to the value, and to empty for no value', () => {
    expect(dictLabel(answer, 'user_status', 'X')).toBe('X');
    expect(dictLabel(answer, 'missing', 'A')).toBe('A');
    expect(dictLabel(answer, 'user_status', undefined)).toBe('');
  });
});
