import { useRef, useState } from 'react';
import { App } from 'antd';
import { payment, sale, type SaleOrder, type SaleRefund } from '@venue/contract';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';
import { copyQuestion, DEFAULT_PRINT_CONFIG, PrintCounter, salesperson, shouldPrint } from './print-rules';
import { printReceipt, printRefundSlip } from './printReceipt';
import type { PaperWidth } from './Receipt';

const WIDTH_KEY = 'receiptPaperWidth';

/** Prints sales receipts by the venue's print config and the copy counter of spec 4 "Printing". */
export function useReceiptPrinter(venueId: number | null | undefined) {
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
    return callApi(payment.getPrintConfig, { query: { venueId, typeId: sale.SALE_ORDER_TYPE } }, { quiet: true }).catch(() => DEFAULT_PRINT_CONFIG);
  }

  /** One copy of each order; from the second copy the user confirms. Answers whether it printed. */
  async function printCopy(orders: SaleOrder[]): Promise<boolean> {
    if (counter.current.needsConfirm) {
      const ok = await modal.confirm({ title: '提示', content: copyQuestion(counter.current.next), okText: '确定', cancelText: '取消' });
      if (!ok) {
        counter.current.cancel();
        return false;
      }
    }
    for (const order of orders) printReceipt(order, salesperson(order, realName), width, counter.current.next);
    counter.current.printed();
    return true;
  }

  /** After a payment: prints printNum copies unless the skip rules say not to. */
  /** Prints after a payment when the venue's 小票打印设置 says so; answers the ids of the orders printed (none when it did not print). */
  async function printAfterPayment(orderIds: number[], payMode: string, payType?: string | null): Promise<number[]> {
    const cfg = await config();
    if (!shouldPrint(cfg, payMode, payType)) return [];
    const orders = await callApi(sale.getPrint, { query: { orderIds: orderIds.join(',') } });
    counter.current = new PrintCounter(cfg.printNum);
    for (let copy = 1; copy <= cfg.printNum; copy += 1) {
      if (!(await printCopy(orders))) break;
    }
    return orders.map((o) => o.orderId);
  }

  /** 重打: one more copy of orders already printed. */
  async function reprint(orderIds: number[]): Promise<void> {
    const [orders, cfg] = await Promise.all([callApi(sale.getPrint, { query: { orderIds: orderIds.join(',') } }), config()]);
    counter.current.configure(cfg.printNum);
    await printCopy(orders);
  }

  /** A refund slip (退款单), one copy on the till's paper after each refund, and again on demand. */
  const printRefund = (refund: SaleRefund) => printRefundSlip(refund, width);

  return { printAfterPayment, reprint, printRefund, width, setWidth };
}
