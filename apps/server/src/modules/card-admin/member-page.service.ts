import { audit as auditContract, member, type AuditAction } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { inUserVenues, type UserSession } from '../../plugins/session.ts';
import { effectiveState, STATE_MESSAGES, unitsOut } from '../member-card/card.mapper.ts';
import { memberTarget } from './card-rules.service.ts';

const LIMIT = 100;
const actionName = (a: string) => member.CARD_ACTION_LABELS[a as keyof typeof member.CARD_ACTION_LABELS] ?? a;

/** One member on one page: the cards (with each state's spec-8 warning), their ledger, state changes and audit trail. */
export class MemberPageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async page(s: UserSession, memberId: number) {
    const m = await this.db
      .selectFrom('member')
      .select(['id', 'name', 'phone'])
      .where('tenant_id', '=', s.tenantId)
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!m) throw notFound('会员不存在');
    const now = iso(this.clock.now());
    const cards = await this.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id', 'c.card_no', 'c.state', 'c.balance', 'c.use_end', 't.name', 't.pay_type'])
      .where('c.tenant_id', '=', s.tenantId)
      .where('c.member_id', '=', memberId)
      .where(inUserVenues(s, 'c.venue_id', { orNull: true }))
      .orderBy('c.id')
      .execute();
    const blacklist = await this.db
      .selectFrom('blacklist')
      .select(['rule_type', 'reason', 'created_at'])
      .where('tenant_id', '=', s.tenantId)
      .where('member_id', '=', memberId)
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .execute();
    const inBlack = blacklist.length > 0;
    const ids = cards.map((c) => c.id);
    const payType = new Map(cards.map((c) => [c.id, c.pay_type]));
    const cardNo = new Map(cards.map((c) => [c.id, c.card_no]));
    const consumes = ids.length
      ? await this.db
          .selectFrom('card_consume')
          .selectAll()
          .where('tenant_id', '=', s.tenantId)
          .where('card_id', 'in', ids)
          .orderBy('id', 'desc')
          .limit(LIMIT)
          .execute()
      : [];
    const logs = ids.length
      ? await this.db
          .selectFrom('card_state_log as l')
          .leftJoin('users as u', 'u.id', 'l.created_by')
          .select(['l.card_id', 'l.action', 'l.from_state', 'l.to_state', 'l.remark', 'l.created_at', 'u.real_name'])
          .where('l.tenant_id', '=', s.tenantId)
          .where('l.card_id', 'in', ids)
          .orderBy('l.id', 'desc')
          .limit(LIMIT)
          .execute()
      : [];
    const targets = [memberTarget(m), ...cards.map((c) => `会员卡 ${c.card_no}`)];
    const entries = await this.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'username', 'after_json', 'created_at'])
      .where('tenant_id', '=', s.tenantId)
      .where('target', 'in', targets)
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute();
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
