import type { TimeoutOrder } from '@venue/contract';
import * as ticket from '@venue/contract/ticket';
import { RefundDialog } from '@/components/refund/RefundDialog';
import { formatYuan } from '@/lib/money';

/** 退款 of an overstay (超时) order: its one line, the fee; the exit stands. */
export function TimeoutRefundDialog({ order, onClose }: { order: TimeoutOrder; onClose: () => void }) {
  return (
    <RefundDialog<TimeoutOrder>
      title={`退款 - 超时订单 ${order.orderId}`}
      order={order}
      linesTotal={order.pricePay}
      othersKept={false}
      rows={[order]}
      lineId={(o) => o.orderId}
      linePrice={(o) => o.pricePay}
      lineLabel={(o) => `退款 超时订单 ${o.orderId}`}
      columns={[
        { title: '票据码', dataIndex: 'qrCode' },
        { title: '票种', dataIndex: 'typeName' },
        { title: '超时（分钟）', dataIndex: 'minutes' },
        { title: '超时费（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
      ]}
      unit="笔超时费"
      chooseMessage="请选择要退款的超时费"
      call={ticket.timeoutRefund}
      invalidates={[ticket.timeoutQuery]}
      onClose={onClose}
    />
  );
}
