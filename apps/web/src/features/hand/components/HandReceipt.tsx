import type { HandOrder } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import * as payment from '@venue/contract/payment';
import { ReceiptLines, type PaperWidth } from '@/features/checkout';
import { formatTime } from '@/lib/format';
import { formatYuan, lineAmount } from '@/lib/money';

/** A wristband receipt: the 手牌押金单 (deposit, what was charged to the band) or the 手牌结算单 (the charges settled). */
export function HandReceipt({ order, seller, width, copy }: { order: HandOrder; seller: string; width: PaperWidth; copy: number }) {
  const title = order.kind === 'D' ? '手牌押金单' : '手牌结算单';
  return (
    <div className={`receipt receipt-${width}`} data-testid="hand-receipt">
      <h3>{order.venueName}</h3>
      <div className="center">
        {title}
        {copy > 1 ? `（第${copy}联）` : ''}
      </div>
      <div>单号：{order.orderId}</div>
      <div>手牌：{order.handNo}</div>
      <div>时间：{formatTime(order.payTime ?? order.createTime)}</div>
      <div>收银员：{seller}</div>
      {order.memberName && <div>会员：{order.memberName}</div>}
      <hr />
      <ReceiptLines
        lines={order.details.map((l) => ({ key: l.detailId, name: l.goodsName, specs: '', quantity: l.quantity, amount: lineAmount(l.pricePay, l.quantity) }))}
      />
      <hr />
      <div className="total">实收：¥{formatYuan(order.pricePay)}</div>
      {order.payRecords.map((p, i) => (
        <div key={i}>
          {payment.payRecordName(p)}：¥{formatYuan(p.money)}
        </div>
      ))}
      {order.kind === 'D' && (
        <>
          <div>状态：{hand.HAND_ORDER_STATE_LABELS[order.orderState] ?? order.orderState}</div>
          {order.charged > 0 && (
            <div>
              手牌消费：¥{formatYuan(order.charged)}（未结清 ¥{formatYuan(order.unsettled)}）
            </div>
          )}
          {order.refundedAmount > 0 && <div>已退押金：¥{formatYuan(order.refundedAmount)}</div>}
          <hr />
          <div className="center">归还手牌时结清消费并退还押金</div>
        </>
      )}
    </div>
  );
}
