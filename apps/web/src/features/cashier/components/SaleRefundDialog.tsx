import { useState } from 'react';
import { InputNumber, Modal, Table, Typography } from 'antd';
import type { SaleOrder, SaleRefund } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { RefundRouteFields, useRefundRequest } from '@/components/refund/useRefundRequest';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { allLeft, lineRefund, refundAmount, refundLines, unitsLeft, type RefundQuantities } from '../refund';

export interface RefundDialogProps {
  order: SaleOrder;
  onClose: () => void;
  /** After the server answered: the refund (R done, U waiting for the channel). */
  onDone: (refund: SaleRefund) => void;
}

/**
 * 退款 of a paid sale: units per goods line (all that is left by default), then the shared route, reason
 * and confirmation (useRefundRequest).
 */
export function SaleRefundDialog({ order, onClose, onDone }: RefundDialogProps) {
  const [quantities, setQuantities] = useState<RefundQuantities>(() => allLeft(order));
  const { form, request, pending } = useRefundRequest(sale.refundOrder, [sale.query, sale.orderRefunds, sale.orderById]);
  const amount = refundAmount(order, quantities);

  async function submit() {
    if (!Object.values(quantities).some((q) => q > 0)) return toast.warning(sale.refundMsg.nothingChosen);
    const refund = await request({ orderId: order.orderId, lines: refundLines(order, quantities) }, amount);
    if (!refund) return;
    if (refund.state === 'U') notify.warning(sale.refundMsg.unknown);
    else toast.success('退款成功');
    onDone(refund);
  }

  return (
    <Modal
      open
      title={`退款 - 销售订单 ${order.orderId}`}
      width={760}
      okText="退款"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Table
        rowKey="detailId"
        size="small"
        pagination={false}
        dataSource={order.details.filter((l) => unitsLeft(l) > 0)}
        columns={[
          { title: '商品', dataIndex: 'goodsName' },
          { title: '实收单价', key: 'pricePay', width: 90, render: (_, l) => lineRefund(order, l, 1) },
          { title: '可退', key: 'left', width: 60, render: (_, l) => unitsLeft(l) },
          {
            title: '退款数量',
            key: 'quantity',
            width: 120,
            render: (_, l) => (
              <InputNumber
                aria-label={`${l.goodsName}退款数量`}
                min={0}
                max={unitsLeft(l)}
                precision={0}
                value={quantities[l.detailId] ?? 0}
                onChange={(q) => setQuantities((now) => ({ ...now, [l.detailId]: Math.min(unitsLeft(l), Math.max(0, q ?? 0)) }))}
              />
            ),
          },
          { title: '退款金额', key: 'amount', width: 100, render: (_, l) => lineRefund(order, l, quantities[l.detailId] ?? 0) },
        ]}
      />
      <Typography.Paragraph strong style={{ margin: '12px 0' }} data-testid="refund-amount">
        退款金额：¥{amount}（已退 ¥{formatYuan(order.refundedAmount)}，实收 ¥{formatYuan(order.pricePay)}）
      </Typography.Paragraph>
      <RefundRouteFields form={form} venueId={order.venueId} />
    </Modal>
  );
}
