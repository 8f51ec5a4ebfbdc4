import type { SaleOrder } from '@venue/contract';
import * as payment from '@venue/contract/payment';
import { formatTime } from '@/lib/format';
import { formatYuan, lineAmount } from '@/lib/money';

export type PaperWidth = 58 | 80;

/** A sales receipt laid out for 58 mm or 80 mm paper; rendered to HTML for the print frame. */
export function Receipt({ order, seller, width, copy }: { order: SaleOrder; seller: string; width: PaperWidth; copy: number }) {
  const card = order.payRecords.find((p) => p.cardNo);
  return (
    <div className={`receipt receipt-${width}`} data-testid="receipt">
      <h3>{order.venueName}</h3>
      <div className="center">销售小票{copy > 1 ? `（第${copy}联）` : ''}</div>
      <div>单号：{order.orderId}</div>
      <div>时间：{formatTime(order.createTime)}</div>
      <div>收银员：{seller}</div>
      {order.memberName && (
        <div>
          会员：{order.memberName}
          {card ? `（${card.cardNo}）` : ''}
        </div>
      )}
      <hr />
      <ReceiptLines
        lines={order.details.map((line) => ({
          key: line.detailId,
          name: line.goodsName,
          specs: line.specs,
          quantity: line.quantity,
          amount: lineAmount(line.pricePay, line.quantity),
        }))}
      />
      <hr />
      <div>原价合计：¥{formatYuan(order.priceOrig)}</div>
      <div className="total">实收：¥{formatYuan(order.pricePay)}</div>
      {order.payRecords.map((p, i) => (
        <div key={i}>
          {payment.payRecordName(p)}：¥{formatYuan(p.money)}
          {p.cardBalance !== null ? `（卡余额 ${formatYuan(p.cardBalance)}）` : ''}
        </div>
      ))}
      <hr />
      <div className="center">谢谢惠顾，欢迎再次光临</div>
    </div>
  );
}

/** Print styles: the paper width decides the page and font size. */
export const RECEIPT_CSS = `
  @page { margin: 0; }
  body { margin: 0; font-family: 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif; color: #000; }
  .receipt { padding: 2mm; box-sizing: border-box; }
  .receipt-58 { width: 58mm; font-size: 11px; } .receipt-80 { width: 80mm; font-size: 13px; }
  .receipt h3 { text-align: center; margin: 0 0 2mm; font-size: 1.2em; }
  .receipt .center { text-align: center; } .receipt .total { font-weight: bold; font-size: 1.2em; }
  .receipt table { width: 100%; border-collapse: collapse; } .receipt th, .receipt td { text-align: left; padding: 1px 0; }
  .receipt th:nth-child(n+2), .receipt td:nth-child(n+2) { text-align: right; }
  .receipt hr { border: none; border-top: 1px dashed #000; margin: 2mm 0; }
`;

/** The goods table of a receipt or a refund slip: name and specs, units, amount in yuan. */
export function ReceiptLines({ lines }: { lines: { key: number; name: string; specs?: string | null; quantity: number; amount: string }[] }) {
  return (
    <table>
      <thead>
        <tr>
          <th>商品</th>
          <th>数量</th>
          <th>金额</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <td>
              {line.name}
              {line.specs ? ` ${line.specs}` : ''}
            </td>
            <td>{line.quantity}</td>
            <td>{line.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
