import { useState } from 'react';
import * as member from '@venue/contract/member';
import { PaymentDialog, payThenPrint } from '@/features/checkout';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { printFeeReceipt } from './FeeReceipt';

/**
 * A 延期 or 补卡 fee order from creation to receipt: `start` takes the server's outcome; no order (no fee)
 * is done at once, an order opens the 收款 dialog (member/cardOrder/payFeeOrder) and prints its receipt.
 */
export function useFeePayment(onDone: (outcome: { order: member.CardFeeOrder | null; extended: number; newCardNo: string | null }) => void) {
  const [order, setOrder] = useState<member.CardFeeOrder | null>(null);
  const [paying, setPaying] = useState(false);
  const seller = useSession((s) => s.user?.realName ?? '');

  function start(outcome: member.FeeOutcome) {
    if (!outcome.order) {
      onDone(outcome);
      return;
    }
    setOrder(outcome.order);
    setPaying(true);
  }

  const pay = payThenPrint({
    pay: (request) => callApi(member.payFeeOrder, { body: request }, { quiet: true }),
    paid: () => setPaying(false),
    print: async (paid) => {
      const done = await callApi(member.feeOrderById, { params: { id: paid.orderId } });
      printFeeReceipt(done, paid, seller);
      return done;
    },
    done: (done) => onDone({ order: done, extended: done.kind === 'EXTEND' ? done.cardCount : 0, newCardNo: done.newCardNo }),
    failed: (outcome) => outcome !== 'keep' && setPaying(false),
  });

  return { order, paying, start, pay, close: () => setPaying(false) };
}

/** The 收款 dialog of a fee order (nothing while there is none). */
export function FeePaymentDialog({ fee, venueId, onClose }: { fee: ReturnType<typeof useFeePayment>; venueId: number | null; onClose: () => void }) {
  if (!fee.order || !venueId) return null;
  return (
    <PaymentDialog
      forPay={member.queryFeeOrderForPay}
      open={fee.paying}
      orderId={fee.order.orderId}
      memberId={null}
      venueId={venueId}
      payTypes=""
      onPay={fee.pay}
      onClose={() => {
        fee.close();
        onClose();
      }}
    />
  );
}
