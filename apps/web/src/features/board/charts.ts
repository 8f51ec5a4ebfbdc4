import type { EChartsCoreOption } from 'echarts/core';

/** ECharts options the boards share: readable on a dark big screen at 1366 and 1920 px. */
const axisText = { color: '#c6d4ea' };
const grid = { left: 48, right: 16, top: 32, bottom: 28, containLabel: true };
const legend = { top: 0, textStyle: axisText };

/** A value axis; counts (`whole`) step by whole numbers. */
const valueAxis = (whole: boolean) => ({
  type: 'value',
  minInterval: whole ? 1 : 0,
  axisLabel: axisText,
  splitLine: { lineStyle: { color: 'rgba(120,160,220,0.15)' } },
});

export function barOption(
  categories: string[],
  series: { name: string; data: number[]; stack?: string }[],
  { horizontal = false, whole = false } = {},
): EChartsCoreOption {
  const category = { type: 'category', data: categories, axisLabel: axisText };
  const value = valueAxis(whole);
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: series.map((s) => ({ type: 'bar', ...s })),
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
export const yuanText = (yuan: number) => yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
