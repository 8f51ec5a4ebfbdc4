import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../lib/exceljs.ts';
import { report, ticket } from '@venue/contract';
import { safeRow, type XlsxColumn } from '../../lib/xlsx-stream.ts';

/** One sheet of a report: its name and how it fills a worksheet. */
export interface Sheet {
  name: string;
  fill: (ws: ExcelJS.Worksheet) => void;
}
export const sheet = <R>(name: string, columns: XlsxColumn<R>[], rows: R[]): Sheet => ({
  name,
  fill: (ws) => {
    ws.columns = columns.map(([header, width], i) => ({ header, width, key: String(i) }));
    ws.getRow(1).font = { bold: true };
    if (!rows.length) ws.addRow([report.REPORT_TEXTS.noData]);
    for (const r of rows) ws.addRow(safeRow(columns.map(([, , value]) => value(r))));
  },
});

/** A report as an .xlsx of one sheet per panel, each with a bold header (cells made formula-safe). */
export async function reportXlsx(...sheets: Sheet[]): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  for (const s of sheets) s.fill(book.addWorksheet(s.name));
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Figures = report.GoodsSaleFigures;
const FIGURES: XlsxColumn<Figures>[] = [
  ['订单数', 10, (r) => r.orders],
  ['销售件数', 10, (r) => r.quantity],
  ['实收（元）', 14, (r) => r.amount],
  ['退款（元）', 14, (r) => r.refund],
  ['净收（元）', 14, (r) => r.net],
];
export const GOODS_DAY: XlsxColumn<report.GoodsSaleDay>[] = [['日期', 12, (r) => r.day], ...(FIGURES as XlsxColumn<report.GoodsSaleDay>[])];
export const GOODS_VENUE: XlsxColumn<report.GoodsSaleVenue>[] = [['场馆', 18, (r) => r.venueName], ...(FIGURES as XlsxColumn<report.GoodsSaleVenue>[])];
export const GOODS_GOODS: XlsxColumn<report.GoodsSaleGoods>[] = [
  ['商品', 24, (r) => r.goodsName],
  ['销量', 10, (r) => r.quantity],
  ['退货量', 10, (r) => r.refundQuantity],
  ['销售额（元）', 14, (r) => r.amount],
];
export const GOODS_ORDERS: XlsxColumn<report.GoodsOrderCount>[] = [
  ['商品', 24, (r) => r.goodsName],
  ['订单数', 10, (r) => r.orderCount],
];
export const TICKET_DAY: XlsxColumn<ticket.SaleByDay>[] = [
  ['日期', 12, (r) => r.day],
  ['票种', 20, (r) => r.typeName],
  ['售出张数', 10, (r) => r.quantity],
  ['金额（元）', 14, (r) => r.amount],
  ['已核销', 10, (r) => r.checked],
];
export const CARD_SALE: XlsxColumn<report.CardSaleRow>[] = [
  ['日期', 12, (r) => r.day],
  ['卡类型', 18, (r) => r.cardTypeName],
  ['类别', 8, (r) => report.CARD_ORDER_KIND_LABELS[r.kind] ?? r.kind],
  ['支付方式', 14, (r) => r.payName],
  ['订单数', 10, (r) => r.orders],
  ['金额（元）', 14, (r) => r.amount],
];
type OwedRow = { venueName: string; cardTypeName: string; cardCount: number; balance: number };
/** 未消费储值 by venue and card type, as 会员卡报表 shows it (member/card/liability). */
export const CARD_OWED: XlsxColumn<OwedRow>[] = [
  ['场馆', 18, (r) => r.venueName],
  ['卡类型', 18, (r) => r.cardTypeName],
  ['卡数', 10, (r) => r.cardCount],
  ['未消费储值（元）', 16, (r) => r.balance],
];
export const LEASE_DAY: XlsxColumn<report.LeaseDayRow>[] = [
  ['日期', 12, (r) => r.day],
  ['订单数', 10, (r) => r.orders],
  ['租金（元）', 14, (r) => r.rent],
  ['押金（元）', 14, (r) => r.deposit],
  ['实收（元）', 14, (r) => r.amount],
  ['退款（元）', 14, (r) => r.refund],
];
export const VERIFY_DAY: XlsxColumn<report.VerifyDayRow>[] = [
  ['日期', 12, (r) => r.day],
  ['来源', 10, (r) => report.VERIFY_SOURCE_LABELS[r.source]],
  ['核销次数', 10, (r) => r.count],
  ['金额（元）', 14, (r) => r.amount],
];
export const SHIFT: XlsxColumn<report.ShiftRow>[] = [
  ['收银员', 12, (r) => r.userName],
  ['业务', 12, (r) => report.SHIFT_BUSINESS_LABELS[r.business] ?? r.business],
  ['支付方式', 14, (r) => r.payName],
  ['收款笔数', 10, (r) => r.payCount],
  ['收款（元）', 14, (r) => r.income],
  ['退款笔数', 10, (r) => r.refundCount],
  ['退款（元）', 14, (r) => r.refund],
  ['净额（元）', 14, (r) => Number((r.income - r.refund).toFixed(2))],
];
