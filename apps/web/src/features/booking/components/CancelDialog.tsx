import { useRef, useState } from 'react';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { booking, bookingAdmin, type BookingOrder } from '@venue/contract';
import { RefundRouteFields, type RefundRouteValues } from '@/components/refund/useRefundRequest';
import { validValues } from '@/lib/form';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { cancelFeeOf, cancelRule, cancelRuleText, cellStartMs } from '../booking-view';
import { BookingLinesTable } from './BookingLinesTable';

const refundWay = (v: RefundRouteValues | null | undefined) =>
  v ? { route: v.route, payMode: v.route === 'F' ? v.payMode : undefined, reason: v.reason ?? '' } : {};

/** 退订: the cells still to be used (all ticked), the fee by the tenant's rule shown before confirming, the refund route. */
export function CancelDialog({ order, onClose }: { order: BookingOrder; onClose: () => void }) {
  const { modal } = App.useApp();
  const setting = useApiQuery(bookingAdmin.settingGet).data ?? bookingAdmin.DEFAULT_BOOKING_SETTING;
  const now = Date.now();
  const rules = order.details.map((d) => ({ d, rule: cancelRule(setting, cellStartMs(d.useDate, d.beginTime), now) }));
  const cancellable = rules.filter((r) => r.d.state === 'A' && 'percent' in r.rule);
  const [selected, setSelected] = useState(cancellable.map((r) => r.d.detailId));
  const [form] = Form.useForm<RefundRouteValues>();
  // One id per cancellation meant: a retry after no answer finds it instead of refunding twice.
  const requestId = useRef(crypto.randomUUID());
  const cancel = useApiMutation(booking.cancel, { invalidates: [booking.gridQuery, booking.orderQuery] });
  const paid = order.payState !== 'U' && order.orderType !== 'L';
  const percents = cancellable
    .filter((r) => selected.includes(r.d.detailId))
    .map((r) => ({ detailId: r.d.detailId, percent: 'percent' in r.rule ? r.rule.percent : 0 }));
  const fee = paid ? cancelFeeOf(order, percents) : null;
  const late = rules.find((r) => r.d.state === 'A' && 'refused' in r.rule);

  async function submit() {
    if (!selected.length) return toast.warning('请选择要取消的场地时段');
    const how = paid ? await validValues(form) : null;
    if (paid && !how) return;
    const what = paid ? `，手续费约 ${formatYuan(fee!.toNumber())} 元，其余退回` : '';
    const ok = await modal.confirm({ title: '确认退订', content: `退订 ${selected.length} 个时段${what}？`, okText: '确定', cancelText: '取消' });
    if (!ok) return;
    const done = await cancel
      .mutateAsync({ body: { orderId: order.orderId, detailIds: selected, ...refundWay(how), requestId: requestId.current } })
      .catch(() => null);
    if (!done) return;
    toast.success(done.refund ? `退订成功，手续费 ${formatYuan(done.fee)} 元，退款 ${formatYuan(done.refund.amount)} 元` : `已取消 ${done.cancelled} 个时段`);
    onClose();
  }

  return (
    <Modal
      open
      width={760}
      title={`${order.orderType === 'L' ? '取消占用' : '退订'} - 预订订单 ${order.orderId}`}
      okText="确认退订"
      cancelText="取消"
      confirmLoading={cancel.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>退订规则：{cancelRuleText(setting)}</Typography.Paragraph>
      {late && 'refused' in late.rule && (
        <Alert type="warning" showIcon message={`${late.d.fieldName} ${late.d.beginTime}：${late.rule.refused}`} style={{ marginBottom: 8 }} />
      )}
      <BookingLinesTable
        rows={order.details}
        selected={selected}
        onSelect={setSelected}
        selectable={(d) => cancellable.some((r) => r.d.detailId === d.detailId)}
      />
      {fee && (
        <Typography.Paragraph strong style={{ marginTop: 8 }}>
          预计手续费：{formatYuan(fee.toNumber())} 元（以实际退款为准）
        </Typography.Paragraph>
      )}
      {paid && <RefundRouteFields form={form} venueId={order.venueId} />}
    </Modal>
  );
}
