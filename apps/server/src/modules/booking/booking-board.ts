import type { bookingReport, Cell } from '@venue/contract';
import type { GridFieldRow, LiveLine } from './booking-grid.ts';

type BoardState = bookingReport.BoardState;
type Booked = bookingReport.NextBooking['state'];

const isBooked = (s: BoardState): s is Booked => s === 'used' || s === 'booked' || s === 'occupied';

/**
 * What a cell of the day is on the /fieldTX board. A C field's cell stays free on the grid until its
 * heads run out; on the board it is in use (some heads opened) or booked as soon as it has heads.
 */
export function boardState(field: Pick<GridFieldRow, 'sale_mode' | 'capacity'>, cell: Cell, here: Pick<LiveLine, 'state'>[]): BoardState {
  if (cell.state === 'used') return 'used';
  if (cell.state === 'held' || cell.state === 'paid') return 'booked';
  if (cell.state === 'occupied') return 'occupied';
  if (cell.state === 'closed') return 'closed';
  if (field.sale_mode === 'C' && field.capacity - cell.left > 0) return here.some((l) => l.state === 'U') ? 'used' : 'booked';
  return 'free';
}

/**
 * A field on the board at `time` (HH:mm, China) from its cells of today and their live lines: the state
 * of this moment's slot (null outside the opening hours), its heads (C), and the next booking after it.
 * On an F field the booking under way is one run of cells of one order: its later cells are not the
 * next one, and the next is the whole run of its order ("19:00-21:00"); on a C field each slot counts.
 */
export function boardField(
  field: Pick<GridFieldRow, 'sale_mode' | 'capacity'>,
  cells: Cell[],
  lines: Pick<LiveLine, 'begin_time' | 'state'>[],
  time: string,
): Pick<bookingReport.LiveField, 'now' | 'headsNow' | 'next'> {
  const states = cells.map((c) =>
    boardState(
      field,
      c,
      lines.filter((l) => l.begin_time === c.beginTime),
    ),
  );
  const heads = (c: Cell) => (field.sale_mode === 'C' ? field.capacity - c.left : 0);
  const byOrder = field.sale_mode === 'F';
  const joins = (a: number, b: number) => cells[b].orderId === cells[a].orderId && cells[b].beginTime === cells[a].endTime;
  const at = cells.findIndex((c) => c.beginTime <= time && time < c.endTime);
  let j = at >= 0 ? at + 1 : cells.findIndex((c) => c.beginTime > time);
  if (j < 0) j = cells.length;
  if (at >= 0 && byOrder && isBooked(states[at])) while (j < cells.length && joins(j - 1, j)) j++;
  while (j < cells.length && !isBooked(states[j])) j++;
  let next: bookingReport.NextBooking | null = null;
  const first = states[j];
  if (j < cells.length && isBooked(first)) {
    let k = j;
    if (byOrder) while (k + 1 < cells.length && isBooked(states[k + 1]) && joins(k, k + 1)) k++;
    next = { beginTime: cells[j].beginTime, endTime: cells[k].endTime, state: first, heads: heads(cells[j]) };
  }
  return { now: at >= 0 ? states[at] : null, headsNow: at >= 0 ? heads(cells[at]) : 0, next };
}
