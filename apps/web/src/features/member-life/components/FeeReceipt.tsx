import { createElement } from 'react';
import * as member from '@venue/contract/member';
import * as payment from '@venue/contract/payment';
import { printInFrame } from '@/features/checkout';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';

/** The receipt of a 延期 or 补卡 fee order: the cards changed, what was paid and how. */
export function FeeReceipt({ order, paid, seller }: { order: member.CardFeeOrder; paid: payment.PayResult; seller: string }) {
  return (
    <div className="receipt receipt-80" data-testid="fee-receipt">
      <h3>{order.venueName}</h3>
      <div className="center">{member.FEE_KIND_LABELS[order.kind]}小票</div>
      <div>单号：{order.orderId}</div>
      <div>时间：{formatTime(order.paidTime ?? order.createTime)}</div>
      <div>收银员：{seller}</div>
      {order.memberName && <div>会员：{order.memberName}</div>}
      <hr />
      {order.kind === 'REPLACE' ? (
        <div>
          补卡：{order.cardNo} → {order.newCardNo}
        </div>
      ) : (
        order.cards.map((c) => (
          <div key={c.cardId}>
            {c.cardNo} 延期{order.days}天，至 {formatTime(c.useEndTime).slice(0, 10)}
          </div>
        ))
      )}
      <div className="total">实收：¥{formatYuan(order.pricePay)}</div>
      {paid.payRecords.map((p, i) => (
        <div key={i}>
          {payment.payRecordName(p)}：¥{formatYuan(p.money)}
        </div>
      ))}
      <hr />
      <div className="center">谢谢惠顾，欢迎再次光临</div>
    </div>
  );
}

export function printFeeReceipt(order: member.CardFeeOrder, paid: payment.PayResult, seller: string) {
  printInFrame(createElement(FeeReceipt, { order, paid, seller }), `小票 ${order.orderId}`, { receipt: `fee-${order.orderId}` });
}
