import { createElement } from 'react';
import type { HandOrder } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import { printInFrame, type ReceiptKind } from '@/features/checkout';
import { callApi } from '@/lib/http';
import { HandReceipt } from './components/HandReceipt';

/** Wristband receipts: the venue's HAND_DEPOSIT print config; the 押金退还单 after a return. */
export const HAND_RECEIPTS: ReceiptKind<HandOrder> = {
  typeId: hand.HAND_DEPOSIT_ORDER_TYPE,
  load: (orderIds) => callApi(hand.getPrintHandDepositOrder, { query: { orderIds: orderIds.join(',') } }),
  print: (order, realName, width, copy) =>
    printInFrame(createElement(HandReceipt, { order, seller: realName, width, copy }), `${order.kind === 'D' ? '手牌押金单' : '手牌结算单'} ${order.orderId}`, {
      receipt: String(order.orderId),
    }),
  slip: { title: '押金退还单', orderLabel: '押金单号' },
};
