import { z } from 'zod';

/** Required text with the Chinese messages every form shows. */
export const text = (label: string, max = 50) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);
export const optionalText = (label: string, max = 200) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional();
/**
 * The largest id: ids are PostgreSQL `integer` columns, which stop at 2^31-1. A larger id fails the
 * schema (400) like any bad input, instead of failing the query ("value out of range", a 500).
 */
export const MAX_ID = 2_147_483_647;
/** The message of an id beyond MAX_ID without a label: starting with 无效, the 400 names the field. */
export const ID_TOO_LARGE = `无效编号：不能大于${MAX_ID}`;
/**
 * A positive integer id up to MAX_ID from a query string, a path or a body (text is coerced). With a
 * label every failure says it in Chinese (请选择会员); without one the 400 names the field.
 */
export const id = (label?: string) =>
  label
    ? z.coerce.number({ error: `请选择${label}` }).int(`请选择${label}`).positive(`请选择${label}`).max(MAX_ID, `${label}编号超出范围`)
    : z.coerce.number().int().positive().max(MAX_ID, ID_TOO_LARGE);
/** The same for a JSON body field that must be a number already (no coercion). */
export const idNumber = (label?: string) =>
  label
    ? z.number({ error: `请选择${label}` }).int(`请选择${label}`).positive(`请选择${label}`).max(MAX_ID, `${label}编号超出范围`)
    : z.number().int().positive().max(MAX_ID, ID_TOO_LARGE);
export const idParams = z.object({ id: id() });
export const stateAS = z.enum(['A', 'S'], { error: '状态只能是启用或停用' });
/** A comma-separated id list in a query string ("1,2,3"). */
export const idList = (label: string) =>
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const ids = s.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: `${label}格式错误` });
        return z.NEVER;
      }
      return ids;
    });
/** Date-time text as the list screens send it: "YYYY-MM-DD HH:mm:ss". */
export const dateTime = (param: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, `日期格式错误，参数{${param}},不符合该格式{yyyy-MM-dd HH:mm:ss}`);
