import { fenToYuan, member, yuanToFen, type BodyOut, type QueryOut } from '@venue/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { countRows, pageQuery } from '../../db/page-query.ts';
import { alreadyExists, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';

type Form = BodyOut<typeof member.cardTypeAdd>;
type TypeRow = Awaited<ReturnType<CardTypeService['rows']>>[number];
const NOT_FOUND = '卡类型不存在';
const NAME_TAKEN = '该卡类型名称已存在';

/** A stored amount of a type (fen for M, times for T) in the API's units. */
const unitsOut = (payType: string, stored: number) => (payType === 'M' ? fenToYuan(stored) : stored);
const unitsIn = (payType: string, v: number) => (payType === 'M' ? yuanToFen(v) : Math.round(v));

/**
 * 会员卡类型 administered: price, face value and bonus, validity (days or months, from opening or
 * sale), goods discount, 延期 price and 补卡 fee, top-up bonus rules, the venues and sports items it is
 * valid for and its sale state. 办卡 offers only the types on sale and valid in the current venue.
 */
export class CardTypeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditService,
  ) {}

  rows(tenantId: number, ids: number[], db: Kysely<Database> | Transaction<Database> = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('card_type').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  private async toAdmin(tenantId: number, rows: TypeRow[], db: Kysely<Database> | Transaction<Database> = this.db) {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    const [venues, items, rules] = await Promise.all([
      db
        .selectFrom('card_type_venue as tv')
        .innerJoin('venue as v', 'v.id', 'tv.venue_id')
        .select(['tv.card_type_id', 'tv.venue_id', 'v.name'])
        .where('tv.tenant_id', '=', tenantId)
        .where('tv.card_type_id', 'in', ids)
        .orderBy('tv.venue_id')
        .execute(),
      db
        .selectFrom('card_type_item')
        .select(['card_type_id', 'item_id'])
        .where('tenant_id', '=', tenantId)
        .where('card_type_id', 'in', ids)
        .orderBy('item_id')
        .execute(),
      db
        .selectFrom('card_recharge_rule')
        .select(['card_type_id', 'min_fen', 'bonus_fen'])
        .where('tenant_id', '=', tenantId)
        .where('card_type_id', 'in', ids)
        .orderBy('min_fen')
        .execute(),
    ]);
    return rows.map((t) => {
      const own = venues.filter((v) => v.card_type_id === t.id);
      return {
        cardTypeId: t.id,
        cardTypeName: t.name,
        payType: t.pay_type,
        price: fenToYuan(t.price_fen),
        face: t.pay_type === 'D' ? 0 : unitsOut(t.pay_type, t.face_fen || (t.pay_type === 'M' ? t.price_fen : t.times)),
        bonus: unitsOut(t.pay_type, t.bonus_fen),
        validDays: t.valid_days,
        validMonths: t.valid_months,
        validStart: t.valid_start,
        discountable: t.discountable === 1,
        discountPerMille: t.discount,
        extendDayPrice: fenToYuan(t.extend_day_fen),
        replaceFee: fenToYuan(t.replace_fee_fen),
        venueIds: own.map((v) => v.venue_id),
        venueNames: own.map((v) => v.name),
        itemIds: items.filter((i) => i.card_type_id === t.id).map((i) => i.item_id),
        rechargeRules: rules
          .filter((r) => r.card_type_id === t.id)
          .map((r) => ({ min: unitsOut(t.pay_type, r.min_fen), bonus: unitsOut(t.pay_type, r.bonus_fen) })),
        state: t.state,
        sort: t.sort,
      };
    });
  }

  async get(tenantId: number, id: number) {
    const rows = await this.rows(tenantId, [id]);
    if (!rows.length) throw notFound(NOT_FOUND);
    return (await this.toAdmin(tenantId, rows))[0];
  }

  async page(tenantId: number, q: QueryOut<typeof member.cardTypePage>) {
    let base = this.db.selectFrom('card_type').where('tenant_id', '=', tenantId);
    if (q.cardTypeName) base = base.where('name', 'like', `%${q.cardTypeName}%`);
    if (q.payType) base = base.where('pay_type', '=', q.payType);
    if (q.state) base = base.where('state', '=', q.state);
    const page = await pageQuery(countRows(base), base.selectAll().orderBy('sort').orderBy('id'), pageWindow(q));
    return { total: page.total, records: await this.toAdmin(tenantId, page.records) };
  }

  /** On sale, and valid in the venue (a type without venues is valid in every venue). */
  async forSale(s: UserSession, venueId: number) {
    assertVenue(s, venueId);
    const rows = await this.db
      .selectFrom('card_type as t')
      .selectAll('t')
      .where('t.tenant_id', '=', s.tenantId)
      .where('t.state', '=', 'A')
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('card_type_venue as tv').select('tv.venue_id').whereRef('tv.card_type_id', '=', 't.id'))),
          eb.exists(eb.selectFrom('card_type_venue as tv').select('tv.venue_id').whereRef('tv.card_type_id', '=', 't.id').where('tv.venue_id', '=', venueId)),
        ]),
      )
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute();
    return this.toAdmin(s.tenantId, rows);
  }

  private async check(tenantId: number, f: Form) {
    if (f.payType === 'T' && Math.round(f.face) < 1) throw refuse('计次卡的次数至少为1');
    if (f.payType === 'D' && f.validDays < 1 && f.validMonths < 1) throw refuse('计时卡请输入有效天数或有效月数');
    if (f.validDays > 0 && f.validMonths > 0) throw refuse('有效天数和有效月数只能填一个');
    if (f.payType !== 'M' && (!Number.isInteger(f.face) || !Number.isInteger(f.bonus))) throw refuse('次数必须是整数');
    const venueIds = [...new Set(f.venueIds)];
    if (venueIds.length) {
      const n = await countRows(this.db.selectFrom('venue').where('tenant_id', '=', tenantId).where('id', 'in', venueIds));
      if (n !== venueIds.length) throw notFound('场馆不存在');
    }
    const itemIds = [...new Set(f.itemIds)];
    if (itemIds.length) {
      const n = await countRows(this.db.selectFrom('sport_item').where('tenant_id', '=', tenantId).where('id', 'in', itemIds));
      if (n !== itemIds.length) throw notFound('运动项目不存在');
    }
    const mins = f.rechargeRules.map((r) => unitsIn(f.payType, r.min));
    if (new Set(mins).size !== mins.length) throw refuse('充值赠送规则的充值满不能重复');
    if (f.payType === 'D' && f.rechargeRules.length) throw refuse('计时卡没有充值赠送');
    return { venueIds, itemIds };
  }

  private values(f: Form) {
    return {
      name: f.cardTypeName,
      pay_type: f.payType,
      price_fen: yuanToFen(f.price),
      face_fen: f.payType === 'D' ? 0 : unitsIn(f.payType, f.face),
      bonus_fen: f.payType === 'D' ? 0 : unitsIn(f.payType, f.bonus),
      times: f.payType === 'T' ? Math.round(f.face) : 0,
      valid_days: f.validDays,
      valid_months: f.validMonths,
      valid_start: f.validStart,
      discountable: f.discountable ? 1 : 0,
      discount: f.discountable ? f.discountPerMille : 1000,
      extend_day_fen: f.payType === 'M' ? 0 : yuanToFen(f.extendDayPrice),
      replace_fee_fen: yuanToFen(f.replaceFee),
      state: f.state,
      sort: f.sort,
    };
  }

  private async links(trx: Transaction<Database>, tenantId: number, typeId: number, f: Form, venueIds: number[], itemIds: number[]) {
    await trx.deleteFrom('card_type_venue').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId).execute();
    await trx.deleteFrom('card_type_item').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId).execute();
    await trx.deleteFrom('card_recharge_rule').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId).execute();
    if (venueIds.length)
      await trx
        .insertInto('card_type_venue')
        .values(venueIds.map((v) => ({ tenant_id: tenantId, card_type_id: typeId, venue_id: v })))
        .execute();
    if (itemIds.length)
      await trx
        .insertInto('card_type_item')
        .values(itemIds.map((i) => ({ tenant_id: tenantId, card_type_id: typeId, item_id: i })))
        .execute();
    if (f.rechargeRules.length)
      await trx
        .insertInto('card_recharge_rule')
        .values(
          f.rechargeRules.map((r) => ({
            tenant_id: tenantId,
            card_type_id: typeId,
            min_fen: unitsIn(f.payType, r.min),
            bonus_fen: unitsIn(f.payType, r.bonus),
          })),
        )
        .execute();
  }

  private nameTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw alreadyExists(NAME_TAKEN);
    throw error;
  };

  async add(s: UserSession, f: Form) {
    const { venueIds, itemIds } = await this.check(s.tenantId, f);
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('card_type')
          .values({ tenant_id: s.tenantId, ...this.values(f) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.links(trx, s.tenantId, id, f, venueIds, itemIds);
        await this.audit.record(trx, s, { action: 'cardType.add', target: `会员卡类型 ${f.cardTypeName}`, after: f });
        return id;
      })
      .catch(this.nameTaken);
    return this.get(s.tenantId, id);
  }

  async edit(s: UserSession, f: BodyOut<typeof member.cardTypeEdit>) {
    const before = await this.get(s.tenantId, f.cardTypeId);
    if (
      before.payType !== f.payType &&
      (await countRows(this.db.selectFrom('card').where('tenant_id', '=', s.tenantId).where('card_type_id', '=', f.cardTypeId))) > 0
    )
      throw refuse('已有会员卡的卡类型不能修改卡类别');
    const { venueIds, itemIds } = await this.check(s.tenantId, f);
    await this.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('card_type').set(this.values(f)).where('tenant_id', '=', s.tenantId).where('id', '=', f.cardTypeId).execute();
        await this.links(trx, s.tenantId, f.cardTypeId, f, venueIds, itemIds);
        await this.audit.record(trx, s, { action: 'cardType.edit', target: `会员卡类型 ${f.cardTypeName}`, before, after: f });
      })
      .catch(this.nameTaken);
    return this.get(s.tenantId, f.cardTypeId);
  }

  async setState(s: UserSession, b: BodyOut<typeof member.cardTypeSetState>) {
    const before = await this.get(s.tenantId, b.cardTypeId);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('card_type').set({ state: b.state }).where('tenant_id', '=', s.tenantId).where('id', '=', b.cardTypeId).execute();
      await this.audit.record(trx, s, {
        action: 'cardType.state',
        target: `会员卡类型 ${before.cardTypeName}`,
        before: { state: member.SALE_STATE_LABELS[before.state] },
        after: { state: member.SALE_STATE_LABELS[b.state] },
      });
    });
    return this.get(s.tenantId, b.cardTypeId);
  }
}
