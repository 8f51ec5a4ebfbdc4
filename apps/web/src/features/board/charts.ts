import type { EChartsCoreOption } from 'echarts/core';
import { formatYuan } from '@/lib/money';

/** ECharts options the boards share: readable on a dark big screen at 1366 and 1920 px. */
const axisText = { color: '#c6d4ea' };
const grid = { left: 48, right: 16, top: 32, bottom: 28, containLabel: true };
const legend = { top: 0, textStyle: axisText };

/** An axis figure as a Chinese reader takes it in at a glance: 2,100,000 is 210万. */
export const axisFigure = (value: number) => (Math.abs(value) >= 10_000 ? `${Number((value / 10_000).toFixed(1))}万` : String(value));

/** A value axis; counts (`whole`) step by whole numbers. */
const valueAxis = (whole: boolean) => ({
  type: 'value',
  minInterval: whole ? 1 : 0,
  axisLabel: { ...axisText, formatter: axisFigure },
  splitLine: { lineStyle: { color: 'rgba(120,160,220,0.15)' } },
});

/** The 会员卡新增与消费 chart's axes: the month, the money consumed (left) and the cards issued (right). */
export const CARD_AXES = { category: '月份', values: ['消费（元）', '新增（张）'] };

/** Bars; a series marked `counts` (a number of things beside money) is read on a second, whole axis at the right. */
export function barOption(
  categories: string[],
  series: { name: string; data: number[]; stack?: string; counts?: boolean }[],
  { horizontal = false, whole = false, names }: { horizontal?: boolean; whole?: boolean; names?: { category: string; values: string[] } } = {},
): EChartsCoreOption {
  const named = (i: number) => (names?.values[i] ? { name: names.values[i], nameTextStyle: axisText } : {});
  const category = {
    type: 'category',
    data: categories,
    axisLabel: axisText,
    ...(names && { name: names.category, nameLocation: 'middle', nameGap: 26, nameTextStyle: axisText }),
  };
  const twoAxes = !horizontal && series.some((s) => s.counts);
  const value = twoAxes
    ? [
        { ...valueAxis(whole), ...named(0) },
        { ...valueAxis(true), splitLine: { show: false }, ...named(1) },
      ]
    : { ...valueAxis(whole), ...named(0) };
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: series.map(({ counts, ...s }) => ({ type: 'bar', ...(twoAxes && counts ? { yAxisIndex: 1 } : {}), ...s })),
  };
}

export function lineOption(categories: string[], series: { name: string; data: number[] }[], whole = false): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: { type: 'category', data: categories, axisLabel: axisText, boundaryGap: false },
    yAxis: valueAxis(whole),
    series: series.map((s) => ({ type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, ...s })),
  };
}

export function pieOption(rows: { name: string; value: number }[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { ...legend, type: 'scroll' },
    series: [{ type: 'pie', radius: ['35%', '65%'], top: 24, data: rows, label: { color: '#e6f0ff' } }],
  };
}

/** Yuan with two decimals and thousands separators. */
/** 1,234.50: grouped by thousands without Intl, whose first zh-CN formatter took 20 ms of 首页's first render. */
export const yuanText = (yuan: number) => {
  const [whole, cents] = formatYuan(yuan).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
};
