import { useRef, useState, type KeyboardEvent } from 'react';
import type { Grid } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { canPick, cellPrice, cellStateText, CELL_COLORS, chosenKey, moveBy, spokenPrice } from '../booking-view';
import styles from './BookingGrid.module.css';

export interface BookingGridProps {
  grid: Grid;
  /** The fields shown (a phone shows one). */
  fieldIds: number[];
  chosen: ReadonlySet<string>;
  onToggle: (fieldId: number, beginTime: string) => void;
  /** Enter: book what is chosen. */
  onSubmit: () => void;
}

/**
 * The booking grid: fields across, slots down, each cell's state in colour and text and its price (its
 * times with a times card attached). One tab
 * stop (a roving tabindex): arrows move, Space (or a click) chooses a free cell, Enter books.
 */
export function BookingGrid({ grid, fieldIds, chosen, onToggle, onSubmit }: BookingGridProps) {
  const fields = grid.fields.filter((f) => fieldIds.includes(f.fieldId));
  const times = [...new Set(fields.flatMap((f) => f.cells.map((c) => c.beginTime)))].sort();
  const [at, setAt] = useState<[number, number]>([0, 0]);
  const cells = useRef(new Map<string, HTMLTableCellElement | null>());
  const row = Math.min(at[0], Math.max(0, times.length - 1));
  const col = Math.min(at[1], Math.max(0, fields.length - 1));

  function onKeyDown(event: KeyboardEvent, r: number, c: number) {
    const next = moveBy(event.key, r, c, times.length, fields.length);
    if (next) {
      event.preventDefault();
      setAt(next);
      cells.current.get(`${next[0]}:${next[1]}`)?.focus();
    } else if (event.key === ' ') {
      event.preventDefault();
      onToggle(fields[c].fieldId, times[r]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    }
  }

  if (!fields.length) return null;
  return (
    <div className={styles.scroll}>
      <table role="grid" aria-label={`场地预订表 ${grid.date}`} className={styles.grid}>
        <thead>
          <tr>
            <th scope="col">时段</th>
            {fields.map((f) => (
              <th scope="col" key={f.fieldId}>
                {f.fieldName}
                {f.saleMode === 'C' && <span className={styles.sub}>限{f.capacity}人</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((time, r) => (
            <tr key={time}>
              <th scope="row">{time}</th>
              {fields.map((f, c) => {
                const cell = f.cells.find((x) => x.beginTime === time);
                const picked = chosen.has(chosenKey(f.fieldId, time));
                const state = cell?.state ?? 'closed';
                const label = cell ? cellStateText(cell) : booking.CELL_STATE_LABELS[state];
                const heads = f.saleMode === 'C' && cell && state !== 'closed' && state !== 'past' ? `余${cell.left}` : '';
                const name = `${f.fieldName} ${time}${cell ? `-${cell.endTime}` : ''} ${picked ? '已选' : label}${heads ? ` ${heads}人` : ''}${cell ? spokenPrice(cell) : ''}`;
                return (
                  <td
                    key={f.fieldId}
                    role="gridcell"
                    ref={(el) => {
                      cells.current.set(`${r}:${c}`, el);
                    }}
                    tabIndex={r === row && c === col ? 0 : -1}
                    aria-selected={picked}
                    aria-label={name}
                    title={cell?.holdUntil ? `${cell.note ? `${cell.note}：` : ''}未支付，${cell.holdUntil} 后自动取消` : cell?.note || undefined}
                    data-state={state}
                    className={picked ? styles.picked : cell && canPick(cell.state, cell.left) ? styles.free : styles.cell}
                    style={picked ? undefined : { background: CELL_COLORS[state].bg, color: CELL_COLORS[state].fg }}
                    onFocus={() => setAt([r, c])}
                    onClick={() => onToggle(f.fieldId, time)}
                    onKeyDown={(e) => onKeyDown(e, r, c)}
                  >
                    <span className={styles.state}>{picked ? '已选' : booking.CELL_STATE_LABELS[state]}</span>
                    {/* 待支付 至 10:10: until when it waits, on a line of its own (the text reads on as one). */}
                    {!picked && state === 'held' && cell?.holdUntil && <span className={styles.sub}> 至 {cell.holdUntil}</span>}
                    {cell && cellPrice(cell) && state !== 'occupied' && <span className={styles.price}>{cellPrice(cell)}</span>}
                    {heads && <span className={styles.sub}>{heads}</span>}
                    {cell?.note && state !== 'free' && <span className={styles.note}>{cell.note}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
