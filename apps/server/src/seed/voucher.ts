import { createHash } from 'node:crypto';

import type { SeedContext } from '../modules/module.ts';

type Behaviour = 'ok' | 'fail' | 'timeout' | 'unclear';
type DemoVoucher = {
  order: string;
  codes: string[];
  title: string;
  type: number;
  originalFen: number;
  payFen: number;
  used?: boolean;
  expired?: boolean;
  behaviour?: Behaviour;
};

/** The simulator's vouchers of each demo venue (README "Demo vouchers"); every venue of a tenant holds the same codes. */
export const DEMO_VOUCHERS: Record<string, DemoVoucher[]> = {
  demo: [
    { order: '1', codes: ['100000000001'], title: '羽毛球单人畅打2小时', type: 1, originalFen: 6000, payFen: 3990 },
    { order: '2', codes: ['100000000011', '100000000012', '100000000013'], title: '游泳单次票', type: 1, originalFen: 4000, payFen: 2500 },
    { order: '3', codes: ['100000000021', '100000000022'], title: '健身房次卡（2次）', type: 3, originalFen: 10000, payFen: 6800 },
    { order: '4', codes: ['100000000031'], title: '游泳单次票', type: 1, originalFen: 4000, payFen: 2500, used: true },
    { order: '5', codes: ['100000000041'], title: '乒乓球1小时', type: 1, originalFen: 3000, payFen: 1990, expired: true },
    { order: '6', codes: ['100000000051'], title: '50元代金券', type: 2, originalFen: 5000, payFen: 4500 },
    { order: '7', codes: ['100000000061'], title: '篮球半场2小时', type: 1, originalFen: 20000, payFen: 15800, behaviour: 'fail' },
    { order: '8', codes: ['100000000071'], title: '网球1小时', type: 1, originalFen: 8000, payFen: 6600, behaviour: 'timeout' },
    { order: '9', codes: ['100000000081'], title: '瑜伽体验课', type: 1, originalFen: 9900, payFen: 4900, behaviour: 'unclear' },
  ],
  other: [
    { order: '1', codes: ['200000000001'], title: '星河游泳单次票', type: 1, originalFen: 3500, payFen: 2000 },
    { order: '2', codes: ['200000000011', '200000000012'], title: '星河羽毛球双人票', type: 1, originalFen: 8000, payFen: 5000 },
  ],
};

/** The simulator's encrypted code of a voucher: 88 characters of base64, as long as the platform's (about 90). */
export const simulatedEncryptedCode = (poi: string, code: string) => createHash('sha512').update(`${poi}:${code}`).digest('base64');

/** The simulated store id of a venue. */
export const simulatedPoi = (tenantId: number, venueId: number) => `sim-${tenantId}-${venueId}`;

/** Every venue on the simulator, and the demo vouchers at each. */
export async function seedVouchers({ db, tenantId, tenantCode, venueIds, nowIso }: SeedContext): Promise<void> {
  const now = new Date(nowIso).getTime();
  const day = 24 * 3600_000;
  for (const venueId of venueIds.values()) {
    const poi = simulatedPoi(tenantId, venueId);
    await db.insertInto('voucher_config').values({ tenant_id: tenantId, venue_id: venueId, provider: 'simulator', poi_id: poi, updated_at: nowIso }).execute();
    for (const v of DEMO_VOUCHERS[tenantCode] ?? []) {
      const order = `${poi}-order-${v.order}`;
      for (const code of v.codes) {
        const usedAt = new Date(now - 2 * day).toISOString();
        await db
          .insertInto('voucher_sim_certificate')
          .values({
            poi_id: poi,
            order_id: order,
            certificate_id: `${poi}-cert-${code}`,
            code,
            encrypted_code: simulatedEncryptedCode(poi, code),
            sku_id: `${tenantCode}-sku-${v.order}`,
            sku_title: v.title,
            groupon_type: v.type,
            original_fen: v.originalFen,
            pay_fen: v.payFen,
            start_time: new Date(now - 30 * day).toISOString(),
            expire_time: new Date(v.expired ? now - day : now + 180 * day).toISOString(),
            status: v.used ? 'used' : 'unused',
            behaviour: v.behaviour ?? 'ok',
            verify_id: v.used ? `V-seed-${poi}-${code}` : null,
            verify_time: v.used ? usedAt : null,
          })
          .execute();
      }
    }
  }
}
