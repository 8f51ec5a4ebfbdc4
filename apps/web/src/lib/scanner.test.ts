import { describe, expect, it } from 'vitest';
import { createScanner, keyToChar, type Scanner } from './scanner';

type Key = string | { key: string; shift: true };

/** Feeds keys `gap` ms apart from `start`; answers the time of the last key and any code Enter produced. */
function type(scanner: Scanner, keys: Key[] | string, gap: number, start = 0) {
  const list = typeof keys === 'string' ? [...keys] : keys;
  let time = start - gap;
  const codes: string[] = [];
  for (const k of list) {
    time += gap;
    const code = typeof k === 'string' ? scanner.feed(k, false, time) : scanner.feed(k.key, true, time);
    if (code) codes.push(code);
  }
  return { last: time, codes };
}

describe('scanner timing (spec 4)', () => {
  it('fast keys settle into a code 50 ms after the last key', () => {
    const scanner = createScanner();
    const { last } = type(scanner, '1234567890', 10);
    expect(scanner.settle(last + 49)).toBeNull();
    expect(scanner.buffer).toBe('1234567890');
    expect(scanner.settle(last + 50)).toBe('1234567890');
    expect(scanner.buffer).toBe('');
    expect(scanner.settle(last + 100)).toBeNull();
  });

  it('49 ms gaps still count as a scan', () => {
    const scanner = createScanner();
    const { last } = type(scanner, 'ABCDE', 49);
    expect(scanner.settle(last + 50)).toBe('ABCDE');
  });

  it('slow typing (gaps of 50 ms or more) never triggers, not even with Enter', () => {
    const scanner = createScanner();
    const { last } = type(scanner, '1234567890', 50);
    expect(scanner.buffer).toBe('0');
    expect(scanner.settle(last + 50)).toBeNull();
    expect(type(scanner, [...'abcdefg', 'Enter'], 120, last + 1000).codes).toEqual([]);
  });

  it('4 characters are too short and are discarded', () => {
    const scanner = createScanner();
    const { last } = type(scanner, '1234', 5);
    expect(scanner.settle(last + 50)).toBeNull();
    expect(type(scanner, '5', 5, last + 50).codes).toEqual([]);
    expect(scanner.buffer).toBe('5');
  });

  it('a settle that finds too few characters keeps them for keys still on their way', () => {
    const scanner = createScanner();
    const { last } = type(scanner, '6910', 10);
    expect(scanner.settle(Number.POSITIVE_INFINITY)).toBeNull();
    expect(type(scanner, [...'123456789', 'Enter'], 10, last + 10).codes).toEqual(['6910123456789']);
  });

  it('5 characters are enough', () => {
    const scanner = createScanner();
    const { last } = type(scanner, '12345', 5);
    expect(scanner.settle(last + 50)).toBe('12345');
  });

  it('a pause starts over, so earlier typing does not leak into the code', () => {
    const scanner = createScanner();
    type(scanner, 'xy', 200);
    const { last } = type(scanner, '98765', 8, 1000);
    expect(scanner.settle(last + 50)).toBe('98765');
  });

  it('Enter ends a scan at once and the timer finds nothing left', () => {
    const scanner = createScanner();
    const { last, codes } = type(scanner, [...'A1B2C3', 'Enter'], 10);
    expect(codes).toEqual(['A1B2C3']);
    expect(scanner.settle(last + 50)).toBeNull();
  });

  it('Enter after a short burst gives nothing and clears it', () => {
    const scanner = createScanner();
    expect(type(scanner, [...'123', 'Enter'], 10).codes).toEqual([]);
    expect(scanner.buffer).toBe('');
  });

  it('reads two scans in a row', () => {
    const scanner = createScanner();
    const first = type(scanner, '11111', 10);
    expect(scanner.settle(first.last + 50)).toBe('11111');
    const second = type(scanner, '22222', 10, first.last + 300);
    expect(scanner.settle(second.last + 50)).toBe('22222');
  });

  it('honours minLength and gapMs options', () => {
    const scanner = createScanner({ minLength: 3, gapMs: 100 });
    const { last } = type(scanner, 'abc', 80);
    expect(scanner.settle(last + 99)).toBeNull();
    expect(scanner.settle(last + 100)).toBe('abc');
  });

  it('reset drops a half-read code', () => {
    const scanner = createScanner();
    const { last } = type(scanner, '123456', 10);
    scanner.reset();
    expect(scanner.settle(last + 50)).toBeNull();
  });
});

describe('scanner key mapping (spec 4)', () => {
  it('Shift+7 becomes & and Shift+letter becomes upper case', () => {
    expect(keyToChar('7', true)).toBe('&');
    expect(keyToChar('a', true)).toBe('A');
    expect(keyToChar('A', true)).toBe('A');
    expect(keyToChar('a', false)).toBe('a');
    expect(keyToChar('7', false)).toBe('7');
    expect(keyToChar('&', true)).toBe('&');
  });

  it('drops semicolon, slash, Shift, CapsLock and ArrowDown', () => {
    for (const key of [';', ':', '/', '?', 'Shift', 'CapsLock', 'ArrowDown']) expect(keyToChar(key, false), key).toBeNull();
    expect(keyToChar(';', true)).toBeNull();
    expect(keyToChar('/', true)).toBeNull();
  });

  it('ignores other named keys', () => {
    for (const key of ['Tab', 'Control', 'Backspace', 'F1', 'ArrowUp']) expect(keyToChar(key, false), key).toBeNull();
  });

  it('a card track ;1234567890? reads as its digits; dropped keys do not break the timing', () => {
    const scanner = createScanner();
    const { last } = type(scanner, [';', ...'12345', 'Shift', ...'67890', 'Shift', '?'], 10);
    expect(scanner.settle(last + 50)).toBe('1234567890');
  });

  it('shifted keys inside a scan', () => {
    const scanner = createScanner();
    const keys: Key[] = ['Shift', { key: 'a', shift: true }, 'b', 'CapsLock', 'c', { key: '7', shift: true }, '9', 'ArrowDown', 'Enter'];
    expect(type(scanner, keys, 10).codes).toEqual(['Abc&9']);
  });
});
