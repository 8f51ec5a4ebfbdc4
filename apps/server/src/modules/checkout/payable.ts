import type { AuditActor } from '../audit/index.ts';
import { cardDiscount } from '@venue/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CardPayType, Database, OrderState, PayRecordTable, PayState } from '../../db/tables.ts';
import type { PaymentChannel } from '../payment/channel.ts';
import type { BizError } from '../../lib/errors.ts';

/**
 * The columns every payable order table carries (sale_order today; lease, ticket, card sale and
 * wristband deposit orders as they come): what the 收款 flow reads and sets. A new order table gets
 * them with `payColumns()` of db/migrations/helpers.ts.
 */
export interface PayableOrder {
  id: number;
  tenant_id: number;
  venue_id: number;
  member_id: number | null;
  order_state: OrderState;
  pay_state: PayState;
  price_pay_fen: number;
  pay_mode: string | null;
  pay_attempt: number;
  pay_lock: string | null;
  pay_lock_until: string | null;
  remark: string;
  paid_at: string | null;
}

/** An order line as the payment sees it: its units at the agreed unit price (the list price, or a permitted override). */
export interface PayableLine {
  quantity: number;
  price_orig_fen: number;
}

/** A line as the 收款 dialog shows it (contract `payment.payableLine`). */
export interface PayableLineDto {
  detailId: number;
  goodsName: string;
  quantity: number;
  price: number;
  pricePay: number;
}

/**
 * The order tables that carry the pay columns (`payColumns()` in db/migrations/helpers.ts). Add a new
 * kind's table here; Kysely types the checkout's queries on any of them by the shared pay columns.
 */
export type PayableTable =
  'sale_order' | 'card_order' | 'lease_order' | 'ticket_order' | 'ticket_timeout_order' | 'lecture_order' | 'hand_order' | 'card_fee_order';
/** The line tables of refundable kinds: each line carries `refunded_quantity`. */
export type RefundableLineTable = 'sale_order_line' | 'lease_order_line' | 'ticket_detail' | 'hand_order_line';

export interface PayContext<Order extends PayableOrder = PayableOrder> {
  tenantId: number;
  userId: number;
  order: Order;
  /** Who pays (the audit log's actor): the session of the request that settles the order. */
  actor: AuditActor;
}

/**
 * One kind of order paid through the 收款 dialog (goods sale, lease, ticket, card sale…). The checkout
 * does everything a payment shares: the plan (methods, cards, amounts), the claim on the order, the
 * scan-code channel with its unknown results, the card charges, the pay records and the answer. The
 * kind says where its orders live and what a paid order changes.
 */
export interface PayableKind<
  Order extends PayableOrder = PayableOrder,
  Line extends PayableLine = PayableLine,
  LineDto extends PayableLineDto = PayableLineDto,
> {
  /** pay_record.order_type of its payments (also the print config's typeId). */
  orderType: string;
  /** What the card ledger calls a payment of it (商品销售). */
  label: string;
  /** What its orders are called (销售订单). */
  orderName: string;
  /** Starts our trade numbers, unique across kinds: `${tradePrefix}${tenant}O${order}A${attempt}`. */
  tradePrefix: string;
  table: PayableTable;
  /** The order state once paid (a sale is finished, E; a rental or a ticket becomes usable, A). */
  paidOrderState: OrderState;
  /** The member card types that may pay it, and the refusal for another. */
  cardPayTypes: readonly CardPayType[];
  cardRefusal: string;
  /** false: a discountable card pays at list price too (a rental: its deposit comes back whole). Default true. */
  cardDiscount?: boolean;
  notFoundMessage: string;
  find(tenantId: number, orderId: number, db?: Executor): Promise<Order | undefined>;
  lines(tenantId: number, orderId: number, db?: Executor): Promise<Line[]>;
  toLine(line: Line): LineDto;
  /** Before an outside channel takes the money: what `fulfil` needs must be there now (it checks again). */
  precheck?(tenantId: number, order: Order, lines: Line[]): Promise<void>;
  /**
   * A database refusal of the payment's writes that is the kind's own guard holding (a band lent by
   * another till meets the one-lending index), in its words; the money a channel took goes back.
   */
  refusal?(error: unknown): BizError | undefined;
  /**
   * What a paid order changes, inside the payment's transaction, after its cards are charged: a refusal
   * throws and the whole payment rolls back. Lock shared rows (stock) last, in a fixed order.
   */
  fulfil(trx: Transaction<Database>, ctx: PayContext<Order>, lines: Line[]): Promise<void>;
}

/** A card's discount on the parts it pays of an order of `kind`: none when the kind takes no card discount. */
export const cardPerMille = (kind: Pick<PayableKind, 'cardDiscount'>, card: { discountable: boolean; discount: number }) =>
  kind.cardDiscount === false ? cardDiscount.NO_DISCOUNT : cardDiscount.perMilleOf(card);

/** One part of a payment, checked: a member card (charged through the card ledger) or the one system method. */
export interface PlannedPart {
  payMode: string;
  payName: string;
  payType: string | null;
  cardId: number | null;
  /** The card's number, for the answer (cards only). */
  cardNo?: string;
  moneyFen: number;
  authCode?: string;
  channel?: PaymentChannel;
}

export type NewRecord = Omit<Insertable<PayRecordTable>, 'id'>;

/** Our trade number of a channel part: one per order and attempt, so asking the channel again names the same trade. */
export const outTradeNo = (kind: Pick<PayableKind, 'tradePrefix'>, tenantId: number, orderId: number, attempt: number) =>
  `${kind.tradePrefix}${tenantId}O${orderId}A${attempt}`;

export function recordOf(
  kind: Pick<PayableKind, 'orderType'>,
  ctx: PayContext,
  attempt: number,
  p: PlannedPart,
  state: 'N' | 'P',
  nowIso: string,
  extra: Partial<NewRecord> = {},
): NewRecord {
  return {
    tenant_id: ctx.tenantId,
    order_type: kind.orderType,
    order_id: ctx.order.id,
    attempt,
    pay_mode: p.payMode,
    pay_name: p.payName,
    pay_type: p.payType,
    card_id: p.cardId,
    consume_id: null,
    money_fen: p.moneyFen,
    out_trade_no: null,
    channel_trade_no: null,
    state,
    message: '',
    created_by: ctx.userId,
    created_at: nowIso,
    paid_at: state === 'P' ? nowIso : null,
    ...extra,
  };
}

/** A paid order that can be refunded: what it has refunded so far (refunds done and those waiting for a channel). */
export interface RefundableOrder extends PayableOrder {
  refunded_fen: number;
  refund_type: string;
}

/** A line as a refund sees it: its units, those refunded so far, and what one unit was paid. */
export interface RefundableLine {
  id: number;
  item_id: number;
  name: string;
  specs: string;
  unit: string;
  quantity: number;
  refunded_quantity: number;
  price_pay_fen: number;
  /** Units that can no longer be refunded (a used ticket): part of what the order was paid, never given back. */
  kept?: boolean;
}

/**
 * A payable kind whose paid orders can be refunded (退款), whole or by line, by the original route or
 * another: the checkout's refund does the money (card parts back to their cards, cash-like parts,
 * scan-code parts through their channel) and the counts; the kind says what else comes back.
 */
export interface RefundableKind<Order extends RefundableOrder = RefundableOrder> extends Pick<
  PayableKind<Order, PayableLine>,
  'orderType' | 'label' | 'orderName' | 'tradePrefix' | 'table' | 'notFoundMessage' | 'find'
> {
  lineTable: RefundableLineTable;
  /**
   * What giving back `quantity` units of a line returns, instead of their share of the paid amount (a
   * rental: the deposit less overtime and the damage `asked` records), read inside the refund's
   * transaction at `nowIso`; a refusal throws and nothing changes.
   */
  refundFen?(line: RefundableLine, quantity: number, asked: { detailId: number; damage?: number } | undefined, nowIso: string): number;
  refundLines(tenantId: number, orderId: number, db?: Executor): Promise<RefundableLine[]>;
  /**
   * What a completed refund gives back besides the money, inside its transaction (the goods back to
   * the order's warehouse; tickets void). Lock shared rows last, in a fixed order.
   */
  restore(
    trx: Transaction<Database>,
    ctx: PayContext<Order>,
    lines: { line_id: number; item_id: number; quantity: number; amount_fen: number }[],
    remark: string,
  ): Promise<void>;
}
