import type { payment, SaleOrder } from '@venue/contract';

type PrintConfig = Pick<payment.PrintConfig, 'needPrint' | 'printNum' | 'allowPayTypes'>;
export const DEFAULT_PRINT_CONFIG: PrintConfig = { needPrint: 'T', printNum: 1, allowPayTypes: 'M,T,D' };

/** Spec 4 "Printing": skipped when needPrint is F, or for a card payment whose pay type is not allowed. */
export function shouldPrint(config: PrintConfig, payMode: string, payType?: string | null): boolean {
  if (config.needPrint === 'F') return false;
  if (payMode === 'cardpay' && !config.allowPayTypes.split(',').includes(payType ?? '')) return false;
  return true;
}

export const copyQuestion = (copy: number) => `打印份数已超过一份，确认打印第 ${copy} 份吗？`;

/**
 * The print counter: starts at 1 and rises after each print; from copy 2 the user confirms; a
 * cancel, or passing printNum, starts it again at 1.
 */
export class PrintCounter {
  private copy = 1;
  constructor(private printNum: number) {}

  get next(): number {
    return this.copy;
  }
  get needsConfirm(): boolean {
    return this.copy > 1;
  }
  printed(): void {
    this.copy += 1;
    if (this.copy > this.printNum) this.copy = 1;
  }
  cancel(): void {
    this.copy = 1;
  }
  configure(printNum: number): void {
    this.printNum = Math.max(1, printNum);
  }
}

/**
 * The salesperson printed: a real name, as every other slip prints it. The current user's, unless the
 * order came from the back office (B, spec 4 "Printing"): its creator's, with the order's own username beside it.
 */
export const salesperson = (order: Pick<SaleOrder, 'source' | 'username' | 'createName'>, currentRealName: string) =>
  order.source === 'B' ? `${order.createName || order.username}（${order.username}）` : currentRealName;
