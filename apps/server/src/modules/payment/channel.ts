/**
 * A payment channel (a platform outside the building, behind one interface): the one way the cashier takes money by a system method.
 * Cash-like methods answer at once; scan-code channels (wechatpay, alipay, umspay) talk to an outside
 * service, so their answer may be FAILED or UNKNOWN. No service knows which implementation (the demo's
 * simulator or a platform adapter) serves a venue's pay mode: `ChannelRegistry.forVenue` picks it from
 * the venue's channel settings (pay_channel_config), and refuses a scan-code mode that has none.
 *
 * The documented flow of a scanned payment code (WeChat 付款码支付, Alipay 当面付 bar_code, 银联商务
 * poslink pay), which the checkout runs for every adapter:
 * 1. `pay` once with our out_trade_no. PAID or FAILED end it. UNKNOWN covers the customer still
 *    confirming on the phone (USERPAYING, Alipay 10003) and an unclear answer (SYSTEMERROR, BANKERROR,
 *    ACQ.SYSTEM_ERROR, a timeout, an answer whose signature does not verify).
 * 2. `query` every `timing.queryEveryMs` while the cashier's request may wait (`timing.waitMs`); a trade the
 *    platform never saw (ORDERNOTEXIST, ACQ.TRADE_NOT_EXIST) answers FAILED.
 * 3. Still UNKNOWN: the cashier gets 605; the background job (jobs.ts) keeps querying, and once
 *    `timing.cancelAfterMs` has passed since the pay call (WeChat: never before 15 s) it calls `cancel`
 *    (WeChat reverse, Alipay trade.cancel, 银联商务 voidpayment): the trade is closed, or its money goes
 *    back to the customer, so an unclear payment never ends as money kept for an unpaid order.
 * Refunds follow the same shape: `refund` (with the trade's original total: WeChat needs total_fee),
 * then `queryRefund` until the refund is settled; the job settles refunds left UNKNOWN.
 *
 * Every number sent (out_trade_no, out_refund_no) starts with this installation's prefix (app_install),
 * so a reset database never repeats one on a merchant account; WeChat takes at most 32 characters.
 */
export type ChannelState = 'PAID' | 'FAILED' | 'UNKNOWN';

export interface ChannelAnswer {
  state: ChannelState;
  /** The channel's own trade (or refund) number, when it gave one. */
  channelTradeNo: string | null;
  /** A Chinese explanation for the cashier (the platform's own words on a refusal). */
  message: string;
}

export interface PayInput {
  tenantId: number;
  /** Our trade number for this payment part (unique on the merchant account; the channel's out_trade_no). */
  orderNo: string;
  amountFen: number;
  /** The customer's scanned code; required by channels whose `needsAuthCode` is true. */
  authCode?: string;
  /** What is bought, shown to the customer (WeChat body, Alipay subject, 银联商务 merchantRemark): "场馆-商品销售". */
  description?: string;
  /** The till's address (WeChat spbill_create_ip). */
  clientIp?: string;
}

export interface TradeRef {
  tenantId: number;
  orderNo: string;
}

export interface RefundRef extends TradeRef {
  /** Our refund number (unique on the merchant account; the channel's out_refund_no / out_request_no). */
  refundNo: string;
}

export interface RefundInput extends RefundRef {
  amountFen: number;
  /** The trade's original amount (WeChat total_fee); defaults to amountFen. */
  totalFen?: number;
  reason?: string;
}

/** How long the checkout waits on a scan-code trade whose result is not known yet (see the flow above). */
export interface ChannelTiming {
  /** How long the cashier's own request keeps querying before it answers 605 (0: it answers at once). */
  waitMs: number;
  queryEveryMs: number;
  /** After this long since the pay call a trade still unknown is cancelled (WeChat: at least 15 s). */
  cancelAfterMs: number;
}

export interface PaymentChannel {
  /** An outside service: called outside any database transaction, and its answer may be UNKNOWN. */
  readonly remote: boolean;
  /** The customer's auth code is needed (isApi T). */
  readonly needsAuthCode: boolean;
  /** The demo's simulator: no real money; records, receipts and 交班对账 say 模拟通道. */
  readonly simulated?: boolean;
  /** The waiting rules of a remote channel; none: answer 605 at once and cancel nothing. */
  readonly timing?: ChannelTiming;
  pay(input: PayInput): Promise<ChannelAnswer>;
  /** The state of an earlier trade (settles an UNKNOWN one). A trade the channel never saw answers FAILED. */
  query(ref: TradeRef): Promise<ChannelAnswer>;
  /**
   * Ends a trade whose result stayed unknown (reverse / cancel / void): FAILED means it is closed and
   * nothing is kept (money already taken goes back to the customer), UNKNOWN that it must be asked again.
   */
  cancel?(ref: TradeRef): Promise<ChannelAnswer>;
  /**
   * Gives (part of) a paid trade's money back: a sale refund, or a sale that could not be completed after
   * the channel took the money. PAID means the refund went through, FAILED that nothing was given back,
   * UNKNOWN that `queryRefund` must be asked later. Repeating a refund number answers the first refund.
   */
  refund(input: RefundInput): Promise<ChannelAnswer>;
  /** The state of an earlier refund (settles an UNKNOWN one). A refund the channel never saw answers FAILED. */
  queryRefund(ref: RefundRef): Promise<ChannelAnswer>;
}

/** A pay mode's traits, the same whichever channel serves it. */
export type ChannelKind = Pick<PaymentChannel, 'remote' | 'needsAuthCode'>;
