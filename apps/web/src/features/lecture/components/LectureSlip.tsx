import type { LectureOrder, LectureUser } from '@venue/contract';
import { lectureDatesText, lectureTimesText } from '../lecture-view';

/** One participant's ticket of a paid sign-up, with what the slip shows of its order. */
export type LectureSlipRow = LectureUser & Pick<LectureOrder, 'orderId' | 'lectureName' | 'ticketName'>;

/** A printed lecture ticket: its QR code (the participant's ticket code), the lecture, who, when. */
export function LectureSlip({ row, qr, copy }: { row: LectureSlipRow; qr: string; copy: number }) {
  return (
    <div className="ticket" data-qr-code={row.ticketCode}>
      <h1>{row.lectureName} 入场券</h1>
      <img src={qr} alt={row.ticketCode} />
      <p className="code">{row.ticketCode}</p>
      <p>参会人：{row.userName}</p>
      <p>票种：{row.ticketName}</p>
      <p>使用日期：{lectureDatesText(row)}</p>
      <p>使用时间：{lectureTimesText(row)}</p>
      <p>订单号：{row.orderId}</p>
      {copy > 1 && <p>第 {copy} 份（重打）</p>}
    </div>
  );
}
