import type { SaleRefund } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { ReceiptLines, type PaperWidth } from './Receipt';

/** A refund slip (退款单) on the receipt paper: the order, the goods and units back, the amount, where it went, who and when. */
export function RefundSlip({ refund, width, labels }: { refund: SaleRefund; width: PaperWidth; labels?: { title: string; orderLabel: string } }) {
  return (
    <div className={`receipt receipt-${width}`} data-testid="refund-slip">
      <h3>{refund.venueName}</h3>
      <div className="center">{labels?.title ?? '退款单'}</div>
      <div>退款单号：{refund.refundId}</div>
      <div>
        {labels?.orderLabel ?? '销售单号'}：{refund.orderId}
      </div>
      <div>退款时间：{formatTime(refund.finishTime ?? refund.createTime)}</div>
      <div>操作员：{refund.createName}</div>
      <div>退款方式：{sale.REFUND_ROUTE_LABELS[refund.route]}</div>
      {refund.reason && <div>退款原因：{refund.reason}</div>}
      <hr />
      <ReceiptLines
        lines={refund.lines.map((line) => ({
          key: line.detailId,
          name: line.goodsName,
          specs: line.specs,
          quantity: line.quantity,
          amount: formatYuan(line.amount),
        }))}
      />
      <hr />
      <div className="total">退款金额：¥{formatYuan(refund.amount)}</div>
      {refund.parts.map((p, i) => (
        <div key={i}>
          退回{p.payName}
          {p.cardNo ? `（${p.cardNo}）` : ''}：{p.times !== null ? `${p.times} 次` : `¥${formatYuan(p.money)}`}
          {p.cardBalance !== null ? `（卡余额 ${p.times !== null ? `${p.cardBalance} 次` : formatYuan(p.cardBalance)}）` : ''}
        </div>
      ))}
      <div>状态：{sale.REFUND_STATE_LABELS[refund.state] ?? refund.state}</div>
      <hr />
      <div className="center">请妥善保管退款凭证</div>
    </div>
  );
}
