import { createElement, Fragment, useRef } from 'react';
import { App } from 'antd';
import QRCode from 'qrcode';
import { payment, ticket } from '@venue/contract';
import { copyQuestion, DEFAULT_PRINT_CONFIG, printInFrame, PrintCounter, shouldPrint } from '@/features/cashier';
import { callApi } from '@/lib/http';
import { SLIP_CSS, TicketSlip } from './components/TicketSlip';

/** Prints tickets, one QR code each, by the venue's 小票打印设置 for tickets and the copy counter of spec 4 "Printing". */
export function useTicketPrinter(venueId: number | null) {
  const { modal } = App.useApp();
  const counter = useRef(new PrintCounter(1));

  const config = () =>
    venueId
      ? callApi(payment.getPrintConfig, { query: { venueId, typeId: ticket.TICKET_ORDER_TYPE } }, { quiet: true }).catch(() => DEFAULT_PRINT_CONFIG)
      : Promise.resolve(DEFAULT_PRINT_CONFIG);

  async function printCopy(orderIds: number[]) {
    if (counter.current.needsConfirm) {
      const ok = await modal.confirm({ title: '提示', content: copyQuestion(counter.current.next), okText: '确定', cancelText: '取消' });
      if (!ok) {
        counter.current.cancel();
        return false;
      }
    }
    const rows = await callApi(ticket.getPrintDetail, { query: { orderIds: orderIds.join(',') } });
    const qrs = await Promise.all(rows.map((r) => QRCode.toDataURL(r.qrCode, { margin: 1, width: 240 })));
    const copy = counter.current.next;
    const slips = createElement(
      Fragment,
      null,
      rows.map((row, i) => createElement(TicketSlip, { key: row.detailId, row, qr: qrs[i], copy })),
    );
    printInFrame(slips, `门票 ${orderIds.join(',')}`, { tickets: orderIds.join(',') }, SLIP_CSS);
    counter.current.printed();
    return true;
  }

  /** After a payment: printNum copies unless the rules skip printing; answers the orders printed. */
  async function printAfterPayment(orderId: number, payMode: string, payType?: string | null): Promise<number[]> {
    const cfg = await config();
    if (!shouldPrint(cfg, payMode, payType)) return [];
    counter.current = new PrintCounter(cfg.printNum);
    for (let copy = 1; copy <= cfg.printNum; copy += 1) if (!(await printCopy([orderId]))) break;
    return [orderId];
  }

  async function reprint(orderIds: number[]) {
    const cfg = await config();
    counter.current.configure(cfg.printNum);
    await printCopy(orderIds);
  }

  return { printAfterPayment, reprint };
}
