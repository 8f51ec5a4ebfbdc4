import { useState } from 'react';
import * as member from '@venue/contract/member';
import { payThenPrint } from '@/features/checkout';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { printCardReceipt } from './components/CardReceipt';

/**
 * A card order (办卡, 充值) from creation to receipt: the 收款 dialog pays it through member/cardOrder/payOrder;
 * 200 prints the receipt and calls `onPaid`, a failure does what payFailure says (605 keeps the dialog).
 */
export function useCardOrderPay(onPaid: (order: member.CardOrder) => void) {
  const [order, setOrder] = useState<member.CardOrder | null>(null);
  const [paying, setPaying] = useState(false);
  const seller = useSession((s) => s.user?.realName ?? '');

  function start(created: member.CardOrder) {
    setOrder(created);
    setPaying(true);
  }

  const pay = payThenPrint({
    pay: (request) => callApi(member.payCardOrder, { body: request }, { quiet: true }),
    paid: () => setPaying(false),
    print: async (paid) => {
      const done = await callApi(member.cardOrderById, { params: { id: paid.orderId } });
      printCardReceipt(done, paid, seller);
      return done;
    },
    done: onPaid,
    failed: (outcome) => outcome !== 'keep' && setPaying(false),
  });

  return { order, paying, start, pay, close: () => setPaying(false) };
}
