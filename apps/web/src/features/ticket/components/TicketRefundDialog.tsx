import type { TicketOrder, TicketRow } from '@venue/contract';
import * as ticket from '@venue/contract/ticket';
import { RefundDialog } from '@/components/refund/RefundDialog';
import { formatYuan } from '@/lib/money';

/** Only unused tickets go back (the server checks again: a ticket used meanwhile is refused). */
export const refundableTickets = (order: Pick<TicketOrder, 'details'>) => order.details.filter((d) => d.detailState === 'A');

/** 退款 of a ticket order's unused tickets: which ones (all by default), the route, the reason; a confirmation with the amount first. */
export function TicketRefundDialog({ order, onClose }: { order: TicketOrder; onClose: () => void }) {
  return (
    <RefundDialog<TicketRow>
      title={`退款 - 售票订单 ${order.orderId}`}
      order={order}
      linesTotal={order.details.reduce((sum, d) => sum + d.pricePay, 0)}
      othersKept={order.details.some((d) => d.detailState !== 'A' && d.detailState !== 'C')}
      rows={refundableTickets(order)}
      lineId={(r) => r.detailId}
      linePrice={(r) => r.pricePay}
      lineLabel={(r) => `退款 ${r.typeName} ${r.qrCode.slice(-4)}`}
      columns={[
        { title: '票据码', dataIndex: 'qrCode' },
        { title: '票种', dataIndex: 'typeName' },
        { title: '实收（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
      ]}
      unit="张票"
      chooseMessage="请选择要退款的票"
      call={ticket.refundOrder}
      invalidates={[ticket.orderQuery, ticket.queryPeopleCount]}
      onClose={onClose}
    />
  );
}
