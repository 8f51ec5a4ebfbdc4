import { fenToYuan, member, yuanToFen, type BodyOut, type QueryOut } from '@venue/contract';
import { alreadyExists, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { CardTypeRepository, CardTypeRow, TypeLinks } from './card-type.repository.ts';

type Form = BodyOut<typeof member.cardTypeAdd>;
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
    private readonly repo: CardTypeRepository,
    private readonly audit: AuditService,
  ) {}

  private async toAdmin(tenantId: number, rows: CardTypeRow[]) {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    const [venues, items, rules] = await this.repo.links(tenantId, ids);
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
    const rows = await this.repo.rows(tenantId, [id]);
    if (!rows.length) throw notFound(NOT_FOUND);
    return (await this.toAdmin(tenantId, rows))[0];
  }

  async page(tenantId: number, q: QueryOut<typeof member.cardTypePage>) {
    const page = await this.repo.page(tenantId, q, pageWindow(q));
    return { total: page.total, records: await this.toAdmin(tenantId, page.records) };
  }

  /** On sale, and valid in the venue (a type without venues is valid in every venue). */
  async forSale(s: UserSession, venueId: number) {
    assertVenue(s, venueId);
    const rows = await this.repo.forSale(s.tenantId, venueId);
    return this.toAdmin(s.tenantId, rows);
  }

  private async check(tenantId: number, f: Form) {
    if (f.payType === 'T' && Math.round(f.face) < 1) throw refuse('计次卡的次数至少为1');
    if (f.payType === 'D' && f.validDays < 1 && f.validMonths < 1) throw refuse('计时卡请输入有效天数或有效月数');
    if (f.validDays > 0 && f.validMonths > 0) throw refuse('有效天数和有效月数只能填一个');
    if (f.payType !== 'M' && (!Number.isInteger(f.face) || !Number.isInteger(f.bonus))) throw refuse('次数必须是整数');
    const venueIds = [...new Set(f.venueIds)];
    if (venueIds.length) {
      if ((await this.repo.venueCount(tenantId, venueIds)) !== venueIds.length) throw notFound('场馆不存在');
    }
    const itemIds = [...new Set(f.itemIds)];
    if (itemIds.length) {
      if ((await this.repo.itemCount(tenantId, itemIds)) !== itemIds.length) throw notFound('运动项目不存在');
    }
    const mins = f.rechargeRules.map((r) => unitsIn(f.payType, r.min));
    if (new Set(mins).size !== mins.length) throw refuse('充值赠送规则的充值满不能重复');
    if (f.payType === 'D' && f.rechargeRules.length) throw refuse('计时卡没有充值赠送');
    const rules = f.rechargeRules.map((r) => ({ min_fen: unitsIn(f.payType, r.min), bonus_fen: unitsIn(f.payType, r.bonus) }));
    return { venueIds, itemIds, rules } satisfies TypeLinks;
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

  private nameTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw alreadyExists(NAME_TAKEN);
    throw error;
  };

  async add(s: UserSession, f: Form) {
    const links = await this.check(s.tenantId, f);
    const id = await this.repo
      .transaction(async (repo, trx) => {
        const id = await repo.insert(s.tenantId, this.values(f));
        await repo.setLinks(s.tenantId, id, links);
        await this.audit.record(trx, s, { action: 'cardType.add', target: `会员卡类型 ${f.cardTypeName}`, after: f });
        return id;
      })
      .catch(this.nameTaken);
    return this.get(s.tenantId, id);
  }

  async edit(s: UserSession, f: BodyOut<typeof member.cardTypeEdit>) {
    const before = await this.get(s.tenantId, f.cardTypeId);
    if (before.payType !== f.payType && (await this.repo.cardCount(s.tenantId, f.cardTypeId)) > 0) throw refuse('已有会员卡的卡类型不能修改卡类别');
    const links = await this.check(s.tenantId, f);
    await this.repo
      .transaction(async (repo, trx) => {
        await repo.update(s.tenantId, f.cardTypeId, this.values(f));
        await repo.setLinks(s.tenantId, f.cardTypeId, links);
        await this.audit.record(trx, s, { action: 'cardType.edit', target: `会员卡类型 ${f.cardTypeName}`, before, after: f });
      })
      .catch(this.nameTaken);
    return this.get(s.tenantId, f.cardTypeId);
  }

  async setState(s: UserSession, b: BodyOut<typeof member.cardTypeSetState>) {
    const before = await this.get(s.tenantId, b.cardTypeId);
    await this.repo.transaction(async (repo, trx) => {
      await repo.update(s.tenantId, b.cardTypeId, { state: b.state });
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
