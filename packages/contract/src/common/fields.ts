import { z } from 'zod';

/** Required text with the Chinese messages every form shows. */
export const text = (label: string, max = 50) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);
export const optionalText = (label: string, max = 200) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional();
export const id = (label: string) => z.coerce.number({ error: `请选择${label}` }).int(`请选择${label}`).positive(`请选择${label}`);
export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const stateAS = z.enum(['A', 'S'], { error: '状态只能是启用或停用' });
/** A comma-separated id list in a query string ("1,2,3"). */
export const idList = (label: string) =>
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const ids = s.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: `${label}格式错误` });
        return z.NEVER;
      }
      return ids;
    });
/** Date-time text as the list screens send it: "YYYY-MM-DD HH:mm:ss". */
export const dateTime = (param: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, `日期格式错误，参数{${param}},不符合该格式{yyyy-MM-dd HH:mm:ss}`);
