import { fenToYuan, type SaleOrder } from '@venue/contract';
import type { z } from 'zod';
import type { sale } from '@venue/contract';
import { shownRecord, toPayRecord, type RecordRow } from '../checkout/index.ts';
import type { LineRow, OrderRow } from './sale.repository.ts';

type SaleLine = z.infer<typeof sale.saleLine>;

export const toLine = (
  l: Pick<LineRow, 'id' | 'goods_id' | 'goods_name' | 'specs' | 'unit' | 'quantity' | 'price_fen' | 'price_orig_fen' | 'price_pay_fen' | 'refunded_quantity'>,
): SaleLine => ({
  detailId: l.id,
  goodsId: l.goods_id,
  goodsName: l.goods_name,
  specs: l.specs,
  unit: l.unit,
  quantity: l.quantity,
  price: fenToYuan(l.price_fen),
  priceOrig: fenToYuan(l.price_orig_fen),
  pricePay: fenToYuan(l.price_pay_fen),
  refundedQuantity: l.refunded_quantity,
});

/** An order's refunds as the order shows them, oldest first: P none, U while one waits for its channel, else the last one's state. */
export function refundStateOf(refunds: { state: string }[]): string {
  if (!refunds.length) return 'P';
  return refunds.some((r) => r.state === 'U') ? 'U' : refunds[refunds.length - 1].state;
}

export function toSaleOrder(o: OrderRow, lines: LineRow[], records: RecordRow[], refunds: { order_id: number; state: string }[] = []): SaleOrder {
  const mine = records.filter((r) => r.order_id === o.id && shownRecord(r));
  return {
    orderId: o.id,
    orderState: o.order_state,
    payState: o.pay_state,
    source: o.source,
    priceOrig: fenToYuan(o.price_orig_fen),
    pricePay: fenToYuan(o.price_pay_fen),
    totalPrice: fenToYuan(o.price_pay_fen),
    venueId: o.venue_id,
    venueName: o.venue_name,
    warehouseId: o.warehouse_id,
    warehouseName: o.warehouse_name,
    memberId: o.member_id,
    memberName: o.member_name,
    cardNo: mine.find((r) => r.card_no)?.card_no ?? null,
    createTime: o.created_at,
    createName: o.create_name,
    username: o.username,
    remark: o.remark,
    details: lines.filter((l) => l.order_id === o.id).map(toLine),
    payRecords: mine.map(toPayRecord),
    refundType: o.refund_type,
    refundState: refundStateOf(refunds.filter((r) => r.order_id === o.id)),
    refundedAmount: fenToYuan(o.refunded_fen),
  };
}
