import { useRef, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Radio, Select, Table, Typography } from 'antd';
import { Code, payment, sale, type SaleOrder, type SaleRefund } from '@venue/contract';
import { validValues } from '@/lib/form';
import { ApiError } from '@/lib/http';
import { formatYuan, lineAmount } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { allLeft, refundAmount, refundLines, unitsLeft, type RefundQuantities } from '../refund';

type Values = { route: 'T' | 'F'; payMode: (typeof sale.REFUND_OTHER_MODES)[number]; reason: string };

/** One id per refund the user means: a retried request (a lost answer) finds its refund instead of refunding twice. */
const newRequestId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export interface RefundDialogProps {
  order: SaleOrder;
  onClose: () => void;
  /** After the server answered: the refund (R done, U waiting for the channel). */
  onDone: (refund: SaleRefund) => void;
}

/**
 * 退款 of a paid order: units per line (all that is left by default), the route (原路退回 or 其他方式 by
 * a hand-settled method of the venue), the reason; a confirmation with the amount before anything moves.
 */
export function RefundDialog({ order, onClose, onDone }: RefundDialogProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [quantities, setQuantities] = useState<RefundQuantities>(() => allLeft(order));
  const requestId = useRef(newRequestId());
  const route = Form.useWatch('route', form) ?? 'T';
  const methods = useApiQuery(payment.queryPayType, { query: { venueId: order.venueId } }).data ?? [];
  const otherModes = methods.filter((m) => (sale.REFUND_OTHER_MODES as readonly string[]).includes(m.payMode));
  const mutation = useApiMutation(sale.refundOrder, { invalidates: [sale.query, sale.orderRefunds, sale.orderById] });
  const amount = refundAmount(order, quantities);

  async function submit() {
    const values = await validValues(form);
    if (!values) return;
    if (!Object.values(quantities).some((q) => q > 0)) {
      toast.warning(sale.refundMsg.nothingChosen);
      return;
    }
    const how = values.route === 'T' ? sale.REFUND_ROUTE_LABELS.T : payment.payModeName(values.payMode);
    const ok = await modal.confirm({ title: '确认退款', content: `确认退款 ¥${amount}（${how}）吗？`, okText: '确定', cancelText: '取消' });
    if (!ok) return;
    const refund = await mutation
      .mutateAsync({
        body: {
          orderId: order.orderId,
          lines: refundLines(order, quantities),
          route: values.route,
          payMode: values.route === 'F' ? values.payMode : undefined,
          reason: values.reason ?? '',
          requestId: requestId.current,
        },
      })
      .catch((error: unknown) => {
        // The server answered (a refusal, a failed channel): the next try is a new refund. No answer: the same one.
        const unanswered = error instanceof ApiError && error.status === undefined && error.code === Code.SERVER_ERROR;
        if (!unanswered) requestId.current = newRequestId();
        throw error;
      });
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
      confirmLoading={mutation.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Table
        rowKey="detailId"
        size="small"
        pagination={false}
        dataSource={order.details.filter((l) => unitsLeft(l) > 0)}
        columns={[
          { title: '商品', dataIndex: 'goodsName' },
          { title: '实收单价', dataIndex: 'pricePay', width: 90, render: (p: number) => formatYuan(p) },
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
          { title: '退款金额', key: 'amount', width: 100, render: (_, l) => lineAmount(l.pricePay, quantities[l.detailId] ?? 0) },
        ]}
      />
      <Typography.Paragraph strong style={{ margin: '12px 0' }} data-testid="refund-amount">
        退款金额：¥{amount}（已退 ¥{formatYuan(order.refundedAmount)}，实收 ¥{formatYuan(order.pricePay)}）
      </Typography.Paragraph>
      <Form form={form} layout="horizontal" labelCol={{ span: 4 }} initialValues={{ route: 'T', payMode: payment.DEFAULT_PAY_MODE, reason: '' }}>
        <Form.Item name="route" label="退款方式">
          <Radio.Group
            options={sale.REFUND_ROUTES.map((value) => ({ value, label: sale.REFUND_ROUTE_LABELS[value] }))}
            optionType="button"
            buttonStyle="solid"
          />
        </Form.Item>
        {route === 'F' && (
          <Form.Item name="payMode" label="退款渠道" rules={[{ required: true, message: '请选择退款方式' }]}>
            <Select options={otherModes.map((m) => ({ value: m.payMode, label: m.payName }))} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="reason" label="退款原因" rules={[{ max: 100, message: '退款原因不能超过100个字符' }]}>
          <Input.TextArea rows={2} maxLength={100} placeholder="如：顾客退货" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
