import { describe, expect, it } from 'vitest';
import { axisFigure, barOption, CARD_AXES, yuanText } from './charts';

describe('board charts', () => {
  it('writes large axis figures in 万, small ones as they are', () => {
    expect(axisFigure(2_100_000)).toBe('210万');
    expect(axisFigure(15_000)).toBe('1.5万');
    expect(axisFigure(9_999)).toBe('9999');
    expect(axisFigure(0)).toBe('0');
  });

  it('reads a count series beside money on a second whole axis', () => {
    const option = barOption(
      ['2026-10', '2026-11'],
      [
        { name: '新增会员卡（张）', data: [3, 4], counts: true },
        { name: '储值卡消费（元）', data: [60_000, 70_000] },
      ],
    ) as { yAxis: { minInterval: number }[]; series: { yAxisIndex?: number; counts?: boolean }[] };
    expect(option.yAxis).toHaveLength(2);
    expect(option.yAxis[1].minInterval).toBe(1);
    expect(option.series.map((s) => s.yAxisIndex)).toEqual([1, undefined]);
    expect(option.series.every((s) => !('counts' in s))).toBe(true);
  });

  it('keeps one value axis when every series is money', () => {
    const option = barOption(['a'], [{ name: '营收', data: [1] }], { horizontal: true }) as { xAxis: unknown };
    expect(Array.isArray(option.xAxis)).toBe(false);
  });

  it('names the axes of 会员卡新增与消费: 月份, 消费（元） at the left, 新增（张） at the right', () => {
    const option = barOption(
      ['2026-10', '2026-11'],
      [
        { name: '新增会员卡（张）', data: [3, 4], counts: true },
        { name: '储值卡消费（元）', data: [120, 80] },
      ],
      { names: CARD_AXES },
    ) as { xAxis: { name?: string }; yAxis: { name?: string }[] };
    expect(option.xAxis.name).toBe('月份');
    expect(option.yAxis.map((a) => a.name)).toEqual(['消费（元）', '新增（张）']);
  });

  it('writes yuan with two decimals, grouped by thousands', () => {
    expect([0, 5.4, 999.995, 1234.5, 1234567.891, -21474836.47].map(yuanText)).toEqual([
      '0.00',
      '5.40',
      '1,000.00',
      '1,234.50',
      '1,234,567.89',
      '-21,474,836.47',
    ]);
  });
});
