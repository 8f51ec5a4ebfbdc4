import type { DictEntry } from '@venue/contract';
import * as system from '@venue/contract/system';
import { callApi } from './http';

export type Dicts = Record<string, DictEntry[]>;

/** Spec 9: dictionaries come in one page of up to 9999 entries. */
export const DICT_PAGE_SIZE = 9999;

/** Loads the named dictionaries in one call; answers { name: entries }. */
export async function loadDicts(names: readonly string[]): Promise<Dicts> {
  if (names.length === 0) throw new Error('need Dict names');
  return callApi(system.dictMap, { query: { dictName: names.join(','), page: 0, size: DICT_PAGE_SIZE } });
}

/** The label of `value` in dictionary `name`; the value itself when it is not listed. */
export function dictLabel(dicts: Dicts, name: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return dicts[name]?.find((entry) => entry.value === text)?.label ?? text;
}
