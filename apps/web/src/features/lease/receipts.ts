import { createElement } from 'react';
import type { LeaseOrder } from '@venue/contract';
import * as lease from '@venue/contract/lease';
import { printInFrame, type ReceiptKind } from '@/features/checkout';
import { callApi } from '@/lib/http';
import { LeaseReceipt } from './components/LeaseReceipt';

/** Rental receipts for the cashier's printer: the venue's GOODS_LEASE print config, the 押金退还单 after a return. */
export const LEASE_RECEIPTS: ReceiptKind<LeaseOrder> = {
  typeId: lease.LEASE_ORDER_TYPE,
  load: (orderIds) => callApi(lease.getPrint, { query: { orderIds: orderIds.join(',') } }),
  print: (order, realName, width, copy) =>
    printInFrame(createElement(LeaseReceipt, { order, seller: realName, width, copy }), `租赁小票 ${order.orderId}`, { receipt: String(order.orderId) }),
  slip: { title: '押金退还单', orderLabel: '租赁单号' },
};
