import type { LeaseOrder } from '@venue/contract';
import * as lease from '@venue/contract/lease';
import * as payment from '@venue/contract/payment';
import { ReceiptLines, type PaperWidth } from '@/features/checkout';
import { formatTime } from '@/lib/format';
import { formatYuan, lineAmount } from '@/lib/money';

/** A rental receipt (租赁小票): the goods out with rent and deposit, the payment, what has come back and what the deposit kept. */
export function LeaseReceipt({ order, seller, width, copy }: { order: LeaseOrder; seller: string; width: PaperWidth; copy: number }) {
  const card = order.payRecords.find((p) => p.cardNo);
  const deducted = order.details.reduce((sum, l) => sum + l.deducted, 0);
  return (
    <div className={`receipt receipt-${width}`} data-testid="lease-receipt">
      <h3>{order.venueName}</h3>
      <div className="center">租赁小票{copy > 1 ? `（第${copy}联）` : ''}</div>
      <div>单号：{order.orderId}</div>
      <div>时间：{formatTime(order.payTime ?? order.createTime)}</div>
      <div>收银员：{seller}</div>
      <div>项目：{order.itemName}</div>
      {order.memberName && (
        <div>
          会员：{order.memberName}
          {card ? `（${card.cardNo}）` : ''}
        </div>
      )}
      <hr />
      <ReceiptLines
        lines={order.details.map((l) => ({
          key: l.detailId,
          name: l.goodsName,
          specs: `租金${formatYuan(l.rent)}${l.rentMode === 'T' ? `/${l.unitMinutes}分钟` : '/次'} 押金${formatYuan(l.deposit)}`,
          quantity: l.quantity,
          amount: lineAmount(l.pricePay, l.quantity),
        }))}
      />
      <hr />
      <div>租金：¥{formatYuan(order.rent)}</div>
      <div>押金：¥{formatYuan(order.deposit)}</div>
      <div className="total">实收：¥{formatYuan(order.pricePay)}</div>
      {order.payRecords.map((p, i) => (
        <div key={i}>
          {payment.payRecordName(p)}：¥{formatYuan(p.money)}
        </div>
      ))}
      <div>状态：{lease.LEASE_ORDER_STATE_LABELS[order.orderState] ?? order.orderState}</div>
      {order.refundedAmount > 0 && <div>已退押金：¥{formatYuan(order.refundedAmount)}</div>}
      {deducted > 0 && <div>押金扣款（超时/损坏）：¥{formatYuan(deducted)}</div>}
      <hr />
      <div className="center">请凭小票归还租赁物品，归还时退还押金</div>
    </div>
  );
}
