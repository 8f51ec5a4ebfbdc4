import { z } from 'zod';

/** Money crosses the API in yuan with two decimals and is stored as integer fen. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
export const fenToYuan = (fen: number) => Math.round(fen) / 100;

const MAX_YUAN = 10_000_000;
/** A yuan amount: not negative, at most two decimals. */
export const yuan = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .min(0, `${label}不能小于0`)
    .max(MAX_YUAN, `${label}不能超过${MAX_YUAN}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}最多两位小数`);
