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

const isRef = (target: unknown): target is RefObject<EventTarget | null> => typeof target === 'object' && target !== null && 'current' in target;

/** Calls `onScan(code)` when a card reader or barcode gun types a code (spec 4 "Scanner input"). */
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
    const emit = (code: string | null) => {
      if (code) onScanRef.current(code);
    };

    const onKeyDown = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.ctrlKey || key.altKey || key.metaKey) return; // shortcuts, not scanner output
      emit(scanner.feed(key.key, key.shiftKey, Date.now()));
      clearTimeout(timer);
      if (scanner.buffer) timer = setTimeout(() => emit(scanner.settle(Date.now())), gapMs);
    };

    node.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      node.removeEventListener('keydown', onKeyDown);
    };
  }, [enabled, minLength, gapMs, target]);
}
