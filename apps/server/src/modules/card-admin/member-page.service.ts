import { audit as auditContract, member, type AuditAction } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { inUserVenues, type UserSession } from '../../plugins/session.ts';
import { effectiveState, STATE_MESSAGES, unitsOut } from '../member-card/card.mapper.ts';
import { memberTarget } from './card-rules.service.ts';
import type { MemberPageRepository } from './member-page.repository.ts';

const LIMIT = 100;
const actionName = (a: string) => member.CARD_ACTION_LABELS[a as keyof typeof member.CARD_ACTION_LABELS] ?? a;

/** One member on one page: the cards (with each state's spec-8 warning), their ledger, state changes and audit trail. */
export class MemberPageService {
  constructor(
    private readonly repo: MemberPageRepository,
    private readonly clock: Clock,
  ) {}

  async page(s: UserSession, memberId: number) {
    const m = await this.repo.member(s.tenantId, memberId);
    if (!m) throw notFound('会员不存在');
    const now = iso(this.clock.now());
    const cards = await this.repo.cards(s.tenantId, memberId, inUserVenues(s, 'c.venue_id', { orNull: true }));
    const blacklist = await this.repo.activeBlacklist(s.tenantId, memberId);
    const inBlack = blacklist.length > 0;
    const ids = cards.map((c) => c.id);
    const payType = new Map(cards.map((c) => [c.id, c.pay_type]));
    const cardNo = new Map(cards.map((c) => [c.id, c.card_no]));
    const consumes = await this.repo.consumes(s.tenantId, ids, LIMIT);
    const logs = await this.repo.stateLogs(s.tenantId, ids, LIMIT);
    const targets = [memberTarget(m), ...cards.map((c) => `会员卡 ${c.card_no}`)];
    const entries = await this.repo.auditOf(s.tenantId, targets, LIMIT);
    return {
      cards: cards.map((c) => {
        const state = effectiveState(c.state, c.use_end, now);
        return {
          cardId: c.id,
          cardNo: c.card_no,
          cardTypeName: c.name,
          payType: c.pay_type,
          balance: unitsOut(c.pay_type, c.balance),
          state,
          isInBlack: inBlack,
          useEndTime: c.use_end,
          warning: STATE_MESSAGES[state] ?? (inBlack ? member.CARD_MESSAGES.inBlacklist : state === 'A' ? null : member.CARD_MESSAGES.unusable),
        };
      }),
      consumes: consumes.map((r) => ({
        consumeId: r.id,
        cardNo: cardNo.get(r.card_id) ?? '',
        kind: member.CONSUME_KIND_LABELS[r.kind],
        amount: unitsOut(payType.get(r.card_id)!, r.amount),
        balanceAfter: unitsOut(payType.get(r.card_id)!, r.balance_after),
        remark: r.remark,
        createTime: r.created_at,
      })),
      stateLogs: logs.map((l) => ({
        cardNo: cardNo.get(l.card_id) ?? '',
        actionName: actionName(l.action),
        fromState: l.from_state,
        toState: l.to_state,
        remark: l.remark,
        createTime: l.created_at,
        createName: l.real_name ?? '系统',
      })),
      audit: entries.map((e) => ({
        actionName: auditContract.AUDIT_ACTIONS[e.action as AuditAction] ?? e.action,
        target: e.target,
        username: e.username,
        after: e.after_json,
        createTime: e.created_at,
      })),
      blacklist: blacklist.map((b) => ({
        ruleType: b.rule_type,
        ruleName: member.BLACKLIST_RULE_LABELS[b.rule_type],
        reason: b.reason,
        createTime: b.created_at,
      })),
    };
  }
}
