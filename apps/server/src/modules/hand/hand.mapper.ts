import { fenToYuan, hand as contract, type Hand, type HandCharge, type HandOrder, type HandTimeoutPrint } from '@venue/contract';
import { shownRecord, toPayRecord, type RecordRow } from '../checkout/index.ts';
import type { HandChargeRow, HandLineRow, HandOrderViewRow, HandRepository, HandRow } from './hand.repository.ts';

type TimeoutChargeRow = Awaited<ReturnType<HandRepository['timeoutCharges']>>[number];

export const toHand = (h: HandRow): Hand => ({
  handId: h.id,
  handNo: h.hand_no,
  phyId: h.phy_id,
  venueId: h.venue_id,
  venueName: h.venue_name,
  deposit: fenToYuan(h.deposit_fen),
  state: h.state,
  remark: h.remark,
  inUse: h.lent_order_id !== null,
  orderId: h.lent_order_id,
  createTime: h.created_at,
});

export const toHandCharge = (c: HandChargeRow): HandCharge => ({
  chargeId: c.id,
  orderType: c.order_type,
  orderTypeName: contract.CHARGE_TYPE_LABELS[c.order_type] ?? c.order_type,
  orderId: c.order_id,
  summary: c.summary,
  amount: fenToYuan(c.amount_fen),
  createTime: c.created_at,
  settled: c.settle_order_id !== null,
  settleOrderId: c.settle_order_id,
});

export function toHandOrder(o: HandOrderViewRow, lines: HandLineRow[], records: RecordRow[], charges: HandChargeRow[]): HandOrder {
  const own = charges.filter((c) => c.deposit_order_id === o.id);
  return {
    orderId: o.id,
    kind: o.kind,
    depositOrderId: o.deposit_order_id,
    handId: o.hand_id,
    handNo: o.hand_no,
    phyId: o.phy_id,
    venueId: o.venue_id,
    venueName: o.venue_name,
    orderState: o.order_state,
    payState: o.pay_state,
    pricePay: fenToYuan(o.price_pay_fen),
    totalPrice: fenToYuan(o.price_pay_fen),
    refundedAmount: fenToYuan(o.refunded_fen),
    refundType: o.refund_type,
    memberId: o.member_id,
    memberName: o.member_name,
    createTime: o.created_at,
    payTime: o.paid_at,
    returnTime: o.returned_at,
    createName: o.create_name,
    username: o.username,
    charged: fenToYuan(o.charged_fen),
    unsettled: fenToYuan(o.charged_fen - o.settled_fen),
    details: lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({ detailId: l.id, goodsName: l.name, quantity: l.quantity, price: fenToYuan(l.price_orig_fen), pricePay: fenToYuan(l.price_pay_fen) })),
    payRecords: records.filter((r) => r.order_id === o.id && shownRecord(r)).map(toPayRecord),
    charges: own.map(toHandCharge),
  };
}

export const toHandTimeoutPrint = (r: TimeoutChargeRow): HandTimeoutPrint => ({
  orderId: r.order_id,
  handId: r.hand_id,
  handNo: r.hand_no,
  depositOrderId: r.deposit_order_id,
  qrCode: r.qr_code,
  typeName: r.type_name,
  venueName: r.venue_name,
  itemName: r.item_name,
  checkTime: r.checked_at,
  slotEnd: r.slot_end,
  exitTime: r.exit_at,
  minutes: r.minutes,
  pricePay: fenToYuan(r.amount_fen),
  payName: contract.HAND_PAY_NAME,
  settled: r.settle_order_id !== null,
  createName: r.create_name ?? '',
  createTime: r.created_at,
});
