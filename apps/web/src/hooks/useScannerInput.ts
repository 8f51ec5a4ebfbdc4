import { useEffect, useRef, type RefObject } from 'react';
import { createScanner, SCAN_GAP_MS, SCAN_MIN_LENGTH } from '@/lib/scanner';

export interface ScannerInputOptions {
  /** Listen only while true (default true). */
  enabled?: boolean;
  /** Shortest code that counts as a scan (default 5). */
  minLength?: number;
  /** Keys must come less than this many ms apart (default 50). */
  gapMs?: number;
  /** Where to listen for keydown; default window. A ref is read when the listener is attached. */
  target?: EventTarget | RefObject<EventTarget | null> | null;
}

/** The longest a scan's end waits for keys that come late (a busy browser), beyond the gap. */
const MAX_LAG_MS = 1000;

const isRef = (target: unknown): target is RefObject<EventTarget | null> => typeof target === 'object' && target !== null && 'current' in target;

type TextField = HTMLInputElement | HTMLTextAreaElement;
const textFieldOf = (target: EventTarget | null): TextField | null =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;

/** Sets a field's value the way typing does, so React's onChange sees it (its value setter alone would be ignored). */
function restoreField(field: TextField, value: string) {
  if (field.value === value) return;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Calls `onScan(code)` when a card reader or barcode gun types a code (spec 4 "Scanner input").
 * Keys are timed by when they reached the browser (event.timeStamp), so a slow render between two keys
 * does not split a scan. A text field marked `data-own-scan` takes its scans itself. It listens before the page does: a scan's closing Enter goes no further (no
 * search box reacts to it), and a text field the scan typed into gets back the text it had before.
 */
export function useScannerInput(onScan: (code: string) => void, options: ScannerInputOptions = {}): void {
  const { enabled = true, minLength = SCAN_MIN_LENGTH, gapMs = SCAN_GAP_MS, target } = options;
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  useEffect(() => {
    const node = target === undefined ? window : isRef(target) ? target.current : target;
    if (!enabled || !node) return;
    const scanner = createScanner({ minLength, gapMs });
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The field the current burst of keys types into, and its text before the burst. */
    let burst: { field: TextField; before: string } | null = null;
    const emit = (code: string | null) => {
      if (!code) return;
      if (burst) restoreField(burst.field, burst.before);
      burst = null;
      onScanRef.current(code);
    };

    const onKeyDown = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.ctrlKey || key.altKey || key.metaKey) return; // shortcuts, not scanner output
      const field = textFieldOf(key.target);
      // A field that takes a scanned code itself (a wristband box beside the ticket list) keeps its keys.
      if (field?.dataset.ownScan !== undefined) return;
      const before = field?.value ?? '';
      const code = scanner.feed(key.key, key.shiftKey, key.timeStamp);
      if (scanner.buffer.length === 1) burst = field ? { field, before } : null;
      clearTimeout(timer);
      if (code) {
        key.preventDefault();
        key.stopPropagation();
        return emit(code);
      }
      if (scanner.buffer) settleAfterGap(Math.min(MAX_LAG_MS, Math.max(0, performance.now() - key.timeStamp)));
    };
    /**
     * Ends the scan a gap after its last key, or later when the keys come late: a key that reached the page
     * `lag` ms after the device stamped it says the browser is behind, and the rest of the scan may still
     * be on its way. A timer that fires more than a gap late met a busy page (a long render): the keys
     * queued behind it are handled before a timer armed now. Ended only on time, so a slow till does not
     * split a scan into a lookup of its first keys and the rest typed into a box.
     */
    const settleAfterGap = (lag = 0) => {
      const armedAt = performance.now();
      timer = setTimeout(() => {
        if (performance.now() - armedAt > 2 * gapMs + lag) return settleAfterGap();
        emit(scanner.settle(Number.POSITIVE_INFINITY));
      }, gapMs + lag);
    };

    node.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(timer);
      node.removeEventListener('keydown', onKeyDown, true);
    };
  }, [enabled, minLength, gapMs, target]);
}
