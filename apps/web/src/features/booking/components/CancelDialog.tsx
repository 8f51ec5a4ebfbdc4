import { useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Typography } from 'antd';
import type { BookingOrder } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import * as bookingAdmin from '@venue/contract/booking-admin';
import { RefundRouteFields, type RefundRouteValues } from '@/components/refund/useRefundRequest';
import { validValues } from '@/lib/form';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { cancelRuleText } from '../booking-view';
import { BookingLinesTable } from './BookingLinesTable';

/** A cell's fee or refund from the server's preview; a cell it cannot cancel shows a dash. */
const cellMoney = (c: booking.CancelPreviewCell | undefined, key: 'fee' | 'refund') => (c?.cancellable ? formatYuan(c[key]) : '-');
/** The same in times, for an order a times card paid. */
const cellTimes = (c: booking.CancelPreviewCell | undefined, key: 'fee' | 'refund') => (c?.cancellable && c.times ? String(c.times[key]) : '-');

const refundWay = (v: RefundRouteValues | null | undefined) =>
  v ? { route: v.route, payMode: v.route === 'F' ? v.payMode : undefined, reason: v.reason ?? '' } : {};

/**
 * 退订: the cells the server would cancel (ticked), each with its paid share, fee and refund as the server's
 * preview answers them (the same reckoning the cancellation does), the total, and the refund route. An
 * order a times card paid shows times (the fee kept, the times back to the card) and goes back to the
 * card only.
 */
export function CancelDialog({ order, onClose }: { order: BookingOrder; onClose: () => void }) {
  const { modal } = App.useApp();
  const setting = useApiQuery(bookingAdmin.settingGet).data ?? bookingAdmin.DEFAULT_BOOKING_SETTING;
  // Every cell as the server reads it now; until a box is ticked or cleared, those it would take that it can.
  const base = useApiQuery(booking.cancelPreview, { body: { orderId: order.orderId } }, { gcTime: 0 });
  const [picked, setPicked] = useState<number[] | undefined>();
  const cells = base.data?.cells ?? [];
  const selected = picked ?? cells.filter((c) => c.chosen && c.cancellable).map((c) => c.detailId);
  // The total of the ticked cells, from the server too.
  const preview = useApiQuery(
    booking.cancelPreview,
    { body: { orderId: order.orderId, detailIds: selected } },
    { enabled: !!base.data && selected.length > 0, placeholderData: keepPreviousData, gcTime: 0 },
  );
  const [form] = Form.useForm<RefundRouteValues>();
  // One id per cancellation meant: a retry after no answer finds it instead of refunding twice.
  const requestId = useRef(crypto.randomUUID());
  const cancel = useApiMutation(booking.cancel, { invalidates: [booking.gridQuery, booking.orderQuery] });
  const paid = order.payState !== 'U' && order.orderType !== 'L';
  // Paid by a times card: reckoned in times, back to the card only (no route to choose).
  const byTimes = paid && !!base.data?.times;
  const shown = selected.length && preview.data && !preview.isPlaceholderData ? preview.data : null;
  const late = cells.find((c) => !c.cancellable && c.reason && order.details.some((d) => d.detailId === c.detailId && d.state === 'A'));
  const ofCell = new Map(cells.map((c) => [c.detailId, c]));

  async function submit() {
    if (!selected.length) return toast.warning('请选择要取消的场地时段');
    const how = paid && !byTimes ? await validValues(form) : null;
    if (paid && !byTimes && !how) return;
    if (!shown) return toast.warning('正在计算退款，请稍候');
    if (!shown.cancellable) return toast.warning(shown.reason ?? '没有可取消的场地时段');
    const what = !paid
      ? ''
      : shown.times
        ? `，手续费 ${shown.times.fee} 次，退回会员卡 ${shown.times.refund} 次`
        : `，手续费约 ${formatYuan(shown.fee)} 元，退款 ${formatYuan(shown.refund)} 元`;
    const ok = await modal.confirm({ title: '确认退订', content: `退订 ${selected.length} 个时段${what}？`, okText: '确定', cancelText: '取消' });
    if (!ok) return;
    const done = await cancel
      .mutateAsync({ body: { orderId: order.orderId, detailIds: selected, ...refundWay(how), requestId: requestId.current } })
      .catch(() => null);
    if (!done) return;
    toast.success(
      done.times
        ? `退订成功，手续费 ${done.times.fee} 次，退回会员卡 ${done.times.refund} 次`
        : done.refund
          ? `退订成功，手续费 ${formatYuan(done.fee)} 元，退款 ${formatYuan(done.refund.amount)} 元`
          : `已取消 ${done.cancelled} 个时段`,
    );
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
      {late && <Alert type="warning" showIcon message={`${late.fieldName} ${late.beginTime}：${late.reason}`} style={{ marginBottom: 8 }} />}
      <BookingLinesTable
        rows={order.details}
        selected={selected}
        onSelect={setPicked}
        selectable={(d) => !!ofCell.get(d.detailId)?.cancellable}
        loading={base.isLoading}
        extra={
          byTimes
            ? [
                { title: '手续费（次）', key: 'fee', width: 90, render: (_, d) => cellTimes(ofCell.get(d.detailId), 'fee') },
                { title: '退回（次）', key: 'refund', width: 90, render: (_, d) => cellTimes(ofCell.get(d.detailId), 'refund') },
              ]
            : paid
              ? [
                  { title: '手续费（元）', key: 'fee', width: 90, render: (_, d) => cellMoney(ofCell.get(d.detailId), 'fee') },
                  { title: '退款（元）', key: 'refund', width: 90, render: (_, d) => cellMoney(ofCell.get(d.detailId), 'refund') },
                ]
              : undefined
        }
      />
      {paid && shown && (
        <Typography.Paragraph strong style={{ marginTop: 8 }} data-testid="cancel-total">
          {shown.times
            ? `预计手续费：${shown.times.fee} 次，退回会员卡：${shown.times.refund} 次（已付 ${shown.times.paid} 次）`
            : `预计手续费：${formatYuan(shown.fee)} 元，退款：${formatYuan(shown.refund)} 元（已付 ${formatYuan(shown.paid)} 元）`}
        </Typography.Paragraph>
      )}
      {byTimes && <Typography.Paragraph type="secondary">计次卡支付的预订，退订的次数原路退回会员卡。</Typography.Paragraph>}
      {paid && !byTimes && <RefundRouteFields form={form} venueId={order.venueId} />}
    </Modal>
  );
}
