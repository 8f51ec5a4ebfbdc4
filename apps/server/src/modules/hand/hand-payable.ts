import { fenToYuan, hand as contract } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { isUniqueViolation, refuse } from '../../lib/errors.ts';
import {
  badRefund,
  type AccountRoute,
  type PayableKind,
  type PayableLineDto as PayableLine,
  type RefundableKind,
  type RefundableLine,
} from '../checkout/index.ts';
import type { HandLineRow, HandOrderRow, HandRepository } from './hand.repository.ts';

export type HandDepositKind = PayableKind<HandOrderRow, HandLineRow, PayableLine> & RefundableKind<HandOrderRow>;
export type HandSettleKind = PayableKind<HandOrderRow, HandLineRow, PayableLine>;

const toLine = (l: HandLineRow): PayableLine => ({
  detailId: l.id,
  goodsName: l.name,
  quantity: l.quantity,
  price: fenToYuan(l.price_orig_fen),
  pricePay: fenToYuan(l.price_pay_fen),
});
const unsettledMessage = (fen: number) => contract.handMsg.unsettled(fenToYuan(fen).toFixed(2));

/**
 * A wristband's deposit as the checkout pays and refunds it: M cards at list price (the deposit comes
 * back whole); paying lends the band (only while it is free: two tills lending one band, one wins and
 * the other's payment rolls back); the refund (归还) needs the band's charges settled, and frees it.
 */
export function handDepositKind(repo: HandRepository, clock: Clock): HandDepositKind {
  return {
    orderType: contract.HAND_DEPOSIT_ORDER_TYPE,
    label: '手牌押金',
    orderName: '手牌押金单',
    tradePrefix: 'HD',
    table: 'hand_order',
    lineTable: 'hand_order_line',
    paidOrderState: 'A',
    cardPayTypes: ['M'],
    cardRefusal: '计次卡、计时卡不能用于手牌押金',
    cardDiscount: false,
    notFoundMessage: contract.handMsg.orderNotFound,
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, 'D', db),
    lines: (tenantId, orderId, db) => repo.lines(tenantId, [orderId], db),
    toLine,
    refundLines: async (tenantId, orderId, db) =>
      (await repo.lines(tenantId, [orderId], db)).map((l): RefundableLine => ({
        id: l.id,
        item_id: l.id,
        name: l.name,
        specs: '',
        unit: '',
        quantity: l.quantity,
        refunded_quantity: l.refunded_quantity,
        price_pay_fen: l.price_pay_fen,
      })),
    async precheck(tenantId, order) {
      const [band] = await repo.hands(tenantId, { ids: [order.hand_id] });
      if (!band || band.state !== 'A') throw refuse(contract.handMsg.disabled);
      if (band.lent_order_id !== null) throw refuse(contract.handMsg.inUse);
    },
    // Two tills paying deposits of one band: the second meets the one-lending-per-band index (hand_order_lent_uq).
    refusal: (error) => (isUniqueViolation(error) ? refuse(contract.handMsg.inUse) : undefined),
    async fulfil(trx, { tenantId, order }) {
      if (!(await repo.lend(trx, tenantId, order.hand_id, order.id))) throw refuse(contract.handMsg.inUse);
    },
    async restore(trx, { tenantId, order }) {
      const unsettled = await repo.unsettledFen(tenantId, order.id, trx);
      if (unsettled > 0) throw badRefund(unsettledMessage(unsettled));
      if (!(await repo.giveBack(trx, tenantId, order.hand_id, order.id, iso(clock.now())))) throw badRefund(contract.handMsg.notInUse);
    },
  };
}

/** A settlement of what was charged to a band: paid (E, M cards at list price), its charges are settled, each once. */
export function handSettleKind(repo: HandRepository): HandSettleKind {
  return {
    orderType: contract.HAND_SETTLE_ORDER_TYPE,
    label: '手牌结算',
    orderName: '手牌结算单',
    tradePrefix: 'HS',
    table: 'hand_order',
    paidOrderState: 'E',
    cardPayTypes: ['M'],
    cardRefusal: '计次卡、计时卡不能用于手牌结算',
    // The charges were priced when booked: a card pays them whole, so each charged order's refund by the
    // original route goes back through the settlement's payment in full (a discount here left it short).
    cardDiscount: false,
    notFoundMessage: contract.handMsg.orderNotFound,
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, 'S', db),
    lines: (tenantId, orderId, db) => repo.lines(tenantId, [orderId], db),
    toLine,
    async fulfil(trx, { tenantId, order }, lines) {
      const ids = lines.map((l) => l.charge_id).filter((id): id is number => id !== null);
      const amount = lines.reduce((sum, l) => sum + l.price_orig_fen * l.quantity, 0);
      const marked = await repo.settle(trx, tenantId, order.deposit_order_id ?? 0, order.id, ids, amount);
      if (marked !== ids.length) throw refuse(contract.handMsg.settleChanged);
    },
  };
}

/**
 * 手牌挂账 as a refund's original route: an order's charge still open is lowered by what is refunded
 * (the band owes less); once settled, the refund goes back the way the settlement was paid.
 */
export function handAccountRoute(repo: HandRepository): AccountRoute {
  return {
    async charge(trx, tenantId, orderType, orderId) {
      const row = await repo.lockCharge(trx, tenantId, orderType, orderId);
      return row?.settle_order_id ? { orderType: contract.HAND_SETTLE_ORDER_TYPE, orderId: row.settle_order_id } : 'open';
    },
    async lower(trx, tenantId, orderType, orderId, amountFen) {
      if (!(await repo.lowerCharge(trx, tenantId, orderType, orderId, amountFen))) throw badRefund(contract.handMsg.chargeChanged);
    },
  };
}

export { unsettledMessage };
