import { chinaDate } from '@venue/contract';
import type { SeedContext } from '../modules/module.ts';

const DAY = 24 * 3600_000;
const dayOf = (ms: number) => chinaDate(ms);

/**
 * Two coupons of every venue of the tenant (README "What else the demo shows"): 满100减20 (total 100, 2 a member)
 * and 饮品8.5折 (total 50), one of each issued to the tenant's first two members by its admin.
 */
export async function seedCoupons({ db, tenantId, venueIds, firstUserId, nowIso }: SeedContext): Promise<void> {
  const now = new Date(nowIso).getTime();
  const members = await db.selectFrom('member').select(['id']).where('tenant_id', '=', tenantId).orderBy('id').limit(2).execute();
  const admin = await db.selectFrom('users').select('username').where('id', '=', firstUserId).executeTakeFirstOrThrow();
  const defs = [
    { name: '满100减20元券', coupon_type: 'A' as const, amount_fen: 2000, discount: null, min_spend_fen: 10000, total_quantity: 100, per_member_limit: 2 },
    { name: '饮品8.5折券', coupon_type: 'D' as const, amount_fen: null, discount: 850, min_spend_fen: 0, total_quantity: 50, per_member_limit: 1 },
  ];
  let serial = 0;
  for (const def of defs) {
    const { id } = await db
      .insertInto('coupon')
      .values({
        tenant_id: tenantId,
        ...def,
        begin_date: dayOf(now - 7 * DAY),
        end_date: dayOf(now + 90 * DAY),
        issued_quantity: members.length,
        state: 'A',
        remark: '演示优惠券',
        created_by: firstUserId,
        created_at: new Date(now - 7 * DAY).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('coupon_venue')
      .values([...venueIds.values()].map((venueId) => ({ tenant_id: tenantId, coupon_id: id, venue_id: venueId })))
      .execute();
    for (const member of members)
      await db
        .insertInto('member_coupon')
        .values({
          tenant_id: tenantId,
          coupon_id: id,
          member_id: member.id,
          code: `YH${String(tenantId).padStart(4, '0')}${String(++serial).padStart(8, '0')}`,
          state: 'U',
          remark: '演示发放',
          issued_by: firstUserId,
          issued_by_name: admin.username,
          issued_at: new Date(now - 2 * DAY).toISOString(),
        })
        .execute();
  }
}
