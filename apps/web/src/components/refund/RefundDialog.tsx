import { useState } from 'react';
import { Modal, Table, Typography, type TableColumnsType } from 'antd';
import type { Call } from '@venue/contract';
import * as refund from '@venue/contract/order-refund';
import { fenToYuan, yuanToFen } from '@venue/contract/common/money';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { RefundRouteFields, useRefundRequest } from './useRefundRequest';

/** Any order kind's 退款 call: the shared refund request, the shared refund answer. */
export type RefundCall = Call<undefined, typeof refund.refundRequest, undefined, typeof refund.orderRefund>;

/**
 * What the server gives back for the chosen lines (its refund plan): each line's share of what the order
 * was paid, price × paid / every line's total, floored per line (a card discount is on the order, not its
 * lines); a refund taking all that is left takes exactly the rest.
 */
export function refundAmountFen(chosenFen: number[], o: { paidFen: number; refundedFen: number; linesFen: number; takesAll: boolean }): number {
  const rest = o.paidFen - o.refundedFen;
  const share = chosenFen.reduce((sum, fen) => sum + (o.linesFen === 0 ? 0 : Number((BigInt(fen) * BigInt(o.paidFen)) / BigInt(o.linesFen))), 0);
  return o.takesAll || share > rest ? rest : share;
}

export interface RefundDialogProps<T> {
  /** The dialog's title, e.g. 退款 - 售票订单 12. */
  title: string;
  order: { orderId: number; venueId: number; pricePay: number; refundedAmount: number };
  /** The price of every line of the order, refunded, used or not (what its paid amount is shared over). */
  linesTotal: number;
  /** Some line of the order stays paid (a used ticket, a verified participant): no refund takes all that is left. */
  othersKept: boolean;
  /** The lines that can still go back (one unit each); all chosen at first. */
  rows: T[];
  lineId: (row: T) => number;
  linePrice: (row: T) => number;
  /** The checkbox's accessible name of a line. */
  lineLabel: (row: T) => string;
  columns: TableColumnsType<T>;
  /** What the lines are counted in: 张票, 位参会人, 笔超时费. */
  unit: string;
  /** The warning when nothing is chosen. */
  chooseMessage: string;
  call: RefundCall;
  invalidates: readonly Call[];
  onClose: () => void;
}

/**
 * 退款 of a paid order's lines of any kind, one unit each: which ones (all by default), then the shared
 * route, reason and confirmation (useRefundRequest).
 */
export function RefundDialog<T extends object>(p: RefundDialogProps<T>) {
  const [chosen, setChosen] = useState<number[]>(() => p.rows.map(p.lineId));
  const { form, request, pending } = useRefundRequest(p.call, p.invalidates);
  const amount = fenToYuan(
    refundAmountFen(
      p.rows.filter((r) => chosen.includes(p.lineId(r))).map((r) => yuanToFen(p.linePrice(r))),
      {
        paidFen: yuanToFen(p.order.pricePay),
        refundedFen: yuanToFen(p.order.refundedAmount),
        linesFen: yuanToFen(p.linesTotal),
        takesAll: !p.othersKept && chosen.length === p.rows.length,
      },
    ),
  );

  async function submit() {
    if (!chosen.length) return toast.warning(p.chooseMessage);
    const lines = chosen.map((detailId) => ({ detailId, quantity: 1 }));
    const answer = await request({ orderId: p.order.orderId, lines }, amount, `${chosen.length} ${p.unit} `);
    if (!answer) return;
    if (answer.state === 'U') notify.warning(refund.refundMsg.unknown);
    else toast.success(`退款成功 ¥${formatYuan(answer.amount)}`);
    p.onClose();
  }

  return (
    <Modal open title={p.title} width={700} okText="退款" cancelText="取消" confirmLoading={pending} onOk={() => void submit()} onCancel={p.onClose}>
      <Table<T>
        rowKey={(r) => p.lineId(r)}
        size="small"
        pagination={false}
        dataSource={p.rows}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys.map(Number)),
          getCheckboxProps: (r) => ({ 'aria-label': p.lineLabel(r) }),
        }}
        columns={p.columns}
      />
      <Typography.Paragraph strong style={{ margin: '12px 0' }} data-testid="refund-amount">
        退款金额：¥{formatYuan(amount)}（已退 ¥{formatYuan(p.order.refundedAmount)}，实收 ¥{formatYuan(p.order.pricePay)}）
      </Typography.Paragraph>
      <RefundRouteFields form={form} venueId={p.order.venueId} />
    </Modal>
  );
}
