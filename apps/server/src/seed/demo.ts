import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { hashPassword } from '../lib/secrets.ts';
import type { SeedContext } from '../modules/module.ts';
import { MODULES } from '../modules.ts';
import { insertMenus } from '../modules/menu/menu-seed.ts';
import { PRODUCT_MENUS } from '../product-menus.ts';
import { seedPaymentMethods } from './cashier.ts';
import { seedCoupons } from './coupon.ts';
import { seedGates } from './gate.ts';
import { seedGoods } from './goods.ts';
import { seedHands } from './hand.ts';
import { seedLease } from './lease.ts';
import { seedLectures } from './lecture.ts';
import { seedBooking } from './booking.ts';
import { seedCourses } from './course.ts';
import { seedMemberCards } from './member-cards.ts';
import { seedTickets } from './ticket.ts';
import { seedVouchers } from './voucher.ts';

export interface TenantSeed {
  code: string;
  name: string;
  centers: { name: string; venues: { name: string; address: string; phone: string; items: string[] }[] }[];
  users: { username: string; realName: string; password: string; role: 'admin' | 'cashier'; venues: 'all' | string[] }[];
  /** The role codes of ROLES it gets (all when absent): an install without demo data has the built-in admin only. */
  roles?: string[];
}

export const ROLES = [
  { code: 'admin', name: '超级管理员', level: 1, description: '拥有全部权限' },
  { code: 'cashier', name: '收银员', level: 3, description: '前台收银、会员卡与核销' },
];

export const TENANT_SERVICES: [string, string][] = [
  ['goods', '商品销售'],
  ['lease', '商品租赁'],
  ['member', '会员卡'],
  ['ticket', '票务'],
  ['voucher', '团购验券'],
  ['gate', '闸机管理'],
  ['hand', '手环'],
];

/** Demo data by the key of the module it belongs to, seeded after that module's code tables, for a tenant that has venues. */
const DEMO_DATA: Partial<Record<string, (ctx: SeedContext) => Promise<void>>> = {
  goods: ({ db, tenantId, venueIds, firstUserId, nowIso }) => seedGoods(db, tenantId, venueIds, firstUserId, nowIso),
  payment: ({ db, tenantId, venueIds, nowIso }) => seedPaymentMethods(db, tenantId, venueIds, nowIso),
  lease: ({ db, tenantId, venueIds, firstUserId, nowIso }) => seedLease(db, tenantId, venueIds, firstUserId, nowIso),
  memberCards: ({ db, tenantId, tenantCode, venueIds, firstUserId, nowIso }) => seedMemberCards(db, tenantId, tenantCode, venueIds, firstUserId, nowIso),
  tickets: seedTickets,
  lectures: seedLectures,
  booking: seedBooking,
  courses: seedCourses,
  hands: ({ db, tenantId, venueIds, firstUserId, nowIso }) => seedHands(db, tenantId, venueIds, firstUserId, nowIso),
  gates: seedGates,
  vouchers: seedVouchers,
  coupons: seedCoupons,
};

export async function seedTenant(db: Kysely<Database>, seed: TenantSeed, nowIso: string): Promise<number> {
  const tenant = await db
    .insertInto('tenant')
    .values({ code: seed.code, name: seed.name, state: 'A', created_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  await db.insertInto('tenant_setting').values({ tenant_id: tenantId, setting_key: 'homePageLogo', setting_value: '/logo.svg' }).execute();
  await db
    .insertInto('tenant_service')
    .values(TENANT_SERVICES.map(([code, name]) => ({ tenant_id: tenantId, service_code: code, service_name: name, enabled: 1 })))
    .execute();
  await db
    .insertInto('global_setting')
    .values([
      { tenant_id: tenantId, setting_key: 'showFooter', setting_value: 'true' },
      { tenant_id: tenantId, setting_key: 'footerTxt', setting_value: `© 2026 ${seed.name}` },
      { tenant_id: tenantId, setting_key: 'caseNumber', setting_value: '' },
    ])
    .execute();

  const itemIds = new Map<string, number>();
  const venueIds = new Map<string, number>();
  let centerSort = 0;
  for (const center of seed.centers) {
    const c = await db
      .insertInto('center')
      .values({ tenant_id: tenantId, name: center.name, state: 'A', sort: ++centerSort })
      .returning('id')
      .executeTakeFirstOrThrow();
    let venueSort = 0;
    for (const venue of center.venues) {
      const v = await db
        .insertInto('venue')
        .values({
          tenant_id: tenantId,
          center_id: c.id,
          name: venue.name,
          address: venue.address,
          phone: venue.phone,
          state: 'A',
          sort: ++venueSort,
          created_at: nowIso,
          // The demo's boards (visitor flow, big screens) open without a login.
          board_public: 'T',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      venueIds.set(venue.name, v.id);
      for (const item of venue.items) {
        if (!itemIds.has(item)) {
          const row = await db
            .insertInto('sport_item')
            .values({ tenant_id: tenantId, name: item, state: 'A', sort: itemIds.size + 1 })
            .returning('id')
            .executeTakeFirstOrThrow();
          itemIds.set(item, row.id);
        }
        await db
          .insertInto('venue_item')
          .values({ tenant_id: tenantId, venue_id: v.id, item_id: itemIds.get(item)!, state: 'A' })
          .execute();
      }
    }
  }

  const roleIds: Record<string, number> = {};
  for (const role of ROLES.filter((r) => !seed.roles || seed.roles.includes(r.code))) {
    const row = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, ...role })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds[role.code] = row.id;
  }
  let firstUserId = 0;
  for (const user of seed.users) {
    const venues = user.venues === 'all' ? [...venueIds.values()] : user.venues.map((n) => venueIds.get(n)!);
    const row = await db
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        username: user.username,
        real_name: user.realName,
        password_hash: await hashPassword(user.password),
        phone: null,
        state: 'A',
        current_venue_id: venues[0] ?? null,
        member_type_flag: 'F',
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    firstUserId ||= row.id;
    await db.insertInto('user_role').values({ tenant_id: tenantId, user_id: row.id, role_id: roleIds[user.role] }).execute();
    if (venues.length)
      await db
        .insertInto('user_venue')
        .values(venues.map((venue_id) => ({ tenant_id: tenantId, user_id: row.id, venue_id })))
        .execute();
  }

  await insertMenus(db, tenantId, roleIds, PRODUCT_MENUS);
  const context: SeedContext = { db, tenantId, tenantCode: seed.code, venueIds, firstUserId, nowIso };
  for (const module of MODULES.modules) {
    await module.seed?.(context);
    // Demo data hangs off venues; a tenant started without demo data has none yet.
    if (venueIds.size) await DEMO_DATA[module.key]?.(context);
  }
  return tenantId;
}

export const DEMO_TENANTS: TenantSeed[] = [
  {
    code: 'demo',
    name: '阳光体育运营集团',
    centers: [
      {
        name: '城东体育中心',
        venues: [
          { name: '城东羽毛球馆', address: '城东区体育路 1 号', phone: '0571-88000001', items: ['羽毛球', '乒乓球'] },
          { name: '城东游泳馆', address: '城东区体育路 3 号', phone: '0571-88000002', items: ['游泳'] },
        ],
      },
      {
        name: '滨江运动公园',
        venues: [
          { name: '滨江网球中心', address: '滨江区江滨大道 88 号', phone: '0571-88000003', items: ['网球', '篮球'] },
          { name: '滨江健身馆', address: '滨江区江滨大道 90 号', phone: '0571-88000004', items: ['健身', '瑜伽'] },
        ],
      },
    ],
    users: [
      { username: 'admin', realName: '系统管理员', password: 'admin123', role: 'admin', venues: 'all' },
      { username: 'cashier', realName: '收银员小李', password: 'cashier123', role: 'cashier', venues: ['城东羽毛球馆', '城东游泳馆'] },
    ],
  },
  {
    code: 'other',
    name: '星河体育有限公司',
    centers: [{ name: '星河中心', venues: [{ name: '星河综合馆', address: '星河路 9 号', phone: '0571-89000001', items: ['篮球'] }] }],
    users: [{ username: 'admin2', realName: '星河管理员', password: 'admin123', role: 'admin', venues: 'all' }],
  },
];
