import { useState } from 'react';
import { member, type payment } from '@venue/contract';
import { payFailure } from '@/features/cashier';
import { callApi } from '@/lib/http';
import { notify, toast } from '@/lib/notify';
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

  async function pay(request: payment.PayRequest) {
    try {
      const paid = await callApi(member.payCardOrder, { body: request }, { quiet: true });
      setPaying(false);
      toast.success('收款成功');
      const done = await callApi(member.cardOrderById, { params: { id: paid.orderId } });
      printCardReceipt(done, paid, seller);
      onPaid(done);
    } catch (error) {
      const failure = payFailure(error);
      if (failure.outcome !== 'keep') setPaying(false);
      notify.warning(failure.message);
    }
  }

  return { order, paying, start, pay, close: () => setPaying(false) };
}
