import { fenToYuan, type LeaseGoods, type LeaseOrder, type lease } from '@venue/contract';
import type { z } from 'zod';
import { shownRecord, toPayRecord, type RecordRow } from '../checkout/index.ts';
import { isOverdue, minutesBetween } from './lease-rent.ts';
import type { LeaseGoodsRow, LeaseLineRow, LeaseOrderRow } from './lease.repository.ts';

export const toLeaseGoods = (r: LeaseGoodsRow): LeaseGoods => ({
  leaseGoodsId: r.id,
  goodsId: r.goods_id,
  goodsName: r.goods_name,
  specs: r.specs,
  picture: r.picture,
  unit: r.unit,
  itemId: r.item_id,
  itemName: r.item_name,
  rentMode: r.rent_mode,
  price: fenToYuan(r.rent_fen),
  unitMinutes: r.unit_minutes,
  freeMinutes: r.free_minutes,
  dailyCap: fenToYuan(r.daily_cap_fen),
  deposit: fenToYuan(r.deposit_fen),
  qty: Number(r.qty),
  state: r.state,
});

export const toLeaseLine = (l: LeaseLineRow): z.infer<typeof lease.leaseLine> => ({
  detailId: l.id,
  leaseGoodsId: l.lease_goods_id,
  goodsId: l.goods_id,
  goodsName: l.goods_name,
  specs: l.specs,
  unit: l.unit,
  quantity: l.quantity,
  rentMode: l.rent_mode,
  rent: fenToYuan(l.rent_fen),
  unitMinutes: l.unit_minutes,
  freeMinutes: l.free_minutes,
  dailyCap: fenToYuan(l.daily_cap_fen),
  deposit: fenToYuan(l.deposit_fen),
  price: fenToYuan(l.price_orig_fen),
  pricePay: fenToYuan(l.price_pay_fen),
  returnedQuantity: l.refunded_quantity,
  deducted: fenToYuan(l.deducted_fen),
  returnTime: l.returned_at,
});

export function toLeaseOrder(o: LeaseOrderRow, lines: LeaseLineRow[], records: RecordRow[], nowIso: string): LeaseOrder {
  const mine = records.filter((r) => r.order_id === o.id && shownRecord(r));
  const own = lines.filter((l) => l.order_id === o.id);
  const kept = o.paid_at ? minutesBetween(o.paid_at, nowIso) : 0;
  return {
    orderId: o.id,
    orderState: o.order_state,
    payState: o.pay_state,
    venueId: o.venue_id,
    venueName: o.venue_name,
    itemId: o.item_id,
    itemName: o.item_name,
    priceOrig: fenToYuan(o.price_orig_fen),
    pricePay: fenToYuan(o.price_pay_fen),
    totalPrice: fenToYuan(o.price_pay_fen),
    rent: fenToYuan(o.rent_fen),
    deposit: fenToYuan(o.deposit_fen),
    refundedAmount: fenToYuan(o.refunded_fen),
    memberId: o.member_id,
    memberName: o.member_name,
    cardNo: mine.find((r) => r.card_no)?.card_no ?? null,
    createTime: o.created_at,
    payTime: o.paid_at,
    createName: o.create_name,
    username: o.username,
    overdue: o.order_state === 'A' && own.some((l) => l.refunded_quantity < l.quantity && isOverdue(l, kept)),
    details: own.map(toLeaseLine),
    payRecords: mine.map(toPayRecord),
  };
}
