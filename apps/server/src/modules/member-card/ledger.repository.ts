import { MAX_CARD_BALANCE_FEN, MAX_CARD_TIMES } from '@venue/contract';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { ConsumeKind, Database } from '../../db/tables.ts';
import type { Page, PageWindow } from '../../lib/paging.ts';
import type { ConsumeRow } from './card.mapper.ts';
import { CardSearch } from './card-search.ts';

export interface LedgerEntry {
  tenantId: number;
  cardId: number;
  /** Signed change in stored units (fen for M cards, times for T cards, 0 for D cards). */
  amount: number;
  kind: ConsumeKind;
  orderType?: string | null;
  orderId?: number | null;
  venueId?: number | null;
  refundOf?: number | null;
  remark?: string;
  userId: number | null;
  nowIso: string;
  /** Charges: the card must also be usable at this time (A or B, opened, begun, not expired). */
  usableAt?: string;
}

export interface ConsumeFilter {
  cardId?: number;
  keyword?: string;
  venueId?: number;
  /** The viewer's venues (a condition on `cc.venue_id`): rows of other venues are not there. */
  within?: Expression<SqlBool>;
  kind?: ConsumeKind;
  beginIso?: string;
  endIso?: string;
}

/** The card ledger: every balance change is one row here, written in the transaction that changes the balance. */
export class LedgerRepository {
  private readonly search: CardSearch;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.search = new CardSearch(engine);
  }

  /**
   * One balance change inside `trx`: a conditional update that cannot take the balance below zero nor
   * past the card's maximum (MAX_CARD_BALANCE_FEN, MAX_CARD_TIMES), nor, with usableAt, touch an
   * unusable card; then the ledger row with the balance after it.
   * Answers the ledger row id, or null when the update was refused.
   */
  async apply(trx: Executor, e: LedgerEntry): Promise<number | null> {
    let update = trx
      .updateTable('card')
      .set({ balance: sql`balance + ${e.amount}` })
      .where('tenant_id', '=', e.tenantId)
      .where('id', '=', e.cardId)
      .where(sql<boolean>`balance + ${e.amount} >= 0`);
    // What adds to a card stops at its type's maximum (the callers check first; this holds under races).
    // Compared without the sum, which PostgreSQL's integer would overflow before comparing it.
    if (e.amount > 0) {
      update = update.where(
        sql<boolean>`balance <= (select case when t.pay_type = 'T' then ${sql.lit(MAX_CARD_TIMES)} else ${sql.lit(MAX_CARD_BALANCE_FEN)} end
          from card_type t where t.id = card.card_type_id) - ${e.amount}`,
      );
    }
    if (e.usableAt) {
      update = update
        .where('state', 'in', ['A', 'B'])
        .where('is_opened', '=', 'T')
        .where(sql<boolean>`(use_end is null or use_end >= ${e.usableAt}) and (use_begin is null or use_begin <= ${e.usableAt})`);
    }
    const updated = await update.returning('balance').executeTakeFirst();
    if (!updated) return null;
    const row = await trx
      .insertInto('card_consume')
      .values({
        tenant_id: e.tenantId,
        card_id: e.cardId,
        kind: e.kind,
        amount: e.amount,
        balance_after: updated.balance,
        order_type: e.orderType ?? null,
        order_id: e.orderId ?? null,
        venue_id: e.venueId ?? null,
        refund_of: e.refundOf ?? null,
        remark: e.remark ?? '',
        created_at: e.nowIso,
        created_by: e.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private rows(db: Executor, tenantId: number) {
    return db
      .selectFrom('card_consume as cc')
      .innerJoin('card as c', 'c.id', 'cc.card_id')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .leftJoin('users as u', 'u.id', 'cc.created_by')
      .selectAll('cc')
      .select(['c.card_no', 'm.name as member_name', 't.pay_type', 'u.real_name as created_name'])
      .select(sql<number | null>`(select r.id from card_consume r where r.refund_of = cc.id)`.as('refunded_by'))
      .where('cc.tenant_id', '=', tenantId);
  }

  async find(tenantId: number, id: number, db: Executor = this.db): Promise<ConsumeRow | undefined> {
    return (await this.rows(db, tenantId).where('cc.id', '=', id).executeTakeFirst()) as ConsumeRow | undefined;
  }

  private conditions(tenantId: number, f: ConsumeFilter): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [sql<boolean>`cc.tenant_id = ${tenantId}`];
    if (f.cardId) where.push(sql<boolean>`cc.card_id = ${f.cardId}`);
    if (f.venueId) where.push(sql<boolean>`cc.venue_id = ${f.venueId}`);
    if (f.within) where.push(f.within);
    if (f.kind) where.push(sql<boolean>`cc.kind = ${f.kind}`);
    if (f.beginIso) where.push(sql<boolean>`cc.created_at >= ${f.beginIso}`);
    if (f.endIso) where.push(sql<boolean>`cc.created_at <= ${f.endIso}`);
    if (f.keyword) {
      where.push(sql<boolean>`cc.card_id in (select c.id from card c where c.tenant_id = ${tenantId}
        and (${this.search.cardNoOrId(tenantId, f.keyword)} or ${this.search.fuzzy(tenantId, f.keyword)}))`);
    }
    return where;
  }

  /** A page of the ledger; the count reads the ledger alone (the joins of the rows neither add nor drop a row). */
  async page(tenantId: number, f: ConsumeFilter, window: PageWindow): Promise<Page<ConsumeRow>> {
    const where = this.conditions(tenantId, f);
    let count = this.db.selectFrom('card_consume as cc');
    let rows = this.rows(this.db, tenantId);
    for (const w of where) {
      count = count.where(w);
      rows = rows.where(w);
    }
    return (await pageQuery(count, rows.orderBy('cc.id', 'desc'), window)) as Page<ConsumeRow>;
  }

  /** Sums of one card's ledger by kind. */
  totalsByKind(tenantId: number, cardId: number) {
    return this.db
      .selectFrom('card_consume')
      .select(['kind', (eb) => eb.fn.sum<number>('amount').as('amount'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('tenant_id', '=', tenantId)
      .where('card_id', '=', cardId)
      .groupBy('kind')
      .execute();
  }

  /**
   * Per card type: card count and balance; and ledger sums by kind. Cards of `venueId` and of every
   * venue; `within` (a condition on `c.venue_id`) keeps the cards of the viewer's venues.
   */
  async totalsByType(tenantId: number, venueId?: number, within: Expression<SqlBool> = sql<boolean>`1 = 1`) {
    const venue = venueId ? sql<boolean>`(c.venue_id is null or c.venue_id = ${venueId}) and ${within}` : within;
    const [cards, ledger] = await Promise.all([
      this.db
        .selectFrom('card_type as t')
        .leftJoin('card as c', (j) => j.onRef('c.card_type_id', '=', 't.id').on(venue))
        .select(['t.id', 't.name', 't.pay_type', (eb) => eb.fn.count<number>('c.id').as('card_count'), (eb) => eb.fn.sum<number>('c.balance').as('balance')])
        .where('t.tenant_id', '=', tenantId)
        .groupBy(['t.id', 't.name', 't.pay_type', 't.sort'])
        .orderBy('t.sort')
        .orderBy('t.id')
        .execute(),
      this.db
        .selectFrom('card_consume as cc')
        .innerJoin('card as c', 'c.id', 'cc.card_id')
        .select(['c.card_type_id', 'cc.kind', (eb) => eb.fn.sum<number>('cc.amount').as('amount')])
        .where('cc.tenant_id', '=', tenantId)
        .where(venue)
        .groupBy(['c.card_type_id', 'cc.kind'])
        .execute(),
    ]);
    return { cards, ledger };
  }

  /** Ledger rows of a period summed by day (Asia/Shanghai), card type and kind. */
  summaryByDay(tenantId: number, beginIso: string, endIso: string, venueId?: number, within?: Expression<SqlBool>) {
    const day =
      this.engine === 'postgres'
        ? sql<string>`to_char(cc.created_at::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`
        : sql<string>`strftime('%Y-%m-%d', cc.created_at, '+8 hours')`;
    let q = this.db
      .selectFrom('card_consume as cc')
      .innerJoin('card as c', 'c.id', 'cc.card_id')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select([
        day.as('day'),
        't.name as type_name',
        't.pay_type',
        'cc.kind',
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('cc.amount').as('amount'),
      ])
      .where('cc.tenant_id', '=', tenantId)
      .where('cc.created_at', '>=', beginIso)
      .where('cc.created_at', '<=', endIso);
    if (venueId) q = q.where('cc.venue_id', '=', venueId);
    if (within) q = q.where(within);
    return q.groupBy([day, 't.name', 't.pay_type', 'cc.kind']).orderBy(day).orderBy('t.name').orderBy('cc.kind').execute();
  }

  /**
   * The ledger invariant: for every card, the sum of its ledger rows equals its balance. Answers the
   * cards where it does not hold (none, always; the tests call it after every kind of change).
   */
  mismatches(tenantId?: number) {
    let q = this.db
      .selectFrom('card as c')
      .leftJoin('card_consume as cc', 'cc.card_id', 'c.id')
      .select(['c.id', 'c.balance', sql<number>`coalesce(sum(cc.amount), 0)`.as('ledger')])
      .groupBy(['c.id', 'c.balance'])
      .having(sql<boolean>`c.balance <> coalesce(sum(cc.amount), 0)`);
    if (tenantId) q = q.where('c.tenant_id', '=', tenantId);
    return q.execute();
  }
}
