import type { payment } from '@venue/contract';
import { notify, toast } from '@/lib/notify';
import { payFailure, type PayFailure } from './sale-state';

/** A printer of paid orders (receipts, QR slips): prints by the venue's 小票打印设置, answers the ids printed. */
export interface PaidOrderPrinter {
  printAfterPayment: (orderIds: number[], payMode: string, payType?: string | null) => Promise<number[]>;
}

/**
 * The print step for a printer of paid orders: the answer's order, by the pay type of its card part if a
 * card paid, else the request's (spec 4 "Printing"); answers the ids printed, for 重打.
 */
export const printPaidOrder =
  (printer: PaidOrderPrinter) =>
  (result: Pick<payment.PayResult, 'orderId' | 'payRecords'>, request: payment.PayRequest): Promise<number[]> =>
    printer.printAfterPayment([result.orderId], request.payMode, result.payRecords.find((p) => p.cardId)?.payType ?? request.payType);

/** Said when the payment went through but its receipt or slips could not be printed . */
export const PRINT_FAILED = '收款成功，但小票未能打印';

/** One payable order kind's steps around the 收款 dialog's onPay. */
export interface PayFlow<Result, Printed> {
  /** The kind's payOrder call, quiet: a failure is shown here. */
  pay: (request: payment.PayRequest) => Promise<Result>;
  /** What a 200 says; 收款成功 unless given. */
  success?: (request: payment.PayRequest) => string;
  /** Right after a 200: the dialog closes, the order or cart is cleared. */
  paid: (result: Result) => void;
  /** Prints what was paid (receipt, slips); answers what `done` needs (the ids printed, for 重打). */
  print?: (result: Result, request: payment.PayRequest) => Promise<Printed>;
  /** After printing. */
  done?: (printed: Printed) => unknown;
  /** What a failure does to the dialog and the order (payFailure: keep, close, reorder, clear); its message is shown here. */
  failed: (outcome: PayFailure['outcome']) => void;
}

/**
 * The 收款 dialog's onPay for every payable order kind, spec 4 step 4: pay; on 200 close, say 收款成功,
 * print and finish; on a failure do what payFailure says (605 keeps the dialog) and show its message.
 */
export function payThenPrint<Result, Printed = void>(flow: PayFlow<Result, Printed>): (request: payment.PayRequest) => Promise<void> {
  return async (request) => {
    let result: Result;
    try {
      result = await flow.pay(request);
    } catch (error) {
      const failure = payFailure(error);
      flow.failed(failure.outcome);
      notify.warning(failure.message);
      return;
    }
    flow.paid(result);
    toast.success(flow.success?.(request) ?? '收款成功');
    // The money has moved: a printer or network failure now is said as such, never as a failed payment.
    try {
      const printed = (await flow.print?.(result, request)) as Printed;
      await flow.done?.(printed);
    } catch (error) {
      notify.warning(`${PRINT_FAILED}${error instanceof Error && error.message ? `：${error.message}` : ''}`);
    }
  };
}
