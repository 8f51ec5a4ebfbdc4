import { earlierToday } from './earlier-today.ts';
import type { Kysely } from 'kysely';

import type { Database } from '../db/tables.ts';
import type { SeedContext } from '../modules/module.ts';

type DemoGate = {
  name: string;
  area: string;
  venue: string;
  controller: number;
  doors: [number | null, number | null];
  remote: 'T' | 'F';
  cardTypes: string[];
};
interface DemoPlan {
  areas: string[];
  controllers: [name: string, serialNo: number][];
  gates: DemoGate[];
  /** Users (by user name) granted the gates of their venues. */
  users: string[];
}

/**
 * The demo's controllers sit on 127.0.0.1: the server runs the controller simulator for them
 * (GATE_SIMULATOR) and points them at its port when it starts.
 */
const PLANS: Record<string, DemoPlan> = {
  demo: {
    areas: ['游泳馆入口', '羽毛球馆大门', '健身馆通道'],
    controllers: [
      ['游泳馆闸机控制器', 423187757],
      ['羽毛球馆闸机控制器', 423187758],
      ['健身馆闸机控制器', 423187759],
    ],
    gates: [
      { name: '游泳馆1号闸', area: '游泳馆入口', venue: '城东游泳馆', controller: 423187757, doors: [1, 2], remote: 'T', cardTypes: ['游泳年卡', '储值卡'] },
      { name: '游泳馆2号闸', area: '游泳馆入口', venue: '城东游泳馆', controller: 423187757, doors: [3, 4], remote: 'T', cardTypes: ['游泳年卡', '储值卡'] },
      {
        name: '羽毛球馆闸机',
        area: '羽毛球馆大门',
        venue: '城东羽毛球馆',
        controller: 423187758,
        doors: [1, 2],
        remote: 'T',
        cardTypes: ['羽毛球10次卡', '储值卡', '储值卡（不打折）'],
      },
      { name: '员工通道', area: '羽毛球馆大门', venue: '城东羽毛球馆', controller: 423187758, doors: [3, 4], remote: 'F', cardTypes: [] },
      { name: '健身馆闸机', area: '健身馆通道', venue: '滨江健身馆', controller: 423187759, doors: [1, 2], remote: 'T', cardTypes: ['健身月卡', '储值卡'] },
    ],
    users: ['cashier'],
  },
  other: {
    areas: ['星河大门'],
    controllers: [['星河闸机控制器', 523000001]],
    gates: [{ name: '星河闸机', area: '星河大门', venue: '星河综合馆', controller: 523000001, doors: [1, 2], remote: 'T', cardTypes: ['储值卡'] }],
    users: [],
  },
};

/** Areas, controllers on the simulator, gates with their card types and users, and some passes of today. */
export async function seedGates({ db, tenantId, tenantCode, venueIds, nowIso }: SeedContext): Promise<void> {
  const plan = PLANS[tenantCode];
  if (!plan) return;
  const areaIds = new Map<string, number>();
  for (const [i, name] of plan.areas.entries()) {
    const row = await db
      .insertInto('gate_area')
      .values({ tenant_id: tenantId, name, sort: i + 1, remark: '', created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    areaIds.set(name, row.id);
  }
  const controllerIds = new Map<number, number>();
  for (const [name, serialNo] of plan.controllers) {
    const row = await db
      .insertInto('gate_controller')
      .values({
        tenant_id: tenantId,
        name,
        serial_no: serialNo,
        address: '127.0.0.1',
        port: 60000,
        broadcast: 'F',
        timeout_ms: 1000,
        retries: 1,
        open_delay: 3,
        state: 'A',
        remark: '演示：由内置模拟器应答',
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    controllerIds.set(serialNo, row.id);
  }
  const cardTypes = new Map((await db.selectFrom('card_type').select(['id', 'name']).where('tenant_id', '=', tenantId).execute()).map((t) => [t.name, t.id]));
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('username', 'in', plan.users.length ? plan.users : [''])
    .execute();
  const gates: { id: number; venueId: number; controllerId: number; doors: [number | null, number | null] }[] = [];
  for (const [i, g] of plan.gates.entries()) {
    const venueId = venueIds.get(g.venue)!;
    const controllerId = controllerIds.get(g.controller)!;
    const row = await db
      .insertInto('gate')
      .values({
        tenant_id: tenantId,
        name: g.name,
        area_id: areaIds.get(g.area)!,
        venue_id: venueId,
        controller_id: controllerId,
        in_door: g.doors[0],
        out_door: g.doors[1],
        usage: 'A',
        is_remote_control: g.remote,
        pass_mode: 'S',
        reader_type: 'WG',
        sort: i + 1,
        remark: g.remote === 'F' ? '员工刷卡通行，不支持远程控制' : '',
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const types = g.cardTypes.map((name) => cardTypes.get(name)).filter((id): id is number => !!id);
    if (types.length)
      await db
        .insertInto('gate_card_type')
        .values(types.map((card_type_id) => ({ tenant_id: tenantId, gate_id: row.id, card_type_id })))
        .execute();
    if (users.length)
      await db
        .insertInto('gate_user')
        .values(users.map((u) => ({ tenant_id: tenantId, gate_id: row.id, user_id: u.id })))
        .execute();
    if (types.length) gates.push({ id: row.id, venueId, controllerId, doors: g.doors });
  }
  await seedPasses(db, tenantId, gates, nowIso);
}

/** Today's passes before now: members with physical cards in and out every half hour, now and then a refused card. */
async function seedPasses(
  db: Kysely<Database>,
  tenantId: number,
  gates: { id: number; venueId: number; controllerId: number; doors: [number | null, number | null] }[],
  nowIso: string,
) {
  const cards = await db
    .selectFrom('card')
    .select(['id', 'phy_card_id'])
    .where('tenant_id', '=', tenantId)
    .where('phy_card_id', 'is not', null)
    .where('state', '=', 'A')
    .limit(12)
    .execute();
  if (!cards.length || !gates.length) return;
  const indexes = new Map<number, number>();
  const rows = [];
  for (let n = 0; n < 24; n += 1) {
    const gate = gates[n % gates.length];
    const card = cards[n % cards.length];
    const direction = n % 3 === 2 ? 'O' : 'I';
    const door = (direction === 'I' ? gate.doors[0] : gate.doors[1]) ?? gate.doors[0]!;
    const refused = n % 11 === 10;
    const index = (indexes.get(gate.controllerId) ?? 0) + 1;
    indexes.set(gate.controllerId, index);
    rows.push({
      tenant_id: tenantId,
      venue_id: gate.venueId,
      gate_id: gate.id,
      controller_id: gate.controllerId,
      event_index: index,
      door,
      direction: direction as 'I' | 'O',
      kind: 'S' as const,
      card_number: refused ? 3_000_000_000 + n : Number(card.phy_card_id),
      card_id: refused ? null : card.id,
      granted: refused ? ('F' as const) : ('T' as const),
      reason: refused ? 6 : 1,
      pass_time: earlierToday(nowIso, (24 - n) * 6),
      created_at: nowIso,
    });
  }
  await db.insertInto('gate_pass').values(rows).execute();
}
