import type { Insertable, Kysely } from 'kysely';
import { member, sale, ticket } from '@venue/contract';
import type { Database } from '../../db/tables.ts';
import type { RentTerms } from '../../modules/lease/lease-rent.ts';

/** The history's tables, in the order their rows go in (parents first). */
export const TABLES = [
  'member',
  'card',
  'card_order',
  'stock_in',
  'stock_in_line',
  'sale_order',
  'sale_order_line',
  'ticket_order',
  'ticket_detail',
  'ticket_check',
  'lease_order',
  'lease_order_line',
  'card_consume',
  'pay_record',
  'order_refund',
  'order_refund_line',
  'order_refund_pay',
  'stock_movement',
  'gate_pass',
] as const;
export type HistoryTable = (typeof TABLES)[number];
/** The payment columns of an order paid at once: one attempt, its lock let go. */
export const paidAtOnce = (payMode: string, paidAt: string) => ({ pay_mode: payMode, pay_attempt: 1, pay_lock: null, pay_lock_until: null, paid_at: paidAt });
/** The rows planned for the history's tables, written in batches. */
export type Rows = { [T in HistoryTable]: Insertable<Database[T]>[] };

export const ORDER_TYPES = { sale: sale.SALE_ORDER_TYPE, card: member.CARD_ORDER_TYPE, ticket: ticket.TICKET_ORDER_TYPE } as const;

/** One venue as the history sells in it: its till's warehouse, its pay methods, its gates, its ticket types. */
export interface VenueWorld {
  id: number;
  warehouseId: number | null;
  methods: { payMode: string; payName: string; remote: boolean }[];
  gates: { id: number; controllerId: number; inDoor: number | null; outDoor: number | null }[];
  ticketTypes: { id: number; itemId: number; name: string; priceFen: number }[];
  /** Enabled lease goods of the sports items the venue runs, with their rent terms. */
  leaseGoods: { id: number; goodsId: number; itemId: number; name: string; specs: string; unit: string; terms: RentTerms; depositFen: number }[];
}

/** What the history writes with: the demo tenant as seeded, and the running books it keeps (stock, cards). */
export interface World {
  tenantId: number;
  userId: number;
  username: string;
  venues: VenueWorld[];
  goods: { id: number; name: string; specs: string; unit: string; priceFen: number }[];
  supplierIds: number[];
  /** A stored-value card type without discount: history cards are sold and pay at list price. */
  cardType: { id: number; name: string; priceFen: number; faceFen: number; bonusFen: number; rules: { minFen: number; bonusFen: number }[] };
  /** Next id of each table (ids are given here, so rows can refer to each other before they are written). */
  nextId: Record<HistoryTable, number>;
  /** Stock per "warehouse:goods" now. */
  stock: Map<string, number>;
  /** History cards: balance now, member, and the ids of cards with a balance worth paying with. */
  cards: { id: number; cardNo: string; memberId: number; balance: number }[];
  /** Gate event numbers per controller. */
  eventIndex: Map<number, number>;
}

/** Loads the seeded tenant (its admin sells the history), its venues and goods, and the tables' next ids. */
export async function loadWorld(db: Kysely<Database>, tenantId: number): Promise<World | null> {
  const user = await db.selectFrom('users').select(['id', 'username']).where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst();
  const cardType = await db
    .selectFrom('card_type')
    .select(['id', 'name', 'price_fen', 'face_fen', 'bonus_fen'])
    .where('tenant_id', '=', tenantId)
    .where('pay_type', '=', 'M')
    .where('state', '=', 'A')
    .where('discount', '=', 1000)
    .where('valid_days', '=', 0)
    .where('valid_months', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  if (!user || !cardType) return null;
  const [venues, warehouses, methods, gates, types, goods, suppliers, stock, controllers, leaseGoods] = await Promise.all([
    db.selectFrom('venue').select('id').where('tenant_id', '=', tenantId).where('state', '=', 'A').orderBy('id').execute(),
    db
      .selectFrom('warehouse_venue as wv')
      .innerJoin('warehouse as w', 'w.id', 'wv.warehouse_id')
      .select(['wv.venue_id', 'w.id'])
      .where('w.tenant_id', '=', tenantId)
      .where('w.state', '=', 'A')
      .orderBy('w.id')
      .execute(),
    db
      .selectFrom('payment_method as m')
      .innerJoin('payment_method_venue as mv', 'mv.method_id', 'm.id')
      .select(['mv.venue_id', 'm.pay_mode', 'm.pay_name', 'm.is_api'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.state', '=', 'A')
      .orderBy('m.sort')
      .execute(),
    db
      .selectFrom('gate')
      .select(['id', 'venue_id', 'controller_id', 'in_door', 'out_door'])
      .where('tenant_id', '=', tenantId)
      .where('usage', '=', 'A')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ticket_type')
      .select(['id', 'venue_id', 'item_id', 'name', 'price_fen'])
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'A')
      .where('uses', '=', 1)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('goods')
      .select(['id', 'name', 'specs', 'unit', 'price_fen'])
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'A')
      .where('is_on_sale', '=', '1')
      .orderBy('id')
      .execute(),
    db.selectFrom('supplier').select('id').where('tenant_id', '=', tenantId).where('state', '=', 'A').orderBy('id').execute(),
    db.selectFrom('goods_stock').select(['warehouse_id', 'goods_id', 'quantity']).where('tenant_id', '=', tenantId).execute(),
    db
      .selectFrom('gate_pass')
      .select(['controller_id', (eb) => eb.fn.max('event_index').as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('controller_id')
      .execute(),
    db
      .selectFrom('lease_goods as lg')
      .innerJoin('goods as g', 'g.id', 'lg.goods_id')
      .innerJoin('venue_item as vi', (j) => j.onRef('vi.item_id', '=', 'lg.item_id').on('vi.state', '=', 'A'))
      .select([
        'vi.venue_id',
        'lg.id',
        'lg.goods_id',
        'lg.item_id',
        'g.name',
        'g.specs',
        'g.unit',
        'lg.rent_mode',
        'lg.rent_fen',
        'lg.unit_minutes',
        'lg.free_minutes',
        'lg.daily_cap_fen',
        'lg.deposit_fen',
      ])
      .where('lg.tenant_id', '=', tenantId)
      .where('lg.state', '=', 'A')
      .where('g.state', '=', 'A')
      .orderBy('lg.id')
      .execute(),
  ]);
  const rules = await db
    .selectFrom('card_recharge_rule')
    .select(['min_fen', 'bonus_fen'])
    .where('tenant_id', '=', tenantId)
    .where('card_type_id', '=', cardType.id)
    .execute();
  const nextId = {} as Record<HistoryTable, number>;
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    nextId[table] = Number(row?.id ?? 0) + 1;
  }
  return {
    tenantId,
    userId: user.id,
    username: user.username,
    venues: venues.map((v) => ({
      id: v.id,
      warehouseId: warehouses.find((w) => w.venue_id === v.id)?.id ?? null,
      // Card pay is a part of its own (the member's card); these are the venue's system methods.
      methods: methods.filter((m) => m.venue_id === v.id).map((m) => ({ payMode: m.pay_mode, payName: m.pay_name, remote: m.is_api === 'T' })),
      gates: gates.filter((g) => g.venue_id === v.id).map((g) => ({ id: g.id, controllerId: g.controller_id, inDoor: g.in_door, outDoor: g.out_door })),
      ticketTypes: types.filter((t) => t.venue_id === v.id).map((t) => ({ id: t.id, itemId: t.item_id, name: t.name, priceFen: t.price_fen })),
      leaseGoods: leaseGoods
        .filter((g) => g.venue_id === v.id)
        .map((g) => ({
          id: g.id,
          goodsId: g.goods_id,
          itemId: g.item_id,
          name: g.name,
          specs: g.specs,
          unit: g.unit,
          terms: { rent_mode: g.rent_mode, rent_fen: g.rent_fen, unit_minutes: g.unit_minutes, free_minutes: g.free_minutes, daily_cap_fen: g.daily_cap_fen },
          depositFen: g.deposit_fen,
        })),
    })),
    goods: goods.map((g) => ({ id: g.id, name: g.name, specs: g.specs, unit: g.unit, priceFen: g.price_fen })),
    supplierIds: suppliers.map((s) => s.id),
    cardType: {
      id: cardType.id,
      name: cardType.name,
      priceFen: cardType.price_fen,
      faceFen: cardType.face_fen,
      bonusFen: cardType.bonus_fen,
      rules: rules.map((r) => ({ minFen: r.min_fen, bonusFen: r.bonus_fen })),
    },
    nextId,
    stock: new Map(stock.map((s) => [`${s.warehouse_id}:${s.goods_id}`, s.quantity])),
    cards: [],
    eventIndex: new Map(controllers.map((c) => [c.controller_id, Number(c.n)])),
  };
}
