import { z } from 'zod';

/**
 * The platform's answers as its documentation and public SDKs describe them (shared notes,
 * integrations.md): every business call answers `{ data: {..., error_code, description}, extra:
 * {error_code, description, sub_error_code, sub_description, logid, now} }`; client_token answers `data`
 * and `message`. Fields we do not use are let through; a field we use that is missing or of another
 * type makes the answer unreadable (抖音返回的数据无法识别), never a wrong record.
 */
const int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const fen = int.pipe(z.number().int().min(0));
/** An epoch time: seconds (10 digits) or milliseconds (13), as a number or digits. */
const epoch = z.union([z.number().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);
/** Ids are strings (int64 values would lose digits as JSON numbers). */
const id = z.string().trim().min(1);

export const envelope = z
  .object({
    data: z.object({ error_code: int.optional(), description: z.string().optional() }).loose().nullish(),
    extra: z
      .object({
        error_code: int.optional(),
        description: z.string().optional(),
        sub_error_code: int.optional(),
        sub_description: z.string().optional(),
        logid: z.string().optional(),
      })
      .loose()
      .nullish(),
    message: z.string().optional(),
  })
  .loose();
export type Envelope = z.infer<typeof envelope>;

export const tokenData = z.object({ access_token: id, expires_in: int.optional() }).loose();

export const preparedData = z
  .object({
    verify_token: z.string().default(''),
    order_id: z.string().default(''),
    certificates: z
      .array(
        z
          .object({
            encrypted_code: id,
            expire_time: epoch,
            start_time: epoch.optional(),
            amount: z.object({ original_amount: fen, pay_amount: fen }).loose(),
            sku: z.object({ sku_id: z.string(), title: z.string(), groupon_type: int }).loose(),
          })
          .loose(),
      )
      .default([]),
  })
  .loose()
  .refine((d) => d.certificates.length === 0 || (d.verify_token !== '' && d.order_id !== ''), '券列表缺少 verify_token 或 order_id');

export const verifiedData = z
  .object({
    verify_results: z.array(
      z
        .object({
          result: int,
          msg: z.string().optional(),
          /** What the call sent: the encrypted code. */
          code: z.string(),
          /** The voucher's plain code. */
          origin_code: z.string().optional(),
          verify_id: z.string().optional(),
          /** Needed to cancel. */
          certificate_id: z.string().optional(),
          verify_time: epoch.optional(),
        })
        .loose()
        .refine((r) => r.result !== 0 || (!!r.verify_id && !!r.certificate_id), '核销成功的结果缺少 verify_id 或 certificate_id'),
    ),
  })
  .loose();

export const statusData = z
  .object({
    certificate: z
      .object({
        certificate_id: z.string().optional(),
        /** 1 unused, 2 used; 3 to 6 refunds. */
        status: int,
        verify: z.object({ verify_id: id, certificate_id: z.string().optional(), verify_time: epoch, can_cancel: z.boolean().optional() }).loose().nullish(),
      })
      .loose(),
  })
  .loose();

/** An epoch time of the platform as a Date: 10 digits or fewer are seconds, more are milliseconds (spec 5); 0 is none. */
export function platformInstant(value: number | undefined): Date | null {
  if (!value || !Number.isFinite(value)) return null;
  return new Date(String(Math.trunc(value)).length <= 10 ? value * 1000 : value);
}
