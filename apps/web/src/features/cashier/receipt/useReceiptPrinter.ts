import { useRef, useState } from 'react';
import { App } from 'antd';
import { payment, sale, type SaleOrder, type SaleRefund } from '@venue/contract';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';
import { copyQuestion, DEFAULT_PRINT_CONFIG, PrintCounter, salesperson, shouldPrint } from './print-rules';
import { printReceipt, printRefundSlip, type SlipLabels } from './printReceipt';
import type { PaperWidth } from './Receipt';

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
  const { modal } = App.useApp();
  const realName = useSession((s) => s.user?.realName ?? '');
  const counter = useRef(new PrintCounter(1));
  const [width, setWidthState] = useState<PaperWidth>(() => readLocal<PaperWidth>(WIDTH_KEY, 80));
  const setWidth = (w: PaperWidth) => {
    writeLocal(WIDTH_KEY, w);
    setWidthState(w);
  };

  async function config() {
    if (!venueId) return DEFAULT_PRINT_CONFIG;
    return callApi(payment.getPrintConfig, { query: { venueId, typeId: kind.typeId } }, { quiet: true }).catch(() => DEFAULT_PRINT_CONFIG);
  }

  /** One copy of each order; from the second copy the user confirms. Answers whether it printed. */
  async function printCopy(orders: Order[]): Promise<boolean> {
    if (counter.current.needsConfirm) {
      const ok = await modal.confirm({ title: '提示', content: copyQuestion(counter.current.next), okText: '确定', cancelText: '取消' });
      if (!ok) {
        counter.current.cancel();
        return false;
      }
    }
    for (const order of orders) kind.print(order, realName, width, counter.current.next);
    counter.current.printed();
    return true;
  }

  /** Prints after a payment when the venue's 小票打印设置 says so; answers the ids of the orders printed (none when it did not print). */
  async function printAfterPayment(orderIds: number[], payMode: string, payType?: string | null): Promise<number[]> {
    const cfg = await config();
    if (!shouldPrint(cfg, payMode, payType)) return [];
    const orders = await kind.load(orderIds);
    counter.current = new PrintCounter(cfg.printNum);
    for (let copy = 1; copy <= cfg.printNum; copy += 1) {
      if (!(await printCopy(orders))) break;
    }
    return orders.map((o) => o.orderId);
  }

  /** 重打: one more copy of orders already printed. */
  async function reprint(orderIds: number[]): Promise<void> {
    const [orders, cfg] = await Promise.all([kind.load(orderIds), config()]);
    counter.current.configure(cfg.printNum);
    await printCopy(orders);
  }

  /** A refund slip (退款单), one copy on the till's paper after each refund, and again on demand. */
  const printRefund = (refund: SaleRefund) => printRefundSlip(refund, width, kind.slip);

  return { printAfterPayment, reprint, printRefund, width, setWidth };
}
