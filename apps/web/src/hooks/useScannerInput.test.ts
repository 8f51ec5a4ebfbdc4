// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useScannerInput, type ScannerInputOptions } from './useScannerInput';

/** Presses keys `gap` ms apart on `target`; a key written '+a' is pressed with Shift. */
function press(keys: string[] | string, gap: number, target: EventTarget = window) {
  for (const [i, raw] of [...keys].entries()) {
    if (i > 0) vi.advanceTimersByTime(gap);
    const shiftKey = raw.length > 1 && raw.startsWith('+');
    target.dispatchEvent(new KeyboardEvent('keydown', { key: shiftKey ? raw.slice(1) : raw, shiftKey, bubbles: true }));
  }
}

/** A keydown with the time the device gave it (a reader's keys keep theirs when the page takes them late). */
function stampedKey(key: string, timeStamp: number) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  window.dispatchEvent(event);
}

function setup(options?: ScannerInputOptions) {
  const onScan = vi.fn();
  const hook = renderHook(({ cb, opts }) => useScannerInput(cb, opts), { initialProps: { cb: onScan, opts: options } });
  return { onScan, ...hook };
}

describe('useScannerInput (spec 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports fast keys on window once the 50 ms pause has passed', () => {
    const { onScan } = setup();
    press('1234567890', 10);
    vi.advanceTimersByTime(49);
    expect(onScan).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1234567890');
  });

  it('ignores slow typing and short bursts', () => {
    const { onScan } = setup();
    press('abcdefg', 60);
    vi.advanceTimersByTime(500);
    press('1234', 5);
    vi.advanceTimersByTime(500);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps a scan whole when the browser stalls mid-scan and the timer fires between its keys', () => {
    const { onScan } = setup();
    // The device stamps keys 10 ms apart; the page gets the last nine 80 ms late, after the timer has run.
    [...'6910'].forEach((k, i) => stampedKey(k, 1000 + i * 10));
    vi.advanceTimersByTime(80);
    expect(onScan).not.toHaveBeenCalled();
    [...'123456789', 'Enter'].forEach((k, i) => stampedKey(k, 1040 + i * 10));
    expect(onScan).toHaveBeenCalledExactlyOnceWith('6910123456789');
  });

  it('waits the gap again when its timer fired late on a busy page, so the keys queued behind it join the scan', () => {
    const { onScan } = setup();
    [...'12345'].forEach((k, i) => stampedKey(k, 1000 + i * 10));
    // A long render holds the page: the timer fires 150 ms after it was armed instead of 50.
    const now = performance.now.bind(performance);
    const stall = vi.spyOn(performance, 'now').mockImplementation(() => now() + 100);
    vi.advanceTimersByTime(50);
    stall.mockRestore();
    expect(onScan).not.toHaveBeenCalled();
    [...'67890'].forEach((k, i) => stampedKey(k, 1050 + i * 10));
    vi.advanceTimersByTime(50);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1234567890');
  });

  it('waits longer when the keys reach the page late, so a scan the browser delivers slowly stays whole', () => {
    const { onScan } = setup();
    vi.advanceTimersByTime(1300 - performance.now());
    // Stamped 10 ms apart from 1000, each reaching the page 60 ms after the one before (a loaded browser).
    [...'1234567890'].forEach((k, i) => {
      if (i > 0) vi.advanceTimersByTime(60);
      stampedKey(k, 1000 + i * 10);
    });
    vi.advanceTimersByTime(60 + 2000);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1234567890');
  });

  it('a key on time ends the scan a gap after it, as before', () => {
    const { onScan } = setup();
    vi.advanceTimersByTime(1000 - performance.now());
    [...'1234567890'].forEach((k, i) => {
      if (i > 0) vi.advanceTimersByTime(10);
      stampedKey(k, performance.now());
    });
    vi.advanceTimersByTime(49);
    expect(onScan).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1234567890');
  });

  it('Enter ends a scan at once, without a second report from the timer', () => {
    const { onScan } = setup();
    press(['1', '2', '3', '4', '5', 'Enter'], 10);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('12345');
    vi.advanceTimersByTime(200);
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('leaves a scan into a field marked data-own-scan to that field', () => {
    const { onScan } = setup();
    const band = document.createElement('input');
    band.dataset.ownScan = '';
    document.body.append(band);
    press(['H', '0', '0', '1', '2', 'Enter'], 10, band);
    vi.advanceTimersByTime(200);
    expect(onScan).not.toHaveBeenCalled();
    press(['1', '2', '3', '4', '5', 'Enter'], 10);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('12345');
    band.remove();
  });

  it('maps Shift keys and drops reader sentinels', () => {
    const { onScan } = setup();
    press([';', 'Shift', '+a', '+7', 'b', 'CapsLock', 'c', '9', 'ArrowDown', '+?'], 5);
    vi.advanceTimersByTime(50);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('A&bc9');
  });

  it('honours minLength and gapMs', () => {
    const { onScan } = setup({ minLength: 3, gapMs: 100 });
    press('xyz', 80);
    vi.advanceTimersByTime(100);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('xyz');
  });

  it('does nothing while disabled, and starts when enabled', () => {
    const { onScan, rerender } = setup({ enabled: false });
    press('12345', 10);
    vi.advanceTimersByTime(100);
    expect(onScan).not.toHaveBeenCalled();
    rerender({ cb: onScan, opts: { enabled: true } });
    press('12345', 10);
    vi.advanceTimersByTime(50);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('12345');
  });

  it('listens on a given element only', () => {
    const input = document.createElement('input');
    document.body.append(input);
    const { onScan } = setup({ target: input });
    press('11111', 10);
    vi.advanceTimersByTime(100);
    expect(onScan).not.toHaveBeenCalled();
    press('22222', 10, input);
    vi.advanceTimersByTime(50);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('22222');
    input.remove();
  });

  it('accepts a ref as target', () => {
    const input = document.createElement('input');
    const { onScan } = setup({ target: { current: input } });
    press('33333', 10, input);
    vi.advanceTimersByTime(50);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('33333');
  });

  it('calls the latest callback and stops after unmount', () => {
    const { onScan, rerender, unmount } = setup();
    const next = vi.fn();
    rerender({ cb: next, opts: undefined });
    press('44444', 10);
    vi.advanceTimersByTime(50);
    expect(onScan).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledExactlyOnceWith('44444');
    unmount();
    press('55555', 10);
    vi.advanceTimersByTime(50);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('ignores keys pressed with Ctrl, Alt or Meta', () => {
    const { onScan } = setup();
    for (const key of '12345') window.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: true }));
    vi.advanceTimersByTime(50);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('gives a text field back its text after a scan typed into it, and keeps the closing Enter from its handlers', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.value = '红';
    const enters = vi.fn();
    input.addEventListener('keydown', (e) => e.key === 'Enter' && enters());
    const typed: string[] = [];
    input.addEventListener('input', () => typed.push(input.value));
    const { onScan } = setup();
    for (const [i, key] of [...'69012345', 'Enter'].entries()) {
      if (i > 0) vi.advanceTimersByTime(5);
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      // What the browser does after a keydown nobody prevented: the character lands in the field.
      if (key.length === 1) input.value += key;
    }
    expect(onScan).toHaveBeenCalledExactlyOnceWith('69012345');
    expect(input.value).toBe('红');
    expect(typed).toEqual(['红']);
    expect(enters).not.toHaveBeenCalled();
    input.remove();
  });

  it('leaves slow typing in a field alone, Enter included', () => {
    const input = document.createElement('input');
    document.body.append(input);
    const enters = vi.fn();
    input.addEventListener('keydown', (e) => e.key === 'Enter' && enters());
    setup();
    for (const key of [...'abc', 'Enter']) {
      vi.advanceTimersByTime(120);
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      if (key.length === 1) input.value += key;
    }
    expect(input.value).toBe('abc');
    expect(enters).toHaveBeenCalledTimes(1);
    input.remove();
  });
});
