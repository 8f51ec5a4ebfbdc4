import { LectureUserTable, useLectureCheck } from '@/features/lecture';
import type { VerifyTabProps } from '../tab-props';
import { OrderCheckLayout } from '../components/OrderCheckLayout';

/**
 * 讲座活动 (spec 2.8): a ticket code or order number (typed, scanned or from the camera) lists the
 * order's participants; those to be used are ticked; 确认 verifies them, closes the dialog and clears the tab.
 */
export default function LectureTab({ active }: VerifyTabProps) {
  const check = useLectureCheck();
  const order = check.order;
  return (
    <OrderCheckLayout
      active={active}
      check={check}
      memberFacts={
        order && [
          { label: '会员', children: order.memberName ?? '散客' },
          { label: '联系电话', children: order.phone },
          ...(order.cardId ? [{ label: '会员卡', children: String(order.cardId) }] : []),
        ]
      }
      heading={order && `订单号：${order.orderId}，讲座：${order.lectureName}`}
    >
      <LectureUserTable
        rows={check.rows}
        lectureName={order?.lectureName ?? ''}
        ticketName={order?.ticketName ?? ''}
        selected={check.selected}
        onSelect={check.setSelected}
        loading={check.busy}
      />
    </OrderCheckLayout>
  );
}
