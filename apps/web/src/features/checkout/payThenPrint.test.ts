import { afterEach, describe, expect, it, vi } from 'vitest';
import type { payment } from '@venue/contract';
import { Code } from '@venue/contract/common/codes';
import { ApiError } from '@/lib/api-fetch';
import { notify, toast } from '@/lib/notify';
import { payThenPrint, PRINT_FAILED } from './payThenPrint';

const request = { orderId: 7, payMode: 'CASH' } as unknown as payment.PayRequest;

describe('payThenPrint: pay, then print, a failure of each said as what it is', () => {
  afterEach(() => vi.restoreAllMocks());
  const said = () => ({
    warning: vi.spyOn(notify, 'warning').mockImplementation(() => undefined),
    success: vi.spyOn(toast, 'success').mockImplementation(() => (() => undefined) as never),
  });

  it('closes, says 收款成功, prints and finishes', async () => {
    const { success } = said();
    const steps: string[] = [];
    await payThenPrint({
      pay: async () => ({ orderId: 7 }),
      paid: () => steps.push('paid'),
      print: async () => (steps.push('print'), [7]),
      done: (printed) => steps.push(`done ${printed.join()}`),
      failed: (outcome) => steps.push(`failed ${outcome}`),
    })(request);
    expect(steps).toEqual(['paid', 'print', 'done 7']);
    expect(success).toHaveBeenCalledWith('收款成功');
  });

  it('keeps the dialog on 605 and says the channel answer', async () => {
    const { warning } = said();
    const failed = vi.fn();
    const paid = vi.fn();
    await payThenPrint({ pay: () => Promise.reject(new ApiError(Code.PAY_UNKNOWN, '支付结果未知')), paid, failed })(request);
    expect(failed).toHaveBeenCalledWith('keep');
    expect(paid).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith('支付结果未知');
  });

  it('a printer failure after the money moved is not a failed payment', async () => {
    const { warning, success } = said();
    const failed = vi.fn();
    const paid = vi.fn();
    await payThenPrint({ pay: async () => ({ orderId: 7 }), paid, print: () => Promise.reject(new Error('打印配置读取失败')), failed })(request);
    expect(paid).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('收款成功');
    expect(failed).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith(`${PRINT_FAILED}：打印配置读取失败`);
  });
});
