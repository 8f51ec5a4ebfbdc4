import { useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { App, Form, Input, Modal, Radio, Select, Table, Typography } from 'antd';
import { Code, payment, sale, ticket, type TicketOrder, type TicketRow } from '@venue/contract';
import { validValues } from '@/lib/form';
import { ApiError } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';

type Values = { route: 'T' | 'F'; payMode: (typeof sale.REFUND_OTHER_MODES)[number]; reason: string };
const newRequestId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
/** Only unused tickets go back (the server checks again: a ticket used meanwhile is refused). */
export const refundableTickets = (order: Pick<TicketOrder, 'details'>) => order.details.filter((d) => d.detailState === 'A');

/** 退款 of a ticket order's unused tickets: which ones (all by default), the route, the reason; a confirmation with the amount first. */
export function TicketRefundDialog({ order, onClose }: { order: TicketOrder; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rows = refundableTickets(order);
  const [chosen, setChosen] = useState<number[]>(() => rows.map((r) => r.detailId));
  const requestId = useRef(newRequestId());
  const route = Form.useWatch('route', form) ?? 'T';
  const methods = useApiQuery(payment.queryPayType, { query: { venueId: order.venueId } }).data ?? [];
  const otherModes = methods.filter((m) => (sale.REFUND_OTHER_MODES as readonly string[]).includes(m.payMode));
  const mutation = useApiMutation(ticket.refundOrder, { invalidates: [ticket.orderQuery, ticket.queryPeopleCount] });
  const amount = rows.filter((r) => chosen.includes(r.detailId)).reduce((sum, r) => sum.plus(r.pricePay), new Decimal(0));

  async function submit() {
    const values = await validValues(form);
    if (!values) return;
    if (!chosen.length) return toast.warning('请选择要退款的票');
    const how = values.route === 'T' ? sale.REFUND_ROUTE_LABELS.T : payment.payModeName(values.payMode);
    const ok = await modal.confirm({
      title: '确认退款',
      content: `确认退款 ${chosen.length} 张票 ¥${formatYuan(amount.toNumber())}（${how}）吗？`,
      okText: '确定',
      cancelText: '取消',
    });
    if (!ok) return;
    const refund = await mutation
      .mutateAsync({
        body: {
          orderId: order.orderId,
          lines: chosen.map((detailId) => ({ detailId, quantity: 1 })),
          route: values.route,
          payMode: values.route === 'F' ? values.payMode : undefined,
          reason: values.reason ?? '',
          requestId: requestId.current,
        },
      })
      .catch((error: unknown) => {
        const unanswered = error instanceof ApiError && error.status === undefined && error.code === Code.SERVER_ERROR;
        if (!unanswered) requestId.current = newRequestId();
        return null;
      });
    if (!refund) return;
    if (refund.state === 'U') notify.warning(sale.refundMsg.unknown);
    else toast.success(`退款成功 ¥${formatYuan(refund.amount)}`);
    onClose();
  }

  return (
    <Modal
      open
      title={`退款 - 售票订单 ${order.orderId}`}
      width={700}
      okText="退款"
      cancelText="取消"
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Table<TicketRow>
        rowKey="detailId"
        size="small"
        pagination={false}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys.map(Number)),
          getCheckboxProps: (r) => ({ 'aria-label': `退款 ${r.typeName} ${r.qrCode.slice(-4)}` }),
        }}
        columns={[
          { title: '票据码', dataIndex: 'qrCode' },
          { title: '票种', dataIndex: 'typeName' },
          { title: '实收（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
        ]}
      />
      <Typography.Paragraph strong style={{ margin: '12px 0' }} data-testid="refund-amount">
        退款金额：¥{formatYuan(amount.toNumber())}（已退 ¥{formatYuan(order.refundedAmount)}，实收 ¥{formatYuan(order.pricePay)}）
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
            <Select options={otherModes.map((m) => ({ value: m.payMode, label: m.payName }))} />
          </Form.Item>
        )}
        <Form.Item name="reason" label="退款原因">
          <Input.TextArea maxLength={100} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
