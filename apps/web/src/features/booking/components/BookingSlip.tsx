import type { BookingOrder } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { formatYuan } from '@/lib/money';

/** A printed booking slip: its QR code (快速核销 › 场馆业务 finds the order by it), the cells, who, the amount. */
export function BookingSlip({ row, qr, copy }: { row: BookingOrder; qr: string; copy: number }) {
  return (
    <div className="ticket" data-qr-code={row.code}>
      <h1>{row.venueName} 场地预订单</h1>
      <img src={qr} alt={row.code} />
      <p className="code">{row.code}</p>
      <p>
        项目：{row.itemName}（{booking.ORDER_TYPE_LABELS[row.orderType]}）
      </p>
      {row.details
        .filter((d) => d.state === 'A' || d.state === 'U')
        .map((d) => (
          <p key={d.detailId}>
            {d.fieldName} {d.useDate} {d.beginTime}-{d.endTime}
            {d.quantity > 1 ? ` ×${d.quantity}人` : ''}
          </p>
        ))}
      <p>预订人：{row.memberName ?? (row.contactName || '散客')}</p>
      <p>实收：{formatYuan(row.pricePay)} 元</p>
      <p>订单号：{row.orderId}</p>
      {copy > 1 && <p>第 {copy} 份（重打）</p>}
    </div>
  );
}
