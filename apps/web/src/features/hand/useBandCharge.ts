import { useState } from 'react';
import type { Hand } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import { Msg } from '@venue/contract/common/codes';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import type { Call } from '@venue/contract';

/**
 * 记到手牌 in the sale and rental dialogs: a scanned band that is out; the cart becomes an order
 * (`createOrder`) charged to it (member/card/payWithHand), settled when the band comes back.
 */
export function useBandCharge(orderType: (typeof hand.CHARGEABLE_ORDER_TYPES)[number], invalidates: readonly Call[]) {
  const [band, setBand] = useState<Hand | null>(null);
  const payWithHand = useApiMutation(hand.payWithHand, { invalidates: [hand.queryHandInUse, hand.queryHandDepositDetail, ...invalidates] });

  /** A scanned band: kept only when it is out (a free one cannot take charges). */
  function scanned(found: { hand: Hand; order: unknown }) {
    if (!found.order) return toast.warning(`手牌 ${found.hand.handNo} 未租借，不能记账`);
    setBand(found.hand);
    toast.success(`已识别手牌 ${found.hand.handNo}`);
  }

  async function charge(lines: number, createOrder: () => Promise<number | null>): Promise<boolean> {
    if (!band) return false;
    if (!lines) {
      toast.warning(Msg.chooseGoods);
      return false;
    }
    const orderId = await createOrder();
    if (!orderId) return false;
    const done = await payWithHand.mutateAsync({ body: { orderType, orderId, handId: band.handId } }).catch(() => null);
    if (!done) return false;
    toast.success(`已记到手牌 ${band.handNo}，¥${done.pricePay.toFixed(2)}`);
    setBand(null);
    return true;
  }

  return { band, scanned, clear: () => setBand(null), charge, charging: payWithHand.isPending };
}
