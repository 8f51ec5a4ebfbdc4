import { useRef } from 'react';
import type { Enrolment, payment } from '@venue/contract';
import * as course from '@venue/contract/course';
import { SLIP_CSS, useQrSlipPrinter, type QrSlipKind } from '@/features/ticket';
import { callApi } from '@/lib/http';
import { EnrolmentSlip } from './components/EnrolmentSlip';

/**
 * Prints an active enrolment's slip with its QR code, by the venue's 小票打印设置 for course orders: after
 * its payment, and again (重打) from the list. The slip is read fresh (the payment set its validity).
 */
export function useEnrolmentPrinter(venueId: number | null) {
  const codes = useRef(new Map<number, string>());
  const kind: QrSlipKind<Enrolment> = {
    typeId: course.COURSE_ORDER_TYPE,
    title: '课程报名凭证',
    load: async (enrolmentIds) => {
      const rows = await Promise.all(
        enrolmentIds.map((id) => callApi(course.enrolmentGet, { query: { code: codes.current.get(id) ?? String(id) } }, { quiet: true })),
      );
      return rows.filter((e) => e.state === 'A');
    },
    code: (e) => e.code,
    key: (e) => e.enrolmentId,
    slip: EnrolmentSlip,
    css: SLIP_CSS,
  };
  const printer = useQrSlipPrinter(venueId, kind);
  const known = (e: Pick<Enrolment, 'enrolmentId' | 'code'>) => {
    codes.current.set(e.enrolmentId, e.code);
    return [e.enrolmentId];
  };
  return {
    /** After the payment of the enrolment's order: printNum copies unless the rules skip printing. */
    afterPayment: (e: Pick<Enrolment, 'enrolmentId' | 'code'>, result: Pick<payment.PayResult, 'payRecords'>, request: payment.PayRequest) =>
      printer.printAfterPayment(known(e), request.payMode, result.payRecords.find((p) => p.cardId)?.payType ?? request.payType),
    reprint: (e: Pick<Enrolment, 'enrolmentId' | 'code'>) => printer.reprint(known(e)),
  };
}
