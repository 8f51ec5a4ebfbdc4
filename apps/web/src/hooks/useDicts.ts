import { useCallback, useEffect, useState } from 'react';
import { dictLabel, loadDicts, type Dicts } from '@/lib/dict';

/** Loads the dictionaries a screen names and looks labels up in them. */
export function useDicts(names: readonly string[]) {
  const key = names.join(',');
  const [dicts, setDicts] = useState<Dicts>({});

  useEffect(() => {
    if (!key) return;
    let live = true;
    // The HTTP client has already shown the failure; the screen keeps raw values.
    loadDicts(key.split(',')).then((loaded) => live && setDicts(loaded), () => undefined);
    return () => {
      live = false;
    };
  }, [key]);

  const labelOf = useCallback((name: string, value: unknown) => dictLabel(dicts, name, value), [dicts]);
  return { dicts, labelOf };
}
