import * as bookingReport from '@venue/contract/booking-report';
import { useBoardData } from '../hooks/useBoard';
import type { BoardAccess } from '../board-client';
import css from './Board.module.css';

/**
 * The fields panel reads again this often besides the board's events (every booking written, paid,
 * opened, cancelled, closed or occupied sends one): for the clock passing into the next slot.
 */
export const FIELDS_REFRESH_MS = 30_000;

type BoardState = bookingReport.BoardState;
type LiveField = bookingReport.LiveField;
/** The state's colour class. */
const TONE: Record<BoardState, string> = { used: css.inUse, booked: css.booked, occupied: css.occupied, free: css.free, closed: css.off };

/** A C field's heads now against its capacity ("12/30人", none booked too); nothing for an F field, nor while it is not open. */
export const headsText = (f: LiveField) => (f.saleMode === 'C' && f.now !== null && f.now !== 'closed' ? `${f.headsNow}/${f.capacity}人` : '');
/** 下一场: its time, an occupancy said so, a C field's heads ("19:00-21:00", "14:00-15:00 占用", "18:00-19:00 12人"); 无 when none today. */
export function nextText(f: LiveField): string {
  if (!f.next) return '无';
  const { beginTime, endTime, state, heads } = f.next;
  return `${beginTime}-${endTime}${state === 'occupied' ? ' 占用' : f.saleMode === 'C' ? ` ${heads}人` : ''}`;
}

/** 下一场 as two lines: its time, then an occupancy or its heads. */
const nextLines = (f: LiveField) => {
  const [time, ...more] = nextText(f).split(' ');
  return [time, more.join(' ')] as const;
};

/**
 * 今日场地: each field of the venue now (使用中 / 已预订 / 已占用 / 空闲 / 关闭, a C field's heads against
 * its capacity), its next booking today, and its slots of the day by item: booked (opened or not),
 * opened, and still free to book.
 */
export function FieldsLive({ access }: { access: BoardAccess }) {
  const { data, error } = useBoardData(bookingReport.liveFields, access, { venueId: access.venueId }, FIELDS_REFRESH_MS);
  if (error && !data) return <p className={css.note}>{error.message}</p>;
  if (!data) return <p className={css.note}>加载中…</p>;
  if (!data.items.length) return <p className={css.note}>本场馆暂无可预订场地</p>;
  const fields = data.items.flatMap((i) => i.fields);
  const count = (state: BoardState) => fields.filter((f) => f.now === state).length;
  return (
    <div className={css.fields} data-time={data.time}>
      <div className={css.fieldTotals}>
        <span className={css.off}>此刻</span>
        <span className={css.inUse}>
          使用中 <b data-figure="fieldsInUse">{count('used')}</b>
        </span>
        <span className={css.booked}>
          已预订 <b data-figure="fieldsBooked">{count('booked')}</b>
        </span>
        <span className={css.occupied}>
          已占用 <b data-figure="fieldsOccupied">{count('occupied')}</b>
        </span>
        <span className={css.free}>
          空闲 <b data-figure="fieldsFree">{count('free')}</b>
        </span>
      </div>
      {data.items.map((item) => (
        <table key={item.itemId} className={`${css.table} ${css.fieldTable}`} aria-label={`${item.itemName}场地`}>
          <caption>{item.itemName}</caption>
          <thead>
            <tr>
              <th scope="col">场地</th>
              <th scope="col">当前</th>
              <th scope="col">下一场</th>
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
                  <span className={`${css.state} ${f.now ? TONE[f.now] : css.off}`}>{f.now ? bookingReport.BOARD_STATE_LABELS[f.now] : '未营业'}</span>
                  {headsText(f) && <span className={css.heads}>{headsText(f)}</span>}
                </td>
                <td className={f.next ? TONE[f.next.state] : css.off} data-next={f.next ? `${f.next.beginTime}-${f.next.endTime}` : ''}>
                  {nextLines(f)[0]}
                  {nextLines(f)[1] && <span className={css.heads}> {nextLines(f)[1]}</span>}
                </td>
                <td>{f.booked + f.used}</td>
                <td>{f.used}</td>
                <td>{f.free}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className={css.note}>下一场：今日此后的下一段预订。预订（含已开场）、开场、空闲：今日时段数；按人数售卖的场地另示此刻人数/容量。更新于 {data.time}</p>
    </div>
  );
}
