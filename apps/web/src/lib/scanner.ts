/**
 * Scanner input (spec 4): card readers and barcode guns "type" a code much faster than people do.
 * This is the pure state machine; hooks/useScannerInput wires it to keydown events and a timer.
 */

export const SCAN_GAP_MS = 50;
export const SCAN_MIN_LENGTH = 5;

// Magnetic card readers wrap track data in ';' ... '?' sentinels, so the ; and / keys are dropped
// with or without Shift.
const DROPPED_KEYS = new Set([';', ':', '/', '?', 'Shift', 'CapsLock', 'ArrowDown']);

/** The character a keydown adds to a code, or null when the key is not part of one. */
export function keyToChar(key: string, shift: boolean): string | null {
  if (DROPPED_KEYS.has(key)) return null;
  if (shift && key === '7') return '&';
  if (key.length !== 1) return null; // Tab, Control, F1 and other named keys
  return shift && /^[a-z]$/.test(key) ? key.toUpperCase() : key;
}

export interface ScannerOptions {
  /** Shortest code that counts as a scan (default 5). */
  minLength?: number;
  /** Keys must come less than this many ms apart (default 50). */
  gapMs?: number;
}

export interface Scanner {
  /** Characters collected so far. */
  readonly buffer: string;
  /** One keydown at `timeMs`. Answers the code when Enter ends a scan, otherwise null. */
  feed(key: string, shift: boolean, timeMs: number): string | null;
  /**
   * Call `gapMs` after the last key: answers the code if no key came since and it is long enough. A
   * too-short buffer is left in place: the timer runs on real time, and a browser that stalls mid-scan
   * fires it before the rest of the burst arrives. The next key's own time decides whether it continues.
   */
  settle(timeMs: number): string | null;
  reset(): void;
}

export function createScanner({ minLength = SCAN_MIN_LENGTH, gapMs = SCAN_GAP_MS }: ScannerOptions = {}): Scanner {
  let buffer = '';
  let lastKeyAt = -Infinity;

  const take = () => {
    const code = buffer.length >= minLength ? buffer : null;
    buffer = '';
    return code;
  };

  return {
    get buffer() {
      return buffer;
    },
    feed(key, shift, timeMs) {
      if (key === 'Enter') return take();
      const char = keyToChar(key, shift);
      if (char === null) return null;
      // A key after a pause is a person typing (or a new scan): start over.
      if (timeMs - lastKeyAt >= gapMs) buffer = '';
      buffer += char;
      lastKeyAt = timeMs;
      return null;
    },
    settle(timeMs) {
      if (buffer.length < minLength || timeMs - lastKeyAt < gapMs) return null;
      return take();
    },
    reset() {
      buffer = '';
      lastKeyAt = -Infinity;
    },
  };
}
