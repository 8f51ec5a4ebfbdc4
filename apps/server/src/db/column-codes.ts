import type { member } from '@venue/contract';

// The codes of state, kind and flag columns (the contract's code tables and the migrations' checks).
/** A yes/no the API speaks as text: T yes, F no. */
export type Flag = 'T' | 'F';
/** A in use (enabled), S stopped. */
export type EnabledState = 'A' | 'S';
export type CardState = (typeof member.CARD_STATES)[number];
export type CardPayType = (typeof member.CARD_PAY_TYPES)[number];
export type ConsumeKind = (typeof member.CONSUME_KINDS)[number];
export type MemberSource = 'B' | 'W' | 'M' | 'Z' | 'O';
export type FamilyRelation = 'S' | 'F' | 'M' | 'O';
export type BlacklistRule = 'FC' | 'TR' | 'TE' | 'FN';
/** Goods on sale: '1' on sale, '0' off. */
export type OnSale = '1' | '0';
export type StockReason = 'STOCK_IN' | 'SALE' | 'REFUND' | 'ADJUST' | 'LEASE' | 'LEASE_RETURN';
/** Stock-in orders: P pending review, A passed (stock raised), D not passed, E completed. */
export type StockInState = 'P' | 'A' | 'D' | 'E';
/** Stock-in prices: A full price, F tiered. */
export type SupplyType = 'A' | 'F';
/** Sale orders (code table "Order state"): P created unpaid, A usable, U used, E completed, C cancelled. */
export type OrderState = 'P' | 'A' | 'U' | 'E' | 'C';
/** Sale orders (code table "Pay state"): U unpaid, P paid, C closed, N result unknown, F failed, FR/PR refunded wholly/partly. */
export type PayState = 'U' | 'P' | 'C' | 'N' | 'F' | 'FR' | 'PR';
/** A part of a payment: N pending, P paid, F failed, R refunded. */
export type PayRecordState = 'N' | 'P' | 'F' | 'R';
/** A trade of the payment simulator. */
export type SimulatorTradeState = 'PAID' | 'FAILED' | 'UNKNOWN' | 'REFUNDED';
/** A refund of the payment simulator. */
export type SimulatorRefundState = 'SUCCESS' | 'FAILED' | 'UNKNOWN';
/** Code table "Refund type" of an order: U none, P partial, A full. */
export type RefundType = 'U' | 'P' | 'A';
/** A sale refund: U waiting for the channel's answer, R refunded, F failed. */
export type RefundState = 'U' | 'R' | 'F';
/** A part of a refund: N waiting for the channel, R given back, F not given back. */
export type RefundPartState = 'N' | 'R' | 'F';
