import type { Insertable, Kysely } from 'kysely';
import type { BookingFieldTable } from '../../db/booking-tables.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { RuleRow } from './booking-grid.ts';

export type FieldValues = Omit<Insertable<BookingFieldTable>, 'id' | 'tenant_id' | 'created_at'>;
export type FieldRow = Awaited<ReturnType<BookingAdminRepository['fields']>>[number];
export interface RuleValues {
  venue_id: number;
  item_id: number;
  name: string;
  weekdays: string;
  dates: string;
  begin_time: string;
  end_time: string;
  price_fen: number;
}
const SETTING_KEY = 'bookingCancelRule';

/** Fields, price rules and the cancellation rule of 场地预订. */
/** A rule's entry for a card type: a member price, or a times card type's times a cell (stored where the price is, as a card's balance is). */
export const memberEntry = (m: { card_type_id: number; price_fen: number; pay_type: string }) =>
  m.pay_type === 'T'
    ? { card_type_id: m.card_type_id, price_fen: 0, times: m.price_fen }
    : { card_type_id: m.card_type_id, price_fen: m.price_fen, times: null };

export class BookingAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(work);
  }

  fields(tenantId: number, venueId: number, itemId?: number, db: Executor = this.db) {
    let q = db
      .selectFrom('booking_field as f')
      .innerJoin('venue as v', 'v.id', 'f.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'f.item_id')
      .selectAll('f')
      .select(['v.name as venue_name', 'i.name as item_name'])
      .where('f.tenant_id', '=', tenantId)
      .where('f.venue_id', '=', venueId);
    if (itemId) q = q.where('f.item_id', '=', itemId);
    return q.orderBy('f.item_id').orderBy('f.sort').orderBy('f.id').execute();
  }

  async field(tenantId: number, fieldId: number) {
    const row = await this.db.selectFrom('booking_field').select('venue_id').where('tenant_id', '=', tenantId).where('id', '=', fieldId).executeTakeFirst();
    if (!row) return undefined;
    return (await this.fields(tenantId, row.venue_id)).find((f) => f.id === fieldId);
  }

  /** Whether the venue offers the item (项目设置), enabled or not. */
  async venueHasItem(tenantId: number, venueId: number, itemId: number) {
    return !!(await this.db
      .selectFrom('venue_item')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('item_id', '=', itemId)
      .executeTakeFirst());
  }

  async nameTaken(tenantId: number, venueId: number, itemId: number, name: string, exceptId: number | null) {
    let q = this.db
      .selectFrom('booking_field')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('item_id', '=', itemId)
      .where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async insertField(trx: Executor, tenantId: number, v: FieldValues, nowIso: string) {
    return (
      await trx
        .insertInto('booking_field')
        .values({ tenant_id: tenantId, ...v, created_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async updateField(trx: Executor, tenantId: number, fieldId: number, v: FieldValues) {
    await trx.updateTable('booking_field').set(v).where('tenant_id', '=', tenantId).where('id', '=', fieldId).execute();
  }

  /** Live cells of a field from `fromDate` on (its sale mode and slot length stay while it has some). */
  async liveLines(tenantId: number, fieldId: number, fromDate: string) {
    const row = await this.db
      .selectFrom('booking_line')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('field_id', '=', fieldId)
      .where('use_date', '>=', fromDate)
      .where('state', 'in', ['P', 'A', 'U'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- Price rules ----
  ruleRows(tenantId: number, venueId: number, itemId: number, db: Executor = this.db) {
    return db
      .selectFrom('booking_price')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
  }

  ruleFields(tenantId: number, ruleIds: number[], db: Executor = this.db) {
    if (!ruleIds.length) return Promise.resolve([]);
    return db
      .selectFrom('booking_price_field')
      .select(['rule_id', 'field_id'])
      .where('tenant_id', '=', tenantId)
      .where('rule_id', 'in', ruleIds)
      .orderBy('field_id')
      .execute();
  }

  ruleMembers(tenantId: number, ruleIds: number[], db: Executor = this.db) {
    if (!ruleIds.length) return Promise.resolve([]);
    return db
      .selectFrom('booking_price_member as m')
      .innerJoin('card_type as t', 't.id', 'm.card_type_id')
      .select(['m.rule_id', 'm.card_type_id', 'm.price_fen', 't.pay_type', 't.name as card_type_name'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.rule_id', 'in', ruleIds)
      .orderBy('m.card_type_id')
      .execute();
  }

  /** The item's rules at the venue as the grid prices by them. */
  async rules(tenantId: number, venueId: number, itemId: number, db: Executor = this.db): Promise<RuleRow[]> {
    const rows = await this.ruleRows(tenantId, venueId, itemId, db);
    const ids = rows.map((r) => r.id);
    const [fields, members] = await Promise.all([this.ruleFields(tenantId, ids, db), this.ruleMembers(tenantId, ids, db)]);
    return rows.map((r) => ({
      id: r.id,
      weekdays: r.weekdays.split(',').filter(Boolean).map(Number),
      dates: r.dates.split(',').filter(Boolean),
      begin_time: r.begin_time,
      end_time: r.end_time,
      price_fen: r.price_fen,
      fieldIds: fields.filter((f) => f.rule_id === r.id).map((f) => f.field_id),
      members: members.filter((m) => m.rule_id === r.id).map(memberEntry),
    }));
  }

  /** The tenant's card types among `ids`, with their names and pay types. */
  async cardTypesOfTenant(tenantId: number, ids: number[]) {
    if (!ids.length) return [];
    return this.db.selectFrom('card_type').select(['id', 'name', 'pay_type']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  async saveRule(
    trx: Executor,
    tenantId: number,
    ruleId: number | null,
    v: RuleValues,
    fieldIds: number[],
    members: { card_type_id: number; price_fen: number }[],
    nowIso: string,
  ) {
    if (ruleId !== null) {
      await trx.updateTable('booking_price').set(v).where('tenant_id', '=', tenantId).where('id', '=', ruleId).execute();
      await trx.deleteFrom('booking_price_field').where('tenant_id', '=', tenantId).where('rule_id', '=', ruleId).execute();
      await trx.deleteFrom('booking_price_member').where('tenant_id', '=', tenantId).where('rule_id', '=', ruleId).execute();
    }
    const id =
      ruleId ??
      (
        await trx
          .insertInto('booking_price')
          .values({ tenant_id: tenantId, ...v, created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (fieldIds.length)
      await trx
        .insertInto('booking_price_field')
        .values(fieldIds.map((field_id) => ({ tenant_id: tenantId, rule_id: id, field_id })))
        .execute();
    if (members.length)
      await trx
        .insertInto('booking_price_member')
        .values(members.map((m) => ({ tenant_id: tenantId, rule_id: id, ...m })))
        .execute();
    return id;
  }

  async removeRule(trx: Executor, tenantId: number, ruleId: number) {
    await trx.deleteFrom('booking_price_field').where('tenant_id', '=', tenantId).where('rule_id', '=', ruleId).execute();
    await trx.deleteFrom('booking_price_member').where('tenant_id', '=', tenantId).where('rule_id', '=', ruleId).execute();
    await trx.deleteFrom('booking_price').where('tenant_id', '=', tenantId).where('id', '=', ruleId).execute();
  }

  findRule(tenantId: number, ruleId: number) {
    return this.db.selectFrom('booking_price').selectAll().where('tenant_id', '=', tenantId).where('id', '=', ruleId).executeTakeFirst();
  }

  // ---- The cancellation rule (tenant_setting, JSON) ----
  async setting(tenantId: number, db: Executor = this.db): Promise<string | null> {
    const row = await db
      .selectFrom('tenant_setting')
      .select('setting_value')
      .where('tenant_id', '=', tenantId)
      .where('setting_key', '=', SETTING_KEY)
      .executeTakeFirst();
    return row?.setting_value ?? null;
  }

  async saveSetting(trx: Executor, tenantId: number, value: string) {
    await trx
      .insertInto('tenant_setting')
      .values({ tenant_id: tenantId, setting_key: SETTING_KEY, setting_value: value })
      .onConflict((oc) => oc.columns(['tenant_id', 'setting_key']).doUpdateSet({ setting_value: value }))
      .execute();
  }
}
