import { member, type BodyOut } from '@venue/contract';
import { sql, type Kysely } from 'kysely';
import type { BlacklistRule, Database } from '../../db/tables.ts';
import { iso, shanghaiText, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';

const DAY_MS = 24 * 3600_000;
const RULE_TYPES = ['FC', 'TR', 'TE', 'FN'] as const;
/** What the member archive's audit entries name a member. */
export const memberTarget = (m: { name: string; phone: string }) => `会员 ${m.name} ${member.maskMobile(m.phone)}`;
const SYSTEM = (tenantId: number): AuditActor => ({ tenantId, userId: null, username: '系统' });

/**
 * The daily card jobs and the blacklist rules: expiry (E) stored for cards whose end date has passed,
 * and members blacklisted when their events within a rule's days reach its threshold. Ticket refunds
 * (TR) and tickets that expired unused (TE) are counted from the ticket orders; field bookings (FC
 * cancellations, FN no-shows) do not exist in this product yet, so those rules can be set but find none.
 * Both jobs are conditional updates: two processes running them at once change each card once.
 */
export class CardRulesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly gateAccess: { syncCards(tenantId: number, cardIds: number[]): Promise<void> },
  ) {}

  private now() {
    return iso(this.clock.now());
  }

  async rules(tenantId: number) {
    const rows = await this.db.selectFrom('blacklist_rule').selectAll().where('tenant_id', '=', tenantId).execute();
    return RULE_TYPES.map((t) => {
      const r = rows.find((x) => x.rule_type === t);
      return {
        ruleType: t,
        ruleName: member.BLACKLIST_RULE_LABELS[t],
        threshold: r?.threshold ?? 3,
        days: r?.days ?? 30,
        state: r?.state ?? ('S' as const),
        updateTime: r?.updated_at ?? null,
      };
    });
  }

  async save(s: UserSession, b: BodyOut<typeof member.saveBlacklistRule>) {
    const before = (await this.rules(s.tenantId)).find((r) => r.ruleType === b.ruleType);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blacklist_rule')
        .values({ tenant_id: s.tenantId, rule_type: b.ruleType, threshold: b.threshold, days: b.days, state: b.state, updated_at: now })
        .onConflict((oc) => oc.columns(['tenant_id', 'rule_type']).doUpdateSet({ threshold: b.threshold, days: b.days, state: b.state, updated_at: now }))
        .execute();
      await this.audit.record(trx, s, { action: 'blacklist.rule', target: `黑名单规则 ${member.BLACKLIST_RULE_LABELS[b.ruleType]}`, before, after: b });
    });
    return (await this.rules(s.tenantId)).find((r) => r.ruleType === b.ruleType)!;
  }

  /** Members whose events of `rule` since `sinceIso` reach `threshold`, with their count. */
  private async offenders(tenantId: number, rule: BlacklistRule, sinceIso: string, threshold: number) {
    if (rule === 'TR')
      return this.db
        .selectFrom('ticket_order')
        .select(['member_id', sql<number>`count(*)`.as('n')])
        .where('tenant_id', '=', tenantId)
        .where('member_id', 'is not', null)
        .where('pay_state', 'in', ['FR', 'PR'])
        .where('created_at', '>=', sinceIso)
        .groupBy('member_id')
        .having(sql`count(*)`, '>=', threshold)
        .execute();
    if (rule === 'TE') {
      const today = shanghaiText(this.clock.now()).slice(0, 10);
      const since = shanghaiText(new Date(sinceIso)).slice(0, 10);
      return this.db
        .selectFrom('ticket_detail as d')
        .innerJoin('ticket_order as o', 'o.id', 'd.order_id')
        .select(['o.member_id', sql<number>`count(*)`.as('n')])
        .where('d.tenant_id', '=', tenantId)
        .where('o.member_id', 'is not', null)
        .where('d.detail_state', 'in', ['A', 'E'])
        .where('d.use_end_date', '<', today)
        .where('d.use_end_date', '>=', since)
        .groupBy('o.member_id')
        .having(sql`count(*)`, '>=', threshold)
        .execute();
    }
    return [];
  }

  /** Applies the tenant's enabled rules (who: the clerk pressing 立即执行, or the daily job). */
  async apply(tenantId: number, who: AuditActor = SYSTEM(tenantId)) {
    const rules = await this.db.selectFrom('blacklist_rule').selectAll().where('tenant_id', '=', tenantId).where('state', '=', 'A').execute();
    const now = this.now();
    let members = 0;
    const cardIds: number[] = [];
    for (const rule of rules) {
      const since = iso(new Date(this.clock.now().getTime() - rule.days * DAY_MS));
      for (const o of await this.offenders(tenantId, rule.rule_type, since, rule.threshold)) {
        const memberId = o.member_id!;
        const reason = `${member.BLACKLIST_RULE_LABELS[rule.rule_type]}${Number(o.n)}次（${rule.days}天内达到${rule.threshold}次）`;
        const done = await this.db.transaction().execute(async (trx) => {
          const active = await trx
            .selectFrom('blacklist')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('member_id', '=', memberId)
            .where('rule_type', '=', rule.rule_type)
            .where('active', '=', 1)
            .executeTakeFirst();
          if (active) return null;
          await trx
            .insertInto('blacklist')
            .values({ tenant_id: tenantId, member_id: memberId, rule_type: rule.rule_type, reason, active: 1, created_at: now })
            .execute();
          const cards = await trx
            .selectFrom('card')
            .select(['id', 'card_no'])
            .where('tenant_id', '=', tenantId)
            .where('member_id', '=', memberId)
            .where('state', '=', 'A')
            .execute();
          for (const c of cards) {
            const moved = await trx.updateTable('card').set({ state: 'B' }).where('id', '=', c.id).where('state', '=', 'A').executeTakeFirst();
            if (Number(moved.numUpdatedRows) !== 1) continue;
            await trx
              .insertInto('card_state_log')
              .values({
                tenant_id: tenantId,
                card_id: c.id,
                action: 'BLACK',
                from_state: 'A',
                to_state: 'B',
                new_card_id: null,
                amount: 0,
                route: null,
                remark: `黑名单规则：${reason}`,
                created_by: who.userId,
                created_at: now,
              })
              .execute();
          }
          const m = await trx.selectFrom('member').select(['name', 'phone']).where('id', '=', memberId).executeTakeFirstOrThrow();
          await this.audit.record(trx, who, { action: 'blacklist.add', target: memberTarget(m), after: { reason, cards: cards.map((c) => c.card_no) } });
          return cards.map((c) => c.id);
        });
        if (done) {
          members++;
          cardIds.push(...done);
        }
      }
    }
    await this.gateAccess.syncCards(tenantId, cardIds);
    return { members, cards: cardIds.length };
  }

  /** Ends the member's rule blacklist entries (its B cards stay B until 移出黑名单 on each card). */
  async remove(s: UserSession, memberId: number, remark: string | undefined) {
    const m = await this.db
      .selectFrom('member')
      .select(['id', 'name', 'phone'])
      .where('tenant_id', '=', s.tenantId)
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!m) throw notFound('会员不存在');
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('blacklist')
        .set({ active: 0 })
        .where('tenant_id', '=', s.tenantId)
        .where('member_id', '=', memberId)
        .where('active', '=', 1)
        .executeTakeFirst();
      const removed = Number(r.numUpdatedRows);
      if (removed) await this.audit.record(trx, s, { action: 'blacklist.remove', target: memberTarget(m), after: { removed, remark: remark ?? '' } });
      return { removed };
    });
  }

  /** Stores E for A and B cards whose end date has passed, with a trail row and an audit entry each. Answers how many. */
  async expireDue(limit = 500) {
    const now = this.now();
    let total = 0;
    for (;;) {
      const due = await this.db
        .selectFrom('card')
        .select(['id', 'tenant_id', 'card_no', 'state', 'use_end', 'venue_id'])
        .where('state', 'in', ['A', 'B'])
        .where('use_end', '<', now)
        .orderBy('id')
        .limit(limit)
        .execute();
      if (!due.length) return total;
      const byTenant = new Map<number, number[]>();
      await this.db.transaction().execute(async (trx) => {
        for (const c of due) {
          const moved = await trx
            .updateTable('card')
            .set({ state: 'E' })
            .where('id', '=', c.id)
            .where('state', '=', c.state)
            .where('use_end', '=', c.use_end)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) continue;
          await trx
            .insertInto('card_state_log')
            .values({
              tenant_id: c.tenant_id,
              card_id: c.id,
              action: 'EXPIRE',
              from_state: c.state,
              to_state: 'E',
              new_card_id: null,
              amount: 0,
              route: null,
              remark: `有效期至 ${c.use_end}`,
              created_by: null,
              created_at: now,
            })
            .execute();
          await this.audit.record(trx, SYSTEM(c.tenant_id), {
            action: 'card.expire',
            target: `会员卡 ${c.card_no}`,
            venueId: c.venue_id,
            before: { state: c.state, useEndTime: c.use_end },
            after: { state: 'E' },
          });
          byTenant.set(c.tenant_id, [...(byTenant.get(c.tenant_id) ?? []), c.id]);
          total++;
        }
      });
      for (const [tenantId, ids] of byTenant) await this.gateAccess.syncCards(tenantId, ids);
      if (due.length < limit) return total;
    }
  }

  /** The daily job: expiry, then every tenant's blacklist rules. */
  async daily() {
    const expired = await this.expireDue();
    const tenants = await this.db.selectFrom('blacklist_rule').select('tenant_id').where('state', '=', 'A').distinct().execute();
    let members = 0;
    for (const t of tenants) members += (await this.apply(t.tenant_id)).members;
    return { expired, members };
  }
}
