import * as lecture from '@venue/contract/lecture';
import { SLIP_CSS, useQrSlipPrinter, type QrSlipKind } from '@/features/ticket';
import { callApi } from '@/lib/http';
import { LectureSlip, type LectureSlipRow } from './components/LectureSlip';

/** The participants still to be used of the orders: void (C) and unpaid (P) ones print nothing. */
async function slipsOf(orderIds: number[]): Promise<LectureSlipRow[]> {
  const pages = await Promise.all(orderIds.map((orderId) => callApi(lecture.orderQuery, { query: { current: 1, size: 1, orderId } })));
  return pages.flatMap(({ records }) =>
    records.flatMap((o) =>
      o.details
        .filter((u) => u.state === 'A' || u.state === 'U')
        .map((u) => ({ ...u, orderId: o.orderId, lectureName: o.lectureName, ticketName: o.ticketName })),
    ),
  );
}

const LECTURE_TICKETS: QrSlipKind<LectureSlipRow> = {
  typeId: lecture.LECTURE_ORDER_TYPE,
  title: '讲座入场券',
  load: slipsOf,
  code: (row) => row.ticketCode,
  key: (row) => row.userId,
  slip: LectureSlip,
  css: SLIP_CSS,
};

/** Prints a paid sign-up's tickets, one QR code per participant, by the venue's 小票打印设置 for lectures. */
export const useLecturePrinter = (venueId: number | null) => useQrSlipPrinter(venueId, LECTURE_TICKETS);
