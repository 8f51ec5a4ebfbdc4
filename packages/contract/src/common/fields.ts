import { z } from 'zod';

/** True when `s` holds a C0 control character or DEL; `lines` lets \n and \r through. */
function hasControl(s: string, lines: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 || c === 0x7f) && !(lines && (c === 0x0a || c === 0x0d))) return true;
  }
  return false;
}
/**
 * Every string a request carries starts here: text with a C0 control character (U+0000–U+001F) or DEL
 * is refused with a Chinese 400 on both engines (PostgreSQL cannot store NUL). Keywords, codes, user
 * names, passwords and other one-line strings.
 */
export const plainString = (label = '内容', params?: { error: string }) => z.string(params).refine((s) => !hasControl(s, false), `${label}不能包含控制字符`);
/** The same for text typed into a multi-line box (remarks): line breaks (\n, \r) are allowed. */
export const multilineString = (label = '内容', params?: { error: string }) => z.string(params).refine((s) => !hasControl(s, true), `${label}不能包含控制字符`);

/** Required text with the Chinese messages every form shows. */
export const text = (label: string, max = 50) =>
  plainString(label, { error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);
export const optionalText = (label: string, max = 200) => plainString(label).trim().max(max, `${label}不能超过${max}个字符`).optional();
/** Optional text from a multi-line box (a remark): line breaks allowed, other control characters not. */
export const remarkText = (label: string, max = 200) => multilineString(label).trim().max(max, `${label}不能超过${max}个字符`).optional();
/**
 * The largest id: ids are PostgreSQL `integer` columns, which stop at 2^31-1. A larger id fails the
 * schema (400) like any bad input, instead of failing the query ("value out of range", a 500).
 */
export const MAX_ID = 2_147_483_647;
/** The message of an id beyond MAX_ID without a label: starting with 无效, the 400 names the field. */
export const ID_TOO_LARGE = `无效编号：不能大于${MAX_ID}`;
/**
 * A whole number written in decimal digits, from a query string or a path (text) or a JSON number.
 * `z.coerce.number()` would also take `true`, `0x10`, `1e3` and the empty string: ids and counts take
 * digits only.
 */
const decimalDigits = (message?: string) =>
  z.union(
    [
      z.number({ error: message }),
      z
        .string({ error: message })
        .trim()
        .regex(/^\d{1,16}$/, message ?? '只能是数字')
        .transform(Number),
    ],
    { error: message },
  );
/**
 * A positive integer id up to MAX_ID from a query string, a path or a body (digits only). With a
 * label every failure says it in Chinese (请选择会员); without one the 400 names the field.
 */
export const id = (label?: string) =>
  label
    ? decimalDigits(`请选择${label}`).pipe(z.number().int(`请选择${label}`).positive(`请选择${label}`).max(MAX_ID, `${label}编号超出范围`))
    : decimalDigits().pipe(z.number().int().positive().max(MAX_ID, ID_TOO_LARGE));
/** The same for a JSON body field that must be a number already (no text). */
export const idNumber = (label?: string) =>
  label
    ? z
        .number({ error: `请选择${label}` })
        .int(`请选择${label}`)
        .positive(`请选择${label}`)
        .max(MAX_ID, `${label}编号超出范围`)
    : z.number().int().positive().max(MAX_ID, ID_TOO_LARGE);
/** A whole number from a query string (digits only), from `min`; paging and similar counters. */
export const wholeNumber = (min: number, max = MAX_ID) => decimalDigits().pipe(z.number().int().min(min).max(max));
export const idParams = z.object({ id: id() });
export const stateAS = z.enum(['A', 'S'], { error: '状态只能是启用或停用' });
/**
 * A comma-separated id list in a query string ("1,2,3"): each item decimal digits like `id()`
 * (`Number()` alone would take "0x10" and "1e3").
 */
export const idList = (label: string) =>
  plainString(label)
    .max(2000)
    .transform((s, ctx) => {
      const items = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const ids = items.map(Number);
      if (items.some((x) => !/^\d{1,10}$/.test(x)) || ids.some((n) => n <= 0 || n > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: `${label}格式错误` });
        return z.NEVER;
      }
      return ids;
    });
/** Date-time text as the list screens send it: "YYYY-MM-DD HH:mm:ss". */
export const dateTime = (param: string) =>
  plainString().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, `日期格式错误，参数{${param}},不符合该格式{yyyy-MM-dd HH:mm:ss}`);
