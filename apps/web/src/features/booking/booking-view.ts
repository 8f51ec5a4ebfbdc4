import Decimal from 'decimal.js';
import type { BookingOrder, BookingSetting, Cell, Grid, PriceRule } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { formatYuan } from '@/lib/money';

type CellState = booking.CellState;

/** A cell's colours (background, text): a state is told by its text too, never by colour alone. */
export const CELL_COLORS: Record<CellState, { bg: string; fg: string }> = {
  free: { bg: '#f6ffed', fg: '#135200' },
  held: { bg: '#fff7e6', fg: '#873800' },
  paid: { bg: '#e6f4ff', fg: '#003eb3' },
  used: { bg: '#f9f0ff', fg: '#391085' },
  occupied: { bg: '#fff1f0', fg: '#a8071a' },
  closed: { bg: '#f5f5f5', fg: '#434343' },
  past: { bg: '#fafafa', fg: '#595959' },
};

/** A chosen cell: which field, which slot, how many heads (1 on an F field). */
export interface Chosen {
  fieldId: number;
  beginTime: string;
  heads: number;
}
export const chosenKey = (fieldId: number, beginTime: string) => `${fieldId}@${beginTime}`;

/** Whether a cell can be chosen: free, or a C field with heads left and not closed or past. */
export function canPick(state: CellState, left: number): boolean {
  return state === 'free' || (left > 0 && state !== 'closed' && state !== 'past' && state !== 'occupied');
}

/** The chosen cells' total (yuan), decimal: price x heads, summed. */
export function pickTotal(grid: Grid | undefined, picks: readonly Chosen[]): Decimal {
  return picks.reduce((sum, p) => {
    const cell = grid?.fields.find((f) => f.fieldId === p.fieldId)?.cells.find((c) => c.beginTime === p.beginTime);
    return sum.plus(new Decimal(cell?.price ?? 0).times(p.heads));
  }, new Decimal(0));
}

/**
 * The chosen cells' times when a times card is attached (the grid answers each cell's `times`: per cell,
 * a head on a C field): times x heads, summed; null without a times card.
 */
export function pickTimes(grid: Grid | undefined, picks: readonly Chosen[]): number | null {
  let total: number | null = null;
  for (const p of picks) {
    const times = grid?.fields.find((f) => f.fieldId === p.fieldId)?.cells.find((c) => c.beginTime === p.beginTime)?.times;
    if (times !== null && times !== undefined) total = (total ?? 0) + times * p.heads;
  }
  return total;
}

/** A cell's price as the grid and the cart show it: its times with a times card attached (2次), else yuan (¥40.00). */
export const cellPrice = (cell: Pick<Cell, 'price' | 'times'>) =>
  cell.times !== null && cell.times !== undefined ? `${cell.times}次` : cell.price !== null ? `¥${formatYuan(cell.price)}` : '';

/** A cell's price as its name (aria-label) says it: 40.00元, or 2次 with a times card attached. */
export const spokenPrice = (cell: Pick<Cell, 'price' | 'times'>) =>
  cell.times !== null ? ` ${cell.times}次` : cell.price !== null ? ` ${formatYuan(cell.price)}元` : '';

/** A price rule's entry for a card type in the list: 储值卡 40.00, or 羽毛球10次卡 2次. */
export const memberEntryText = (m: Pick<PriceRule['memberPrices'][number], 'cardTypeName' | 'price' | 'times'>) =>
  `${m.cardTypeName} ${m.times !== null ? `${m.times}次` : formatYuan(m.price)}`;

/** A rule form's entry as saved: a times card type's (T) its times a cell, any other type's its price. */
export function memberEntryBody(m: { cardTypeId: number; price?: number | null; times?: number | null }, payType: string | undefined) {
  return payType === 'T' ? { cardTypeId: m.cardTypeId, times: m.times ?? undefined } : { cardTypeId: m.cardTypeId, price: m.price ?? undefined };
}

/** Drops the picks the grid no longer offers (taken by another desk, past). */
export function stillFree(grid: Grid | undefined, picks: readonly Chosen[]): Chosen[] {
  return picks.filter((p) => {
    const cell = grid?.fields.find((f) => f.fieldId === p.fieldId)?.cells.find((c) => c.beginTime === p.beginTime);
    return !!cell && canPick(cell.state, cell.left);
  });
}

/** Where an arrow key moves on a rows x columns grid (clamped at the edges). */
export function moveBy(key: string, row: number, col: number, rows: number, cols: number): [number, number] | null {
  const step: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const d = step[key];
  if (!d) return null;
  return [Math.max(0, Math.min(rows - 1, row + d[0])), Math.max(0, Math.min(cols - 1, col + d[1]))];
}

/** `days` dates from `today` plus `offset` days (yyyy-MM-dd), labelled with 今天/明天 or the weekday. */
export function dateStrip(today: string, days: number, offset = 0): { date: string; label: string }[] {
  const base = Date.parse(`${today}T00:00:00Z`);
  const week = ['日', '一', '二', '三', '四', '五', '六'];
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(base + (offset + i) * 86_400_000);
    const date = d.toISOString().slice(0, 10);
    const name = offset + i === 0 ? '今天' : offset + i === 1 ? '明天' : `周${week[d.getUTCDay()]}`;
    return { date, label: `${date.slice(5)} ${name}` };
  });
}

/** An order's cells in short: 「1号场」2026-11-29 10:00-11:00 …, for lists and slips. */
export const linesText = (o: Pick<BookingOrder, 'details'>) =>
  o.details.map((d) => `${d.fieldName} ${d.useDate} ${d.beginTime}-${d.endTime}${d.quantity > 1 ? ` ×${d.quantity}` : ''}`).join('；');

/** The chosen cells as one time range over their fields (包场 and 占用 take a range): earliest start to latest end. */
export function chosenRange(grid: Grid | undefined, picks: readonly Chosen[]): { fieldIds: number[]; beginTime: string; endTime: string } | null {
  const cells = picks.flatMap((p) => grid?.fields.find((f) => f.fieldId === p.fieldId)?.cells.filter((c) => c.beginTime === p.beginTime) ?? []);
  if (!cells.length) return null;
  return {
    fieldIds: [...new Set(picks.map((p) => p.fieldId))],
    beginTime: cells.map((c) => c.beginTime).sort()[0],
    endTime: cells
      .map((c) => c.endTime)
      .sort()
      .reverse()[0],
  };
}

/** The rule in words, e.g. 开场前2小时内不能退订；提前24小时以上免手续费，否则收取20%手续费。 */
export function cancelRuleText(rule: BookingSetting): string {
  const until = rule.cancelBeforeHours > 0 ? `开场前${rule.cancelBeforeHours}小时内不能退订` : '开场前均可退订';
  const fee =
    rule.feePercent === 0
      ? '不收手续费'
      : rule.freeBeforeHours > 0
        ? `提前${rule.freeBeforeHours}小时以上免手续费，否则收取${rule.feePercent}%手续费`
        : `收取${rule.feePercent}%手续费`;
  return `${until}；${fee}。`;
}

/** Seconds left until `deadlineMs` at `nowMs`, whole seconds rounded up, never below 0. */
export const secondsLeft = (deadlineMs: number, nowMs: number) => Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));

/** A countdown as mm:ss (minutes past 59 stay minutes: 90:00). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The hold of an unpaid order, said while it runs. */
export const holdText = (seconds: number) => `请在 ${countdownText(seconds)} 内完成支付，超时自动取消`;

/** A cell's state as its text says it: a held cell with until when (待支付 至 10:10), else the state's label. */
export const cellStateText = (cell: Pick<Cell, 'state' | 'holdUntil'>) =>
  cell.state === 'held' && cell.holdUntil ? `${booking.CELL_STATE_LABELS.held} 至 ${cell.holdUntil}` : booking.CELL_STATE_LABELS[cell.state];

/** Whether the grid still shows cells held by `orderId` (the auto-close job has not closed it yet). */
export const stillHeld = (grid: Grid | undefined, orderId: number) =>
  !!grid?.fields.some((f) => f.cells.some((c) => c.orderId === orderId && c.state === 'held'));
