import { createElement, Fragment, type ReactElement } from 'react';
import QRCode from 'qrcode';
import { printInFrame, usePrintCopies } from '@/features/checkout';

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
  const copies = usePrintCopies(venueId, kind.typeId);

  /** The orders' rows with their QR codes drawn, and the one print that puts them all in a frame. */
  async function load(orderIds: number[]) {
    const rows = await kind.load(orderIds);
    const qrs = await Promise.all(rows.map((r) => QRCode.toDataURL(kind.code(r), { margin: 1, width: 240 })));
    return { orderIds, rows, qrs };
  }
  function print({ orderIds, rows, qrs }: Awaited<ReturnType<typeof load>>, copy: number) {
    const slips = createElement(
      Fragment,
      null,
      rows.map((row, i) => createElement(kind.slip, { key: kind.key(row), row, qr: qrs[i], copy })),
    );
    printInFrame(slips, `${kind.title} ${orderIds.join(',')}`, { tickets: orderIds.join(',') }, kind.css);
  }

  /** After a payment: printNum copies unless the rules skip printing; answers the orders printed. */
  async function printAfterPayment(orderIds: number[], payMode: string, payType?: string | null): Promise<number[]> {
    return (await copies.afterPayment(payMode, payType, () => load(orderIds), print)) ? orderIds : [];
  }

  const reprint = (orderIds: number[]) => copies.again(() => load(orderIds), print);

  return { printAfterPayment, reprint };
}
