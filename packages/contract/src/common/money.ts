import { z } from 'zod';

/** Money crosses the API in yuan with two decimals and is stored as integer fen. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
export const fenToYuan = (fen: number) => Math.round(fen) / 100;

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
