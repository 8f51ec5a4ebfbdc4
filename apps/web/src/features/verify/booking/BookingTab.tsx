import { BookingLinesTable, openable, useBookingCheck } from '@/features/booking';
import type { VerifyTabProps } from '../tab-props';
import { OrderCheckLayout } from '../components/OrderCheckLayout';

/**
 * 场馆业务 (timeTablePre, spec 2.8): a booking slip's QR code or order number (typed, scanned or from the
 * camera) lists the order's cells; those to be used are ticked; 确认 opens them (A → U) and closes the dialog.
 */
export default function BookingTab({ active }: VerifyTabProps) {
  const check = useBookingCheck();
  const order = check.order;
  return (
    <OrderCheckLayout
      active={active}
      check={check}
      memberFacts={
        order && [
          { label: '会员', children: order.memberName ?? '散客' },
          { label: '联系人', children: order.contactName || '—' },
          { label: '联系电话', children: order.phone || '—' },
        ]
      }
      heading={order && `订单号：${order.orderId}，${order.venueName} ${order.itemName}`}
    >
      <BookingLinesTable rows={order?.details ?? []} selected={check.selected} onSelect={check.setSelected} selectable={openable} loading={check.busy} />
    </OrderCheckLayout>
  );
}
