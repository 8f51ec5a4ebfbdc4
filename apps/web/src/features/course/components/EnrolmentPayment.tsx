import type { Enrolment } from '@venue/contract';
import * as course from '@venue/contract/course';
import { PaymentDialog, payThenPrint } from '@/features/checkout';
import { useApiMutation } from '@/lib/query';
import { ENROLMENT_CHANGES } from '../enrolment-changes';
import { useEnrolmentPrinter } from '../useEnrolmentPrinter';

/**
 * 收款 of an unpaid enrolment's course order: every method of the venue, member cards of a type covering
 * the course's item (the server refuses others). A payment makes the enrolment active (its lessons
 * bought, valid from today) and prints its slip with the QR code.
 */
export function EnrolmentPayment({ enrolment, onClose, onPaid }: { enrolment: Enrolment; onClose: () => void; onPaid?: (e: Enrolment) => void }) {
  const pay = useApiMutation(course.payOrder, { quiet: true, invalidates: ENROLMENT_CHANGES });
  const printer = useEnrolmentPrinter(enrolment.venueId);
  const onPay = payThenPrint({
    pay: (request) => pay.mutateAsync({ body: request }),
    success: () => `收款成功，${enrolment.studentName} 报名${enrolment.courseName}`,
    paid: () => {
      onClose();
      onPaid?.(enrolment);
    },
    print: (result, request) => printer.afterPayment(enrolment, result, request),
    failed: (outcome) => {
      if (outcome !== 'keep') onClose();
    },
  });
  if (!enrolment.orderId) return null;
  return (
    <PaymentDialog
      forPay={course.queryOrderForPay}
      open
      orderId={enrolment.orderId}
      memberId={enrolment.memberId}
      venueId={enrolment.venueId}
      payTypes="M"
      onPay={onPay}
      onClose={onClose}
    />
  );
}
