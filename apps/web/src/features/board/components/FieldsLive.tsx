import { bookingReport, type booking } from '@venue/contract';
import { useBoardData } from '../hooks/useBoard';
import type { BoardAccess } from '../board-client';
import css from './Board.module.css';

/**
 * The fields panel reads again this often besides the board's events: opening a court at the desk sends
 * no event, and the slot of this moment changes on the hour (and half hour).
 */
export const FIELDS_REFRESH_MS = 15_000;

type CellState = booking.CellState;
/** What the board says a field is doing now: 使用中, 已预订 (held, paid or occupied), 空闲; else why not. */
export const NOW_TEXT: Record<CellState, string> = {
  used: '使用中',
  held: '已预订',
  paid: '已预订',
  occupied: '已预订',
  free: '空闲',
  closed: '不可预订',
  past: '空闲',
};
/** The state's colour class: in use, booked, free, none. */
const tone = (now: CellState | null) =>
  now === 'used' ? css.inUse : now === 'held' || now === 'paid' || now === 'occupied' ? css.booked : now === 'free' || now === 'past' ? css.free : css.off;

/**
 * 今日场地: each field of the venue now (使用中 / 已预订 / 空闲) and its slots of the day, by item: booked
 * (opened or not), opened, and still free to book.
 */
export function FieldsLive({ access }: { access: BoardAccess }) {
  const { data, error } = useBoardData(bookingReport.liveFields, access, { venueId: access.venueId }, FIELDS_REFRESH_MS);
  if (error && !data) return <p className={css.note}>{error.message}</p>;
  if (!data) return <p className={css.note}>加载中…</p>;
  if (!data.items.length) return <p className={css.note}>本场馆暂无可预订场地</p>;
  const fields = data.items.flatMap((i) => i.fields);
  const count = (pick: (now: CellState | null) => boolean) => fields.filter((f) => pick(f.now)).length;
  return (
    <div className={css.fields} data-time={data.time}>
      <div className={css.fieldTotals}>
        <span className={css.off}>此刻</span>
        <span className={css.inUse}>
          使用中 <b data-figure="fieldsInUse">{count((s) => s === 'used')}</b>
        </span>
        <span className={css.booked}>
          已预订 <b data-figure="fieldsBooked">{count((s) => s === 'held' || s === 'paid' || s === 'occupied')}</b>
        </span>
        <span className={css.free}>
          空闲 <b data-figure="fieldsFree">{count((s) => s === 'free' || s === 'past')}</b>
        </span>
      </div>
      {data.items.map((item) => (
        <table key={item.itemId} className={`${css.table} ${css.fieldTable}`} aria-label={`${item.itemName}场地`}>
          <caption>{item.itemName}</caption>
          <thead>
            <tr>
              <th scope="col">场地</th>
              <th scope="col">当前</th>
              <th scope="col">预订</th>
              <th scope="col">开场</th>
              <th scope="col">空闲</th>
            </tr>
          </thead>
          <tbody>
            {item.fields.map((f) => (
              <tr key={f.fieldId} data-field={f.fieldName} data-now={f.now ?? 'none'}>
                <th scope="row">{f.fieldName}</th>
                <td>
                  <span className={`${css.state} ${tone(f.now)}`}>{f.now ? NOW_TEXT[f.now] : '未营业'}</span>
                  {f.saleMode === 'C' && f.now && <span className={css.heads}>{f.headsNow}人</span>}
                </td>
                <td>{f.booked + f.used}</td>
                <td>{f.used}</td>
                <td>{f.free}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className={css.note}>预订（含已开场）、开场、空闲：今日时段数；按人数售卖的场地另示此刻人数。更新于 {data.time}</p>
    </div>
  );
}
