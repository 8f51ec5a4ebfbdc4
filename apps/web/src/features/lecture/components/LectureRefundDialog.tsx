import type { LectureOrder, LectureUser } from '@venue/contract';
import * as lecture from '@venue/contract/lecture';
import { RefundDialog } from '@/components/refund/RefundDialog';
import { formatYuan } from '@/lib/money';

/** Only participants not checked in go back (state A); the server checks again and returns their seats. */
export const refundableUsers = (order: Pick<LectureOrder, 'details'>) => order.details.filter((u) => u.state === 'A');

/** 退款 of a lecture sign-up's participants not yet checked in: which ones (all by default), the route, the reason. */
export function LectureRefundDialog({ order, onClose }: { order: LectureOrder; onClose: () => void }) {
  return (
    <RefundDialog<LectureUser>
      title={`退款 - 讲座订单 ${order.orderId}`}
      order={order}
      linesTotal={order.details.reduce((sum, u) => sum + u.price, 0)}
      othersKept={order.details.some((u) => u.state !== 'A' && u.state !== 'C')}
      rows={refundableUsers(order)}
      lineId={(u) => u.userId}
      linePrice={(u) => u.price}
      lineLabel={(u) => `退款 ${u.userName}`}
      columns={[
        { title: '票号', dataIndex: 'ticketCode' },
        { title: '参会人', dataIndex: 'userName' },
        { title: '联系方式', dataIndex: 'phone' },
        { title: '票价（元）', dataIndex: 'price', render: (p: number) => formatYuan(p) },
      ]}
      unit="位参会人"
      chooseMessage="请选择要退款的参会人"
      call={lecture.refundOrder}
      invalidates={[lecture.orderQuery, lecture.forSale]}
      onClose={onClose}
    />
  );
}
