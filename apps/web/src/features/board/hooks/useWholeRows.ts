import { useLayoutEffect, useRef } from 'react';

/**
 * A board table that shows only the rows that fit whole in its panel: the rest are left out (no
 * half-cut last row, no scrollbar on the big screen). Measured again when the panel is resized.
 */
export function useWholeRows<T extends HTMLTableElement>(deps: unknown) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    const box = table?.parentElement;
    if (!table || !box) return;
    const fit = () => {
      const rows = [...table.tBodies[0].rows];
      rows.forEach((r) => (r.style.display = ''));
      const bottom = box.getBoundingClientRect().top + box.clientHeight;
      rows.forEach((r) => {
        if (r.getBoundingClientRect().bottom > bottom + 0.5) r.style.display = 'none';
      });
    };
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(box);
    return () => watch.disconnect();
  }, [deps]);
  return ref;
}
