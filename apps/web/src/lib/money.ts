import Decimal from 'decimal.js';

/** Spec 9: amounts are in yuan with 2 decimals; settlement rounds half up. */
export type Amount = Decimal.Value | null | undefined;

const toDecimal = (value: Amount) => new Decimal(value === null || value === undefined || value === '' ? 0 : value);

/** '12.3' -> '12.30'. */
export const formatYuan = (value: Amount): string => toDecimal(value).toFixed(2, Decimal.ROUND_HALF_UP);

/** 12.3 yuan -> 1230 fen. */
export const yuanToFen = (yuan: Amount): number => toDecimal(yuan).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** 1230 fen -> '12.30' (voucher amounts arrive in fen). */
export const fenToYuan = (fen: Amount): string => formatYuan(toDecimal(fen).dividedBy(100));

/** Price times quantity of one line, as '0.00'. */
export const lineAmount = (price: Amount, qty: Amount): string => formatYuan(toDecimal(price).times(toDecimal(qty)));

/** Order total (spec 5): the sum of price times quantity, as '0.00'. */
export const sumLines = (lines: readonly { price: Amount; qty: Amount }[]): string =>
  formatYuan(lines.reduce((sum, line) => sum.plus(toDecimal(line.price).times(toDecimal(line.qty))), new Decimal(0)));
