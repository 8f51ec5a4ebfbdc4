/**
 * A payment channel (design.md section 4): the one way the cashier takes money by a system method.
 * Cash-like methods answer at once; scan-code channels (wechatpay, alipay, umspay) talk to an outside
 * service, so their answer may be FAILED or UNKNOWN, and an UNKNOWN trade is settled later by `query`.
 * No service knows which implementation (simulator or real adapter) serves a pay mode.
 */
export type ChannelState = 'PAID' | 'FAILED' | 'UNKNOWN';

export interface ChannelAnswer {
  state: ChannelState;
  /** The channel's own trade number (null for cash-like methods). */
  channelTradeNo: string | null;
  /** A Chinese explanation for the cashier (the channel's reason on failure). */
  message: string;
}

export interface PayInput {
  tenantId: number;
  /** Our trade number for this payment part (unique; the channel's out_trade_no). */
  orderNo: string;
  amountFen: number;
  /** The customer's scanned code; required by channels whose `needsAuthCode` is true. */
  authCode?: string;
}

export interface TradeRef {
  tenantId: number;
  orderNo: string;
}

export interface PaymentChannel {
  /** An outside service: called outside any database transaction, and its answer may be UNKNOWN. */
  readonly remote: boolean;
  /** The customer's auth code is needed (isApi T). */
  readonly needsAuthCode: boolean;
  pay(input: PayInput): Promise<ChannelAnswer>;
  /** The state of an earlier trade (settles an UNKNOWN one). A trade the channel never saw answers FAILED. */
  query(ref: TradeRef): Promise<ChannelAnswer>;
  /**
   * Gives (part of) a paid trade's money back: a sale refund, or a sale that could not be completed after
   * the channel took the money. PAID means the refund went through, FAILED that nothing was given back,
   * UNKNOWN that `queryRefund` must be asked later. Repeating a refund number answers the first refund.
   */
  refund(ref: RefundRef & { amountFen: number }): Promise<ChannelAnswer>;
  /** The state of an earlier refund (settles an UNKNOWN one). A refund the channel never saw answers FAILED. */
  queryRefund(ref: RefundRef): Promise<ChannelAnswer>;
}

export interface RefundRef extends TradeRef {
  /** Our refund number (unique; the channel's out_refund_no). */
  refundNo: string;
}
