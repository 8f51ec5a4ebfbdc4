import type { TicketRow } from '@venue/contract';
import { formatYuan } from '@/lib/money';
import { datesText, timesText } from '../ticket-view';

export const SLIP_CSS = `
body { margin: 0; font: 12px/1.5 "Noto Sans CJK SC", sans-serif; color: #000; }
.ticket { width: 72mm; padding: 4mm; page-break-after: always; text-align: center; }
.ticket h1 { font-size: 15px; margin: 0 0 4px; }
.ticket img { width: 40mm; height: 40mm; }
.ticket p { margin: 2px 0; text-align: left; }
.ticket .code { font-family: monospace; text-align: center; letter-spacing: 1px; }
`;

/** One printed ticket: its QR code (a data URL drawn beforehand), the type, when it may be used. */
export function TicketSlip({ row, qr, copy }: { row: TicketRow & { handNo?: string | null }; qr: string; copy: number }) {
  return (
    <div className="ticket" data-qr-code={row.qrCode}>
      <h1>{row.venueName} 门票</h1>
      <img src={qr} alt={row.qrCode} />
      <p className="code">{row.qrCode}</p>
      <p>票种：{row.typeName}</p>
      <p>项目：{row.itemName}</p>
      <p>票价：{formatYuan(row.pricePay)} 元</p>
      <p>使用日期：{datesText(row)}</p>
      <p>使用时间：{timesText(row)}</p>
      <p>订单号：{row.orderId}</p>
      {row.handNo && <p>手牌：{row.handNo}</p>}
      {copy > 1 && <p>第 {copy} 份（重打）</p>}
    </div>
  );
}
