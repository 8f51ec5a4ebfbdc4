import { member, type BodyOut, chinaText } from '@venue/contract';
import type { BlacklistRule } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { logCardState, moveCard, type CardRulesRepository } from './card-rules.repository.ts';

const DAY_MS = 24 * 3600_000;
const RULE_TYPES = ['FC', 'TR', 'TE', 'FN'] as const;
/** What the member archive's audit entries name a member. */
export const memberTarget = (m: { name: string; phone: string }) => `会员 ${m.name} ${member.maskMobile(m.phone)}`;
const SYSTEM = (tenantId: number): AuditActor => ({ tenantId, userId: null, username: '系统' });

/**
 * The daily card jobs and the blacklist rules: expiry (E) stored for cards whose end date has passed,
 * and members blacklisted when their events within a rule's days reach its threshold. Ticket refunds
 * (TR) and tickets that expired unused (TE) are counted from the ticket orders; field-booking
 * cancellations (FC) and booked cells never opened by their end (FN, marked by the booking job) from the
 * booking orders (issue 35).
 * Both jobs are conditional updates: two processes running them at once change each card once.
 */
export class CardRulesService {
  constructor(
    private readonly repo: CardRulesRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly gateAccess: { syncCards(tenantId: number, cardIds: number[]): Promise<void> },
  ) {}

  private now() {
    return iso(this.clock.now());
  }

  async rules(tenantId: number) {
    const rows = await this.repo.rules(tenantId);
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
    await this.repo.transaction(async (repo, trx) => {
      await repo.saveRule({ tenant_id: s.tenantId, rule_type: b.ruleType, threshold: b.threshold, days: b.days, state: b.state, updated_at: now });
      await this.audit.record(trx, s, { action: 'blacklist.rule', target: `黑名单规则 ${member.BLACKLIST_RULE_LABELS[b.ruleType]}`, before, after: b });
    });
    return (await this.rules(s.tenantId)).find((r) => r.ruleType === b.ruleType)!;
  }

  /** Members whose events of `rule` since `sinceIso` reach `threshold`, with their count. */
  private async offenders(tenantId: number, rule: BlacklistRule, sinceIso: string, threshold: number) {
    if (rule === 'TR') return this.repo.ticketRefunders(tenantId, sinceIso, threshold);
    if (rule === 'FC') return this.repo.fieldCancellers(tenantId, sinceIso, threshold);
    if (rule === 'FN') return this.repo.fieldNoShows(tenantId, sinceIso, threshold);
    if (rule === 'TE') {
      const today = chinaText(this.clock.now()).slice(0, 10);
      const since = chinaText(new Date(sinceIso)).slice(0, 10);
      return this.repo.unusedTicketHolders(tenantId, since, today, threshold);
    }
    return [];
  }

  /** Applies the tenant's enabled rules (who: the clerk pressing 立即执行, or the daily job). */
  async apply(tenantId: number, who: AuditActor = SYSTEM(tenantId)) {
    const rules = await this.repo.rules(tenantId, true);
    const now = this.now();
    let members = 0;
    const cardIds: number[] = [];
    for (const rule of rules) {
      const since = iso(new Date(this.clock.now().getTime() - rule.days * DAY_MS));
      for (const o of await this.offenders(tenantId, rule.rule_type, since, rule.threshold)) {
        const memberId = o.member_id!;
        const reason = `${member.BLACKLIST_RULE_LABELS[rule.rule_type]}${Number(o.n)}次（${rule.days}天内达到${rule.threshold}次）`;
        const done = await this.repo.transaction(async (repo, trx) => {
          if (await repo.activeEntry(tenantId, memberId, rule.rule_type)) return null;
          // A run beside this one may have put the member on since (the index lets one entry in).
          if (!(await repo.addEntry(tenantId, memberId, rule.rule_type, reason, now))) return null;
          const cards = await repo.usableCards(tenantId, memberId);
          for (const c of cards) {
            if (!(await moveCard(trx, c.id, { state: 'A' }, { state: 'B' }))) continue;
            await logCardState(trx, {
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
            });
          }
          const m = (await repo.member(tenantId, memberId))!;
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
    const m = await this.repo.member(s.tenantId, memberId);
    if (!m) throw notFound('会员不存在');
    return this.repo.transaction(async (repo, trx) => {
      const removed = await repo.endEntries(s.tenantId, memberId);
      if (removed) await this.audit.record(trx, s, { action: 'blacklist.remove', target: memberTarget(m), after: { removed, remark: remark ?? '' } });
      return { removed };
    });
  }

  /** Stores E for A and B cards whose end date has passed, with a trail row and an audit entry each. Answers how many. */
  async expireDue(limit = 500) {
    const now = this.now();
    let total = 0;
    for (;;) {
      const due = await this.repo.dueCards(now, limit);
      if (!due.length) return total;
      const byTenant = new Map<number, number[]>();
      await this.repo.transaction(async (_, trx) => {
        for (const c of due) {
          if (!(await moveCard(trx, c.id, c, { state: 'E' }))) continue;
          await logCardState(trx, {
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
          });
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
    const tenants = await this.repo.tenantsWithRules();
    let members = 0;
    for (const t of tenants) members += (await this.apply(t.tenant_id)).members;
    return { expired, members };
  }
}
