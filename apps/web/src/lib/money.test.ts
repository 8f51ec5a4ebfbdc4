import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, lineAmount, sumLines, yuanToFen } from './money';

describe('formatYuan', () => {
  it('shows 2 decimals, rounding half up', () => {
    expect(formatYuan(12.3)).toBe('12.30');
    expect(formatYuan('12')).toBe('12.00');
    expect(formatYuan(1.005)).toBe('1.01');
    expect(formatYuan(2.675)).toBe('2.68');
    expect(formatYuan(null)).toBe('0.00');
    expect(formatYuan('')).toBe('0.00');
  });
});

describe('yuan and fen', () => {
  it('converts exactly where floats do not', () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen(1.005)).toBe(101);
    expect(fenToYuan(1999)).toBe('19.99');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(undefined)).toBe('0.00');
  });
});

describe('sumLines (spec 5: decimal-safe order total)', () => {
  it('is exact for 0.1 + 0.2', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(
      sumLines([
        { price: 0.1, qty: 1 },
        { price: 0.2, qty: 1 },
      ]),
    ).toBe('0.30');
  });
  it('multiplies price by quantity exactly', () => {
    expect(1.1 * 3).not.toBe(3.3);
    expect(sumLines([{ price: 1.1, qty: 3 }])).toBe('3.30');
    expect(
      sumLines([
        { price: '19.99', qty: 3 },
        { price: 0.01, qty: 7 },
      ]),
    ).toBe('60.04');
    expect(lineAmount(4.35, 100)).toBe('435.00');
  });
  it('an empty list or zero quantity gives 0.00', () => {
    expect(sumLines([])).toBe('0.00');
    expect(sumLines([{ price: 9.9, qty: 0 }])).toBe('0.00');
  });
});
