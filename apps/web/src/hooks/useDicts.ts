import { useCallback } from 'react';
import * as system from '@venue/contract/system';
import { DICT_PAGE_SIZE, dictLabel, type Dicts } from '@/lib/dict';
import { useApiQuery } from '@/lib/query';

const NONE: Dicts = {};

/** Loads the dictionaries a screen names and looks labels up in them. */
export function useDicts(names: readonly string[]) {
  const dictName = names.join(',');
  // A failure has been shown by the HTTP client; the screen keeps raw values.
  const { data: dicts = NONE } = useApiQuery(system.dictMap, { query: { dictName, page: 0, size: DICT_PAGE_SIZE } }, { enabled: dictName !== '' });
  const labelOf = useCallback((name: string, value: unknown) => dictLabel(dicts, name, value), [dicts]);
  return { dicts, labelOf };
}
