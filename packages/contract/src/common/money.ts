import { z } from 'zod';

/** Money crosses the API in yuan with two decimals and is stored as integer fen. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
export const fenToYuan = (fen: number) => Math.round(fen) / 100;

/**
 * A part's share of what was paid for the whole (spec 4, step 3): `amountFen` of `wholeFen` list money,
 * when the whole was paid `paidFen` (a discounting card lowers the paid total, not its lines), rounded
 * down to the fen. Whole-number arithmetic in BigInt: amount × paid may pass 2^53. The refund of a
 * line, the 收款 dialog's lines and the refund dialog's amounts are all this one share.
 */
export const shareOfPaid = (amountFen: number, paidFen: number, wholeFen: number) =>
  wholeFen === 0 ? 0 : Number((BigInt(amountFen) * BigInt(paidFen)) / BigInt(wholeFen));

/**
 * Splits a paid total over lines of `amountsFen`: each line its share (shareOfPaid), the last line the
 * fen left over, so the lines add up to `paidFen` exactly (what a refund of every line gives back).
 */
export function allocatePaid(amountsFen: readonly number[], paidFen: number): number[] {
  const wholeFen = amountsFen.reduce((sum, a) => sum + a, 0);
  const shares = amountsFen.map((a) => shareOfPaid(a, paidFen, wholeFen));
  if (shares.length) shares[shares.length - 1] += paidFen - shares.reduce((sum, s) => sum + s, 0);
  return shares;
}

/** The largest yuan amount one field takes (a price, a payment): 9,999,999.99. */
export const MAX_YUAN = 9_999_999.99;
/**
 * The largest total in fen a row may hold (an order's or a stock-in's sum of quantity × price): the
 * PostgreSQL `integer` column stops at 2^31-1. Checked before writing, the same on both engines.
 */
export const MAX_TOTAL_FEN = 2_147_483_647;
/** The refusal of a total past MAX_TOTAL_FEN, in yuan. */
export const totalTooLarge = (label: string) => `${label}不能超过${fenToYuan(MAX_TOTAL_FEN)}元`;
/** The largest quantity one line or one stock adjustment takes. */
export const MAX_QUANTITY = 9_999_999;
/**
 * The most one goods may have in one warehouse. Many stock-ins below MAX_QUANTITY could otherwise add up
 * past the PostgreSQL `integer` column (2^31-1); the balance is checked in the same statement that changes it.
 */
export const MAX_STOCK = 999_999_999;
/** The largest count (times on a card and similar counters). */
export const MAX_COUNT = 99_999;
/** A yuan amount: not negative, at most two decimals, at most MAX_YUAN. */
export const yuan = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .min(0, `${label}不能小于0`)
    .max(MAX_YUAN, `${label}不能超过${MAX_YUAN}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}最多两位小数`);
/** A whole quantity of goods on one line, 1..MAX_QUANTITY. */
export const quantity = (label = '数量') =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(1, `${label}至少为1`)
    .max(MAX_QUANTITY, `${label}不能超过${MAX_QUANTITY}`);

/*
 * Issue 29: every amount that accumulates has a business maximum, checked before the write that adds to
 * it (and again in that write's own statement, so a race cannot pass it), with one Chinese refusal on
 * both engines. The others: an order's total (MAX_TOTAL_FEN), a warehouse's stock (MAX_STOCK), seats
 * and coupons (their capacity), what a refund gives back (what was paid).
 */
/** The most a stored-value card may hold: 9,999,999.99 元 (top-up, opening with its bonus, money refunded to it). */
export const MAX_CARD_BALANCE_FEN = 999_999_999;
/** The most times a count card may hold. */
export const MAX_CARD_TIMES = MAX_COUNT;
/** The most a wristband may have charged to it while it is out (手牌挂账): what one settlement order can hold. */
export const MAX_HAND_CHARGED_FEN = MAX_TOTAL_FEN;
/** The refusal of a card change past its maximum, `action` being what would add to it (充值, 开卡, 退款). */
export const cardCeilingMsg = (payType: string, action: string) =>
  payType === 'T' ? `${action}后剩余次数不能超过${MAX_CARD_TIMES}次` : `${action}后余额不能超过${fenToYuan(MAX_CARD_BALANCE_FEN)}元`;
/** The refusal of a charge to a wristband past MAX_HAND_CHARGED_FEN. */
export const handChargedTooMuch = `手牌挂账金额不能超过${fenToYuan(MAX_HAND_CHARGED_FEN)}元，请先结算`;
