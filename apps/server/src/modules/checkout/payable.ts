import type { AuditActor } from '../audit/index.ts';
import { cardDiscount } from '@venue/contract';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PayColumns } from '../../db/pay-columns.ts';
import type { CardPayType, Database, OrderState, PayRecordTable } from '../../db/tables.ts';
import type { StatementPart } from '../../db/statement-part.ts';
import type { PaymentChannel } from '../payment/channel.ts';
import type { BizError } from '../../lib/errors.ts';

/** A payable order as the 收款 flow reads it: the pay columns (db/pay-columns.ts) of its table, with its id and remark. */
export interface PayableOrder extends Selectable<PayColumns> {
  id: number;
  tenant_id: number;
  remark: string;
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
  | 'sale_order'
  | 'card_order'
  | 'lease_order'
  | 'ticket_order'
  | 'ticket_timeout_order'
  | 'lecture_order'
  | 'hand_order'
  | 'card_fee_order'
  | 'booking_order'
  | 'course_order';
/** The order-line tables: each row one line of an order (`order_id`), read by `readOrderLines` (payable.repository.ts). */
export type OrderLineTable =
  | 'sale_order_line'
  | 'lease_order_line'
  | 'ticket_detail'
  | 'hand_order_line'
  | 'lecture_participant'
  | 'booking_line'
  | 'course_order_line';
/** The line tables of refundable kinds: each line carries `refunded_quantity`; an overstay is its own line. */
export type RefundableLineTable = OrderLineTable | 'ticket_timeout_order';

/**
 * What a times card (T) pays for an order of a kind that takes one (`PayableKind.cardTimes`): the times
 * of one unit of each line (in the order of the kind's `lines`), their total, and the item the card's
 * type must cover.
 */
export interface TimesDue {
  itemId: number;
  perUnit: number[];
  total: number;
}

export interface PayContext<Order extends PayableOrder = PayableOrder> {
  tenantId: number;
  userId: number;
  order: Order;
  /** Paid by a times card: what it paid (the kind's fulfilment records it on the lines). */
  times?: TimesDue;
  /** Who pays (the audit log's actor): the session of the request that settles the order, or the background job on the cashier's behalf. */
  actor: AuditActor;
}

/** Who settles a payment: a user's session, or the background job acting for the cashier who took it. */
export type PayActor = AuditActor & { userId: number };

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
  /**
   * A kind whose cardPayTypes take times cards (T): the times a card of the type pays for the order's
   * lines. Such a card pays the whole order alone: its part covers the list total (its pay record's
   * money) and the ledger takes the times (never below zero); the card's type must cover `itemId`.
   */
  cardTimes?(tenantId: number, order: Order, lines: Line[], cardTypeId: number): Promise<TimesDue>;
  /**
   * The item a member card's type must cover to pay an order of the kind (a course's sports item): the
   * card ledger refuses a card whose type does not (a times card's item comes from `cardTimes`). None: any card of `cardPayTypes`.
   */
  cardItem?(order: Order): number;
  /** false: a discountable card pays at list price too (a rental: its deposit comes back whole). Default true. */
  cardDiscount?: boolean;
  notFoundMessage: string;
  find(tenantId: number, orderId: number, db?: Executor): Promise<Order | undefined>;
  lines(tenantId: number, orderId: number, db?: Executor): Promise<Line[]>;
  /** `find` and `lines` in one read where the kind can (a payment needs both at once: the till's sale). */
  findWithLines?(tenantId: number, orderId: number): Promise<{ order: Order; lines: Line[] } | undefined>;
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
   * throws and the whole payment rolls back. Lock shared rows (stock) last, in a fixed order. `lines`
   * are the order's lines the payment was planned on; `paidFen` what the order is paid, as the claim
   * that marked it paid set it (the lines' shares of it: allocatePaid).
   */
  fulfil(trx: Transaction<Database>, ctx: PayContext<Order>, lines: Line[], paidFen: number): Promise<void>;
  /**
   * `fulfil` as part of the payment's one statement (PostgreSQL), after its claim (the CTE `after`): a
   * kind that has it takes a cash-like payment in that statement alone, with no transaction around it,
   * so the shared rows (stock) stay locked for one statement only.
   */
  fulfilPart?(ctx: PayContext<Order>, lines: Line[], after: string): StatementPart;
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
  /** A times card's part: the times it takes (the ledger charges these, not `moneyFen`). */
  times?: TimesDue;
  authCode?: string;
  channel?: PaymentChannel;
}

export type NewRecord = Omit<Insertable<PayRecordTable>, 'id'>;

/**
 * Our trade number of a channel part: one per order and attempt, so asking the channel again names the
 * same trade; led by the installation's prefix (app_install), so a reset database never repeats one on a
 * merchant account. `ABC234GS1O12A1`: at most 32 characters (WeChat's limit) for any realistic ids.
 */
export const outTradeNo = (kind: Pick<PayableKind, 'tradePrefix'>, tenantId: number, orderId: number, attempt: number, installPrefix = '') =>
  `${installPrefix}${kind.tradePrefix}${tenantId}O${orderId}A${attempt}`;

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
    venue_id: ctx.order.venue_id,
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
  /** The line table's column naming the order: `order_id`, or `id` for an order that is its own one line (an overstay). */
  lineOrderColumn?: 'order_id' | 'id';
  /**
   * What giving back `quantity` units of a line returns, instead of their share of the paid amount (a
   * rental: the deposit less overtime and the damage `asked` records), read inside the refund's
   * transaction at `nowIso`; a refusal throws and nothing changes.
   */
  refundFen?(line: RefundableLine, quantity: number, asked: { detailId: number; damage?: number } | undefined, nowIso: string): number;
  /**
   * A kind that takes times cards (`PayableKind.cardTimes`): the times giving back `quantity` units of a
   * line returns to the times card that paid the order, at `nowIso` (the kind's rule). Such an order is
   * refunded by its original route only.
   */
  refundTimes?(line: RefundableLine, quantity: number, nowIso: string): number;
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
