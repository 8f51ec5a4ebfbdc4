import { createElement } from 'react';
import type { member } from '@venue/contract';
import * as payment from '@venue/contract/payment';
import { printInFrame } from '@/features/checkout';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';

type CardOrder = member.CardOrder;
type PayResult = payment.PayResult;
const unit = (o: CardOrder) => (o.payType === 'T' ? '次' : '元');
const amount = (o: CardOrder, v: number) => (o.payType === 'M' ? formatYuan(v) : String(v));

/** The receipt of a card sale or top-up: what the card got (and the bonus), what was paid and how. */
export function CardReceipt({ order, paid, seller }: { order: CardOrder; paid: PayResult; seller: string }) {
  const title = order.kind === 'SALE' ? '办卡小票' : order.payType === 'T' ? '加次小票' : '充值小票';
  return (
    <div className="receipt receipt-80" data-testid="card-receipt">
      <h3>{order.venueName}</h3>
      <div className="center">{title}</div>
      <div>单号：{order.orderId}</div>
      <div>时间：{formatTime(order.paidTime ?? order.createTime)}</div>
      <div>收银员：{seller}</div>
      <div>会员：{order.memberName}</div>
      <div>卡号：{order.cardNo}</div>
      <div>卡类型：{order.cardTypeName}</div>
      <hr />
      {order.payType !== 'D' && (
        <div>
          {order.kind === 'SALE' ? '卡内' : '充入'}：{amount(order, order.amount)}
          {unit(order)}
          {order.bonus > 0 ? `，赠送 ${amount(order, order.bonus)}${unit(order)}` : ''}
        </div>
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

export function printCardReceipt(order: CardOrder, paid: PayResult, seller: string) {
  printInFrame(createElement(CardReceipt, { order, paid, seller }), `小票 ${order.orderId}`, { receipt: `card-${order.orderId}` });
}
