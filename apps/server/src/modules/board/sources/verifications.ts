import { sql } from 'kysely';
import type { BoardSource } from './source.ts';

/** 团购券核销: vouchers verified at the desk and not cancelled, by the time the desk verified them. */
export const voucherVerifySource: BoardSource = {
  capability: 'voucher',
  async verifications(ctx, range) {
    const row = await ctx.db
      .selectFrom('coupon_verification')
      .where('tenant_id', '=', ctx.tenantId)
      .where('state', '=', 'V')
      .where('created_at', '>=', range.beginIso)
      .where('created_at', '<=', range.endIso)
      .where(ctx.venues('venue_id'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
