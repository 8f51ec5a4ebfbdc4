import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** The reads of a member's page, each newest first and at most `limit` rows. */
export class MemberPageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  member(tenantId: number, memberId: number) {
    return this.db.selectFrom('member').select(['id', 'name', 'phone']).where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst();
  }

  /** The member's cards in the venues `within` keeps. */
  cards(tenantId: number, memberId: number, within: Expression<SqlBool>) {
    return this.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id', 'c.card_no', 'c.state', 'c.balance', 'c.use_end', 't.name', 't.pay_type'])
      .where('c.tenant_id', '=', tenantId)
      .where('c.member_id', '=', memberId)
      .where(within)
      .orderBy('c.id')
      .execute();
  }

  activeBlacklist(tenantId: number, memberId: number) {
    return this.db
      .selectFrom('blacklist')
      .select(['rule_type', 'reason', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .execute();
  }

  consumes(tenantId: number, cardIds: number[], limit: number) {
    if (!cardIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('card_consume')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('card_id', 'in', cardIds)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  stateLogs(tenantId: number, cardIds: number[], limit: number) {
    if (!cardIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('card_state_log as l')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .select(['l.card_id', 'l.action', 'l.from_state', 'l.to_state', 'l.remark', 'l.created_at', 'u.real_name'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.card_id', 'in', cardIds)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  }

  auditOf(tenantId: number, targets: string[], limit: number) {
    return this.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'username', 'after_json', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('target', 'in', targets)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
