import { sql, type Insertable, type Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { BlacklistRuleTable } from '../../db/card-admin-tables.ts';
import type { BlacklistRule, CardState, CardStateLogTable, Database } from '../../db/tables.ts';

/** One card_state_log row: the trail every card change of this module leaves. */
export async function logCardState(db: Executor, row: Omit<Insertable<CardStateLogTable>, 'id'>) {
  await db.insertInto('card_state_log').values(row).execute();
}

/** Moves a card from `from` to `to` unless it changed meanwhile (another state or end date); answers whether it moved. */
export async function moveCard(db: Executor, id: number, from: { state: CardState; use_end?: string | null }, to: { state: CardState; use_end?: string }) {
  let q = db.updateTable('card').set(to).where('id', '=', id).where('state', '=', from.state);
  if (from.use_end !== undefined) q = q.where('use_end', '=', from.use_end);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** The blacklist rules, the events they count, the blacklist and the expiry job's cards. */
export class CardRulesRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with this repository bound to it (the audit entry joins it). */
  transaction<T>(work: (repo: CardRulesRepository, trx: Executor) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute((trx) => work(new CardRulesRepository(trx), trx));
  }

  rules(tenantId: number, enabledOnly = false) {
    let q = this.db.selectFrom('blacklist_rule').selectAll().where('tenant_id', '=', tenantId);
    if (enabledOnly) q = q.where('state', '=', 'A');
    return q.execute();
  }

  async saveRule(row: Omit<Insertable<BlacklistRuleTable>, 'id'>) {
    const { threshold, days, state, updated_at } = row;
    await this.db
      .insertInto('blacklist_rule')
      .values(row)
      .onConflict((oc) => oc.columns(['tenant_id', 'rule_type']).doUpdateSet({ threshold, days, state, updated_at }))
      .execute();
  }

  tenantsWithRules() {
    return this.db.selectFrom('blacklist_rule').select('tenant_id').where('state', '=', 'A').distinct().execute();
  }

  /** Issue 35 (FC): members with at least `threshold` booking orders whose paid cells they cancelled since `sinceIso`. */
  fieldCancellers(tenantId: number, sinceIso: string, threshold: number) {
    return this.db
      .selectFrom('booking_order as o')
      .select(['o.member_id', sql<number>`count(*)`.as('n')])
      .where('o.tenant_id', '=', tenantId)
      .where('o.member_id', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('booking_line as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.void_kind', '=', 'CANCEL')
            .where('l.voided_at', '>=', sinceIso),
        ),
      )
      .groupBy('o.member_id')
      .having(sql`count(*)`, '>=', threshold)
      .execute();
  }

  /** Issue 35 (FN): members with at least `threshold` booked cells never opened, ended since `sinceIso`. */
  fieldNoShows(tenantId: number, sinceIso: string, threshold: number) {
    return this.db
      .selectFrom('booking_line as l')
      .innerJoin('booking_order as o', 'o.id', 'l.order_id')
      .select(['o.member_id', sql<number>`count(*)`.as('n')])
      .where('l.tenant_id', '=', tenantId)
      .where('o.member_id', 'is not', null)
      .where('l.state', '=', 'N')
      .where('l.ends_at', '>=', sinceIso)
      .groupBy('o.member_id')
      .having(sql`count(*)`, '>=', threshold)
      .execute();
  }

  /** Members with at least `threshold` ticket orders refunded (in part or whole) since `sinceIso`. */
  ticketRefunders(tenantId: number, sinceIso: string, threshold: number) {
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
  }

  /** Members with at least `threshold` tickets that expired unused between the China days `since` and `today`. */
  unusedTicketHolders(tenantId: number, since: string, today: string, threshold: number) {
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

  activeEntry(tenantId: number, memberId: number, rule: BlacklistRule) {
    return this.db
      .selectFrom('blacklist')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('rule_type', '=', rule)
      .where('active', '=', 1)
      .executeTakeFirst();
  }

  /** Puts the member on the blacklist for `rule`; false when an active entry for it is there already (another run's). */
  async addEntry(tenantId: number, memberId: number, rule: BlacklistRule, reason: string, nowIso: string): Promise<boolean> {
    const added = await this.db
      .insertInto('blacklist')
      .values({ tenant_id: tenantId, member_id: memberId, rule_type: rule, reason, active: 1, created_at: nowIso })
      // The index's own condition, written out: SQLite matches a partial index only by the same literal (a parameter does not).
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'member_id', 'rule_type'])
          .where(sql<boolean>`active = 1`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return added !== undefined;
  }

  /** Ends the member's active entries; answers how many. */
  async endEntries(tenantId: number, memberId: number) {
    const r = await this.db
      .updateTable('blacklist')
      .set({ active: 0 })
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('active', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  usableCards(tenantId: number, memberId: number) {
    return this.db
      .selectFrom('card')
      .select(['id', 'card_no'])
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('state', '=', 'A')
      .execute();
  }

  member(tenantId: number, memberId: number) {
    return this.db.selectFrom('member').select(['id', 'name', 'phone']).where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst();
  }

  /** A and B cards of every tenant whose end date is before `nowIso`, at most `limit`. */
  dueCards(nowIso: string, limit: number) {
    return this.db
      .selectFrom('card')
      .select(['id', 'tenant_id', 'card_no', 'state', 'use_end', 'venue_id'])
      .where('state', 'in', ['A', 'B'])
      .where('use_end', '<', nowIso)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
