import { createElement, Fragment, useRef, type ReactElement } from 'react';
import { App } from 'antd';
import QRCode from 'qrcode';
import { payment } from '@venue/contract';
import { copyQuestion, DEFAULT_PRINT_CONFIG, printInFrame, PrintCounter, shouldPrint } from '@/features/cashier';
import { callApi } from '@/lib/http';

/** What one kind of QR slip is: how its rows are read for some orders, and how one is drawn. */
export interface QrSlipKind<Row> {
  /** The print config's typeId (小票打印设置) and the frame's title, e.g. 门票. */
  typeId: string;
  title: string;
  load: (orderIds: number[]) => Promise<Row[]>;
  code: (row: Row) => string;
  key: (row: Row) => string | number;
  slip: (props: { row: Row; qr: string; copy: number }) => ReactElement;
  css: string;
}

/**
 * Prints slips with a QR code each (tickets, lecture tickets), by the venue's 小票打印设置 for the kind
 * and the copy counter of spec 4 "Printing": a second copy asks first.
 */
export function useQrSlipPrinter<Row>(venueId: number | null, kind: QrSlipKind<Row>) {
  const { modal } = App.useApp();
  const counter = useRef(new PrintCounter(1));

  const config = () =>
    venueId
      ? callApi(payment.getPrintConfig, { query: { venueId, typeId: kind.typeId } }, { quiet: true }).catch(() => DEFAULT_PRINT_CONFIG)
      : Promise.resolve(DEFAULT_PRINT_CONFIG);

  async function printCopy(orderIds: number[]) {
    if (counter.current.needsConfirm) {
      const ok = await modal.confirm({ title: '提示', content: copyQuestion(counter.current.next), okText: '确定', cancelText: '取消' });
      if (!ok) {
        counter.current.cancel();
        return false;
      }
    }
    const rows = await kind.load(orderIds);
    const qrs = await Promise.all(rows.map((r) => QRCode.toDataURL(kind.code(r), { margin: 1, width: 240 })));
    const copy = counter.current.next;
    const slips = createElement(
      Fragment,
      null,
      rows.map((row, i) => createElement(kind.slip, { key: kind.key(row), row, qr: qrs[i], copy })),
    );
    printInFrame(slips, `${kind.title} ${orderIds.join(',')}`, { tickets: orderIds.join(',') }, kind.css);
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
