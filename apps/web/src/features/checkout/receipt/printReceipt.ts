import { createElement, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { SaleOrder, SaleRefund } from '@venue/contract';
import { Receipt, RECEIPT_CSS, type PaperWidth } from './Receipt';
import { RefundSlip } from './RefundSlip';

/**
 * The slip's HTML, rendered with the react-dom the page already has (react-dom/server would add about
 * 200 KB to the till's download for this alone).
 */
function staticMarkup(element: ReactElement): string {
  const holder = document.createElement('div');
  const root = createRoot(holder);
  flushSync(() => root.render(element));
  const html = holder.innerHTML;
  root.unmount();
  return html;
}

/**
 * Prints any slip (receipts, card and fee receipts, tickets, the shift slip) through a hidden frame, so the
 * back office page itself is not printed; `mark` names the frame for tests; RECEIPT_CSS unless `css` says.
 */
export function printInFrame(element: ReactElement, title: string, mark: Record<string, string>, css = RECEIPT_CSS): void {
  const html = staticMarkup(element);
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  Object.assign(frame.dataset, mark);
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>${css}</style></head><body>${html}</body></html>`);
  doc.close();
  // The frame takes focus to print; the page gets it back where it was (not lost in the hidden frame).
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  frame.contentWindow!.focus();
  frame.contentWindow!.print();
  focused?.focus({ preventScroll: true });
  // Keep the frame a while: some browsers print asynchronously; tests read it too.
  window.setTimeout(() => frame.remove(), 60_000);
}

/** Prints a sales receipt. */
export function printReceipt(order: SaleOrder, seller: string, width: PaperWidth, copy: number): void {
  printInFrame(createElement(Receipt, { order, seller, width, copy }), `小票 ${order.orderId}`, { receipt: String(order.orderId) });
}

/** The words of a refund slip: its title and what its order is called. */
export interface SlipLabels {
  title: string;
  orderLabel: string;
}

/** Prints a refund slip (退款单, or the kind's own title). */
export function printRefundSlip(refund: SaleRefund, width: PaperWidth, labels?: SlipLabels): void {
  printInFrame(createElement(RefundSlip, { refund, width, labels }), `${labels?.title ?? '退款单'} ${refund.refundId}`, {
    refundSlip: String(refund.refundId),
  });
}
