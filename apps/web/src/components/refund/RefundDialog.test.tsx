import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as lecture from '@venue/contract/lecture';
import * as payment from '@venue/contract/payment';
import { Code } from '@venue/contract/common/codes';
import { ApiError, callApi } from '@/lib/http';
import { RefundDialog, refundAmountFen } from './RefundDialog';

vi.mock('@/lib/http', async (original) => ({ ...(await original<typeof import('@/lib/http')>()), callApi: vi.fn() }));
const calls = vi.mocked(callApi);
// jsdom has no ResizeObserver; antd's table asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
type Line = { id: number; name: string; price: number };
const LINES: Line[] = [
  { id: 7, name: '甲', price: 10 },
  { id: 8, name: '乙', price: 10.5 },
];

function show(onClose: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>
  );
  render(
    <RefundDialog<Line>
      title="退款 - 讲座订单 3"
      order={{ orderId: 3, venueId: 1, pricePay: 20.5, refundedAmount: 0 }}
      linesTotal={20.5}
      othersKept={false}
      rows={LINES}
      lineId={(l) => l.id}
      linePrice={(l) => l.price}
      lineLabel={(l) => `退款 ${l.name}`}
      columns={[{ title: '参会人', dataIndex: 'name' }]}
      unit="位参会人"
      chooseMessage="请选择要退款的参会人"
      call={lecture.refundOrder}
      invalidates={[]}
      onClose={onClose}
    />,
    { wrapper: wrap },
  );
}

/** Sends the dialog once: 退款, then 确定 in the confirmation naming the amount (a closed one may linger while it fades). */
async function send(confirmText: string, sent: number) {
  const shown = screen.queryAllByText(confirmText).length;
  fireEvent.click(screen.getByRole('button', { name: /退\s*款/ }));
  await waitFor(() => expect(screen.queryAllByText(confirmText).length).toBeGreaterThan(shown));
  fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
  await waitFor(() => expect(refundBodies()).toHaveLength(sent));
}
const refundBodies = () =>
  calls.mock.calls.filter(([call]) => call === lecture.refundOrder).map(([, input]) => (input as { body: { requestId: string; lines: unknown } }).body);

describe('the shared 退款 dialog', () => {
  beforeEach(() => calls.mockReset());

  it('names what the server gives back: each line its share of the paid amount, floored; taking all, exactly the rest', () => {
    // Two 30.00 participants paid 54.00 by a discounted card.
    expect(refundAmountFen([3000], { paidFen: 5400, refundedFen: 0, linesFen: 6000, takesAll: false })).toBe(2700);
    expect(refundAmountFen([3000, 3000], { paidFen: 5400, refundedFen: 0, linesFen: 6000, takesAll: true })).toBe(5400);
    // Three 10.00 tickets paid 20.00: one gives back 6.66, the last two what is left.
    expect(refundAmountFen([1000], { paidFen: 2000, refundedFen: 0, linesFen: 3000, takesAll: false })).toBe(666);
    expect(refundAmountFen([1000, 1000], { paidFen: 2000, refundedFen: 666, linesFen: 3000, takesAll: true })).toBe(1334);
    // A used ticket stays paid: the others give back their shares only.
    expect(refundAmountFen([1000, 1000], { paidFen: 2000, refundedFen: 0, linesFen: 3000, takesAll: false })).toBe(1332);
  });

  it('names the chosen amount, keeps the request id after no answer and starts a new one after any answer', async () => {
    let refundCalls = 0;
    calls.mockImplementation(async (call) => {
      if (call === payment.queryPayType) return [];
      refundCalls += 1;
      if (refundCalls === 1) throw new ApiError(Code.SERVER_ERROR, '网络异常', undefined, true);
      if (refundCalls === 2) throw new ApiError(400, '商品「讲座票 甲」最多可退 0 件', 400);
      return { state: 'R', amount: 10.5 };
    });
    const onClose = vi.fn();
    show(onClose);
    await screen.findByText('退款金额：¥20.50（已退 ¥0.00，实收 ¥20.50）');
    fireEvent.click(screen.getByLabelText('退款 甲'));
    await screen.findByText('退款金额：¥10.50（已退 ¥0.00，实收 ¥20.50）');
    const confirm = '确认退款 1 位参会人 ¥10.50（原路退回）吗？';
    await send(confirm, 1);
    await send(confirm, 2);
    expect(onClose).not.toHaveBeenCalled();
    await send(confirm, 3);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, second, third] = refundBodies();
    expect(first.lines).toEqual([{ detailId: 8, quantity: 1 }]);
    // No answer: the retry is the same refund. An answer (a refusal): the next is a new one.
    expect(second.requestId).toBe(first.requestId);
    expect(third.requestId).not.toBe(second.requestId);
  });
});
