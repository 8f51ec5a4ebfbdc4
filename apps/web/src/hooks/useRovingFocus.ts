import { useRef, useState, type KeyboardEvent } from 'react';

/** Answers how many items sit on one visual row: those level with the first. */
function columnsOf(items: (HTMLElement | null)[]): number {
  const first = items[0]?.getBoundingClientRect().top;
  return Math.max(1, items.filter((el) => el && Math.abs(el.getBoundingClientRect().top - (first ?? 0)) < 2).length);
}

/**
 * One tab stop for a group of items (a roving tabindex): Tab reaches the last item used, arrows move
 * between items (up and down by the row the layout shows), Home and End go to the ends. Items call
 * `onMove(index)` when focus moves to them (radio groups select on move).
 */
export function useRovingFocus(count: number, { onMove, stop }: { onMove?: (index: number) => void; stop?: number } = {}) {
  const [active, setActive] = useState(0);
  const items = useRef<(HTMLElement | null)[]>([]);
  // A radio group's tab stop is its checked item (`stop`), when there is one.
  const current = Math.max(0, Math.min(stop !== undefined && stop >= 0 ? stop : active, count - 1));

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(index, count - 1));
    items.current[next]?.focus();
    if (next === current) return;
    setActive(next);
    onMove?.(next);
  }

  /** Props for item `index`: its ref, tab stop and arrow keys. */
  const itemProps = (index: number) => ({
    ref: (el: HTMLElement | null) => {
      items.current[index] = el;
    },
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setActive(index),
    onKeyDown: (event: KeyboardEvent) => {
      const columns = event.key === 'ArrowDown' || event.key === 'ArrowUp' ? columnsOf(items.current.slice(0, count)) : 1;
      const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns, Home: -index, End: count - 1 - index };
      if (!(event.key in step) || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      moveTo(index + step[event.key]);
    },
  });
  return { itemProps, active: current };
}
