import type { Kysely } from 'kysely';
import { payChannel } from '@venue/contract';
import type { Database } from '../db/tables.ts';

/** The venue without 支付宝 in the demo, so the payment dialog shows that methods are per venue. */
export const NO_ALIPAY_VENUE = '滨江网球中心';
const METHODS: [payMode: string, payName: string, isApi: 'T' | 'F', icon: string][] = [
  ['cashpay', '现金', 'F', 'cash'],
  ['wechatpay', '微信', 'T', 'wechat'],
  ['alipay', '支付宝', 'T', 'alipay'],
  ['umspay', '银联商务', 'T', 'union'],
  ['bankpay', '银行卡', 'F', 'bank'],
];

/**
 * Every venue's payment methods: cash, WeChat, Alipay (not in NO_ALIPAY_VENUE), UnionPay business, bank
 * card; the scan-code ones through the simulator, set explicitly for the whole tenant (issue 31: a new
 * install has no simulated channel).
 */
export async function seedPaymentMethods(db: Kysely<Database>, tenantId: number, venues: Map<string, number>, nowIso: string): Promise<void> {
  for (const [i, [payMode, payName, isApi, icon]] of METHODS.entries()) {
    const { id } = await db
      .insertInto('payment_method')
      .values({ tenant_id: tenantId, pay_mode: payMode, pay_name: payName, is_api: isApi, icon, state: 'A', sort: i + 1, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    const venueIds = [...venues].filter(([name]) => payMode !== 'alipay' || name !== NO_ALIPAY_VENUE).map(([, venueId]) => venueId);
    if (venueIds.length)
      await db
        .insertInto('payment_method_venue')
        .values(venueIds.map((venue_id) => ({ tenant_id: tenantId, method_id: id, venue_id })))
        .execute();
  }
  await db
    .insertInto('pay_channel_config')
    .values(
      payChannel.SCAN_MODES.map((pay_mode) => ({
        tenant_id: tenantId,
        venue_id: payChannel.ALL_VENUES,
        pay_mode,
        provider: 'simulator' as const,
        updated_at: nowIso,
      })),
    )
    .execute();
}
