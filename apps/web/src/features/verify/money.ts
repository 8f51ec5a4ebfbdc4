import { fenToYuan } from '@/lib/money';

export { fenToYuan };
/** The yuan text of a list of fen amounts (integers: summed exactly). */
export const sumFen = (fens: readonly number[]): string => fenToYuan(fens.reduce((a, b) => a + b, 0));
