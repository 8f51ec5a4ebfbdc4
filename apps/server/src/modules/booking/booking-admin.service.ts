import { bookingAdmin, chinaDate, fenToYuan, yuanToFen, type BodyOut, type BookingSetting } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import { memberEntry, type BookingAdminRepository, type FieldRow } from './booking-admin.repository.ts';

export const FIELD_MISSING = '场地不存在';
export const RULE_MISSING = '价格规则不存在';

export const toField = (f: FieldRow): bookingAdmin.Field => ({
  fieldId: f.id,
  venueId: f.venue_id,
  venueName: f.venue_name,
  itemId: f.item_id,
  itemName: f.item_name,
  fieldName: f.name,
  sort: f.sort,
  state: f.state,
  saleMode: f.sale_mode,
  capacity: f.capacity,
  slotMinutes: f.slot_minutes,
});

/** Reads a stored cancellation rule; what is missing or broken is the default's. */
export function parseSetting(stored: string | null): BookingSetting {
  const d = bookingAdmin.DEFAULT_BOOKING_SETTING;
  try {
    const v = stored ? (JSON.parse(stored) as Partial<BookingSetting>) : {};
    const n = (x: unknown, fallback: number) => (Number.isInteger(x) && (x as number) >= 0 ? (x as number) : fallback);
    return {
      cancelBeforeHours: n(v.cancelBeforeHours, d.cancelBeforeHours),
      feePercent: Math.min(100, n(v.feePercent, d.feePercent)),
      freeBeforeHours: n(v.freeBeforeHours, d.freeBeforeHours),
      gateEarlyMinutes: Math.min(720, n(v.gateEarlyMinutes, d.gateEarlyMinutes)),
    };
  } catch {
    return d;
  }
}

/** 场地 and 场地价格 (the back office): fields of a venue's item, their price rules, the cancellation rule. */
export class BookingAdminService {
  constructor(
    private readonly repo: BookingAdminRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async fields(s: UserSession, venueId: number, itemId?: number) {
    assertVenue(s, venueId);
    return (await this.repo.fields(s.tenantId, venueId, itemId)).map(toField);
  }

  async field(s: UserSession, fieldId: number) {
    const f = await this.repo.field(s.tenantId, fieldId);
    if (!f) throw notFound(FIELD_MISSING);
    assertVenue(s, f.venue_id);
    return toField(f);
  }

  async saveField(s: UserSession, fieldId: number | null, b: BodyOut<typeof bookingAdmin.fieldAdd>) {
    const before = fieldId === null ? undefined : await this.field(s, fieldId);
    assertVenue(s, b.venueId);
    if (!(await this.repo.venueHasItem(s.tenantId, b.venueId, b.itemId))) throw refuse('该场馆未开设此运动项目');
    if (before && (before.venueId !== b.venueId || before.itemId !== b.itemId)) throw refuse('场地不能改到其他场馆或项目');
    const capacity = b.saleMode === 'C' ? b.capacity : 1;
    if (before && (before.saleMode !== b.saleMode || before.slotMinutes !== b.slotMinutes || capacity < before.capacity)) {
      const live = await this.repo.liveLines(s.tenantId, before.fieldId, chinaDate(this.clock.now()));
      if (live > 0) throw refuse(`场地有${live}个未结束的预订时段，不能修改售卖方式、时段长度或减少容纳人数`);
    }
    if (await this.repo.nameTaken(s.tenantId, b.venueId, b.itemId, b.fieldName, fieldId)) throw alreadyExists('该项目已有同名场地');
    const values = {
      venue_id: b.venueId,
      item_id: b.itemId,
      name: b.fieldName,
      sort: b.sort,
      state: b.state,
      sale_mode: b.saleMode,
      capacity,
      slot_minutes: b.slotMinutes,
    };
    const id = await this.repo.transaction(async (trx) => {
      const saved = fieldId ?? (await this.repo.insertField(trx, s.tenantId, values, iso(this.clock.now())));
      if (fieldId !== null) await this.repo.updateField(trx, s.tenantId, fieldId, values);
      await this.audit.record(trx, s, {
        action: fieldId === null ? 'field.add' : 'field.edit',
        target: `场地 ${b.fieldName}`,
        venueId: b.venueId,
        before,
        after: b,
      });
      return saved;
    });
    return this.field(s, id);
  }

  // ---- Price rules ----
  async rules(s: UserSession, venueId: number, itemId: number): Promise<bookingAdmin.PriceRule[]> {
    assertVenue(s, venueId);
    const rows = await this.repo.ruleRows(s.tenantId, venueId, itemId);
    const ids = rows.map((r) => r.id);
    const [fields, members] = await Promise.all([this.repo.ruleFields(s.tenantId, ids), this.repo.ruleMembers(s.tenantId, ids)]);
    return rows.map((r) => ({
      ruleId: r.id,
      venueId: r.venue_id,
      itemId: r.item_id,
      ruleName: r.name,
      fieldIds: fields.filter((f) => f.rule_id === r.id).map((f) => f.field_id),
      weekdays: r.weekdays.split(',').filter(Boolean).map(Number),
      dates: r.dates.split(',').filter(Boolean),
      beginTime: r.begin_time,
      endTime: r.end_time,
      price: fenToYuan(r.price_fen),
      memberPrices: members
        .filter((m) => m.rule_id === r.id)
        .map((m) => {
          const entry = memberEntry(m);
          return { cardTypeId: m.card_type_id, cardTypeName: m.card_type_name, price: fenToYuan(entry.price_fen), times: entry.times };
        }),
    }));
  }

  private async ruleOfUser(s: UserSession, ruleId: number) {
    const rule = await this.repo.findRule(s.tenantId, ruleId);
    if (!rule) throw notFound(RULE_MISSING);
    assertVenue(s, rule.venue_id);
    return rule;
  }

  async saveRule(s: UserSession, b: BodyOut<typeof bookingAdmin.priceSave>) {
    const old = b.ruleId ? await this.ruleOfUser(s, b.ruleId) : undefined;
    assertVenue(s, b.venueId);
    if (old && (old.venue_id !== b.venueId || old.item_id !== b.itemId)) throw refuse('价格规则不能改到其他场馆或项目');
    if (!(await this.repo.venueHasItem(s.tenantId, b.venueId, b.itemId))) throw refuse('该场馆未开设此运动项目');
    if (b.beginTime >= b.endTime) throw refuse('结束时间必须晚于开始时间');
    const weekdays = [...new Set(b.weekdays)].sort();
    const dates = [...new Set(b.dates)].sort();
    if (!weekdays.length && !dates.length) throw refuse('请选择星期或节假日日期');
    const fieldIds = [...new Set(b.fieldIds)];
    const fields = await this.repo.fields(s.tenantId, b.venueId, b.itemId);
    if (fieldIds.some((id) => !fields.some((f) => f.id === id))) throw notFound(FIELD_MISSING);
    const cardTypeIds = [...new Set(b.memberPrices.map((m) => m.cardTypeId))];
    if (cardTypeIds.length !== b.memberPrices.length) throw refuse('同一会员卡类型只能设置一个会员价');
    const types = await this.repo.cardTypesOfTenant(s.tenantId, cardTypeIds);
    if (types.length !== cardTypeIds.length) throw notFound('会员卡类型不存在');
    // A times card type's entry is times a cell (a head), never money (kept as price_fen, the unit of its cards); every other type's a member price.
    const members = b.memberPrices.map((m) => {
      const type = types.find((t) => t.id === m.cardTypeId)!;
      if (type.pay_type === 'T') {
        if (m.times === undefined) throw refuse(bookingAdmin.BOOKING_TIMES_MSG.timesRequired(type.name));
        return { card_type_id: m.cardTypeId, price_fen: m.times };
      }
      if (m.price === undefined) throw refuse(bookingAdmin.BOOKING_TIMES_MSG.priceRequired(type.name));
      return { card_type_id: m.cardTypeId, price_fen: yuanToFen(m.price) };
    });
    const before = old ? (await this.rules(s, old.venue_id, old.item_id)).find((r) => r.ruleId === old.id) : undefined;
    const id = await this.repo.transaction(async (trx) => {
      const saved = await this.repo.saveRule(
        trx,
        s.tenantId,
        old?.id ?? null,
        {
          venue_id: b.venueId,
          item_id: b.itemId,
          name: b.ruleName,
          weekdays: weekdays.join(','),
          dates: dates.join(','),
          begin_time: b.beginTime,
          end_time: b.endTime,
          price_fen: yuanToFen(b.price),
        },
        fieldIds,
        members,
        iso(this.clock.now()),
      );
      await this.audit.record(trx, s, { action: 'fieldPrice.save', target: `场地价格 ${b.ruleName}`, venueId: b.venueId, before, after: b });
      return saved;
    });
    return (await this.rules(s, b.venueId, b.itemId)).find((r) => r.ruleId === id)!;
  }

  async removeRule(s: UserSession, ruleId: number) {
    const rule = await this.ruleOfUser(s, ruleId);
    const before = (await this.rules(s, rule.venue_id, rule.item_id)).find((r) => r.ruleId === ruleId);
    await this.repo.transaction(async (trx) => {
      await this.repo.removeRule(trx, s.tenantId, ruleId);
      await this.audit.record(trx, s, { action: 'fieldPrice.remove', target: `场地价格 ${rule.name}`, venueId: rule.venue_id, before });
    });
    return { ruleId };
  }

  // ---- The cancellation rule ----
  async setting(tenantId: number) {
    return parseSetting(await this.repo.setting(tenantId));
  }

  async saveSetting(s: UserSession, b: BookingSetting) {
    const before = await this.setting(s.tenantId);
    await this.repo.transaction(async (trx) => {
      await this.repo.saveSetting(trx, s.tenantId, JSON.stringify(b));
      await this.audit.record(trx, s, { action: 'booking.setting', target: '订场退订规则', before, after: b });
    });
    return this.setting(s.tenantId);
  }
}
