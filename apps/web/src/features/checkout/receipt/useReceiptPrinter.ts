import { useState } from 'react';
import type { SaleOrder, SaleRefund } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';
import { salesperson } from './print-rules';
import { printReceipt, printRefundSlip, type SlipLabels } from './printReceipt';
import type { PaperWidth } from './Receipt';
import { usePrintCopies } from './usePrintCopies';

/** What the printer prints for one payable order kind: its print config's typeId, its receipts' data and layout. */
export interface ReceiptKind<Order extends { orderId: number }> {
  typeId: string;
  load: (orderIds: number[]) => Promise<Order[]>;
  /** Prints one copy; `realName` is the current user's. */
  print: (order: Order, realName: string, width: PaperWidth, copy: number) => void;
  /** The refund slip's words (a rental's deposit slip), else a sale's. */
  slip?: SlipLabels;
}

/** Sales receipts (销售小票). */
export const SALE_RECEIPTS: ReceiptKind<SaleOrder> = {
  typeId: sale.SALE_ORDER_TYPE,
  load: (orderIds) => callApi(sale.getPrint, { query: { orderIds: orderIds.join(',') } }),
  print: (order, realName, width, copy) => printReceipt(order, salesperson(order, realName), width, copy),
};

const WIDTH_KEY = 'receiptPaperWidth';

/** Prints receipts (sales unless `kind` says) by the venue's print config and the copy counter of spec 4 "Printing". */
export function useReceiptPrinter<Order extends { orderId: number } = SaleOrder>(
  venueId: number | null | undefined,
  kind: ReceiptKind<Order> = SALE_RECEIPTS as unknown as ReceiptKind<Order>,
) {
  const copies = usePrintCopies(venueId, kind.typeId);
  const realName = useSession((s) => s.user?.realName ?? '');
  const [width, setWidthState] = useState<PaperWidth>(() => readLocal<PaperWidth>(WIDTH_KEY, 80));
  const setWidth = (w: PaperWidth) => {
    writeLocal(WIDTH_KEY, w);
    setWidthState(w);
  };
  const printOrders = (orders: Order[], copy: number) => orders.forEach((order) => kind.print(order, realName, width, copy));

  /** Prints after a payment when the venue's 小票打印设置 says so; answers the ids of the orders printed (none when it did not print). */
  async function printAfterPayment(orderIds: number[], payMode: string, payType?: string | null): Promise<number[]> {
    const orders = await copies.afterPayment(payMode, payType, () => kind.load(orderIds), printOrders);
    return orders?.map((o) => o.orderId) ?? [];
  }

  /** 重打: one more copy of orders already printed. */
  const reprint = (orderIds: number[]) => copies.again(() => kind.load(orderIds), printOrders);

  /** A refund slip (退款单), one copy on the till's paper after each refund, and again on demand. */
  const printRefund = (refund: SaleRefund) => printRefundSlip(refund, width, kind.slip);

  return { printAfterPayment, reprint, printRefund, width, setWidth };
}
