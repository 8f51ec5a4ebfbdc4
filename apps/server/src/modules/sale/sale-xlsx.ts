import type { Readable } from 'node:stream';
import { payment, sale, type SaleOrder, chinaText } from '@venue/contract';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';

const money = (yuan: number) => Number(yuan.toFixed(2));
const payNames = (o: SaleOrder) => [...new Set(o.payRecords.map(payment.payRecordName))].join('+');

const COLUMNS: XlsxColumn<SaleOrder>[] = [
  ['单号', 10, (o) => o.orderId],
  ['下单时间', 20, (o) => chinaText(new Date(o.createTime))],
  ['场馆', 16, (o) => o.venueName],
  ['仓库', 16, (o) => o.warehouseName],
  ['商品', 40, (o) => o.details.map((d) => `${d.goodsName}×${d.quantity}`).join('，')],
  ['原价（元）', 12, (o) => money(o.priceOrig)],
  ['实收（元）', 12, (o) => money(o.pricePay)],
  ['支付方式', 16, payNames],
  ['支付状态', 12, (o) => sale.PAY_STATE_LABELS[o.payState] ?? o.payState],
  ['订单状态', 12, (o) => sale.ORDER_STATE_LABELS[o.orderState] ?? o.orderState],
  ['会员', 12, (o) => o.memberName ?? ''],
  ['会员卡号', 14, (o) => o.cardNo ?? ''],
  ['收银员', 12, (o) => o.createName],
  ['备注', 24, (o) => o.remark],
];

/** The sale orders of a list's filter as an .xlsx stream, written batch by batch. */
export const saleOrdersXlsx = (batches: AsyncIterable<SaleOrder[]>): Readable => streamXlsx('销售订单', COLUMNS, batches);
