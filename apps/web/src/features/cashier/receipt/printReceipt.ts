import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import type { SaleOrder } from '@venue/contract';
import { Receipt, RECEIPT_CSS, type PaperWidth } from './Receipt';

/** Prints a receipt through a hidden frame, so the back office page itself is not printed. */
export function printReceipt(order: SaleOrder, seller: string, width: PaperWidth, copy: number): void {
  const html = renderToStaticMarkup(createElement(Receipt, { order, seller, width, copy }));
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.receipt = String(order.orderId);
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>小票 ${order.orderId}</title><style>${RECEIPT_CSS}</style></head><body>${html}</body></html>`,
  );
  doc.close();
  frame.contentWindow!.focus();
  frame.contentWindow!.print();
  // Keep the frame a while: some browsers print asynchronously; tests read it too.
  window.setTimeout(() => frame.remove(), 60_000);
}
