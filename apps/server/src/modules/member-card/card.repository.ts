import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { member } from '@venue/contract';
import type { Engine, Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { CardState, Database } from '../../db/tables.ts';
import type { Page, PageWindow } from '../../lib/paging.ts';
import type { CardRow } from './card.mapper.ts';
import { CardSearch } from './card-search.ts';

export interface CardFilter {
  cardNoOrId?: string;
  memberName?: string;
  phone?: string;
  blurryKeyword?: string;
  isPhyCard?: 'T' | 'F';
  /** Cards usable at the venue: cards of all venues (venue_id null) and the venue's own. */
  venueId?: number;
  /** The viewer's venues (a condition on `c.venue_id`): cards of other venues are not there. */
  within?: Expression<SqlBool>;
  state?: CardState;
  cardTypeId?: number;
  memberId?: number;
  cardIds?: number[];
  payTypes?: string[];
  /** use_end before this ISO time. */
  endBefore?: string;
  /** Only cards that can pay now: A or B, opened, begun and not expired. */
  usable?: boolean;
  /** Only cards whose type covers this sports item (a type listing no items covers all). */
  itemId?: number;
  /** Only cards that can be extended: opened, in an extendable state, the member not blacklisted. */
  extendable?: boolean;
}

/** The only place with card queries. Conditions refer to the card as `c`. */
export class CardRepository {
  private readonly search: CardSearch;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
  ) {
    this.search = new CardSearch(engine);
  }

  /** The filter as SQL conditions; `nowIso` decides which cards count as expired. */
  conditions(tenantId: number, f: CardFilter, nowIso: string): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [sql<boolean>`c.tenant_id = ${tenantId}`];
    if (f.cardNoOrId) where.push(this.search.cardNoOrId(tenantId, f.cardNoOrId));
    if (f.memberName) where.push(this.search.memberName(tenantId, f.memberName));
    if (f.phone) where.push(this.search.phone(tenantId, f.phone));
    if (f.blurryKeyword) where.push(this.search.fuzzy(tenantId, f.blurryKeyword));
    if (f.isPhyCard) where.push(f.isPhyCard === 'T' ? sql<boolean>`c.phy_card_id is not null` : sql<boolean>`c.phy_card_id is null`);
    if (f.venueId) where.push(sql<boolean>`(c.venue_id is null or c.venue_id = ${f.venueId})`);
    if (f.within) where.push(f.within);
    if (f.cardTypeId) where.push(sql<boolean>`c.card_type_id = ${f.cardTypeId}`);
    if (f.memberId) where.push(sql<boolean>`c.member_id = ${f.memberId}`);
    if (f.cardIds) where.push(f.cardIds.length ? sql<boolean>`c.id in (${sql.join(f.cardIds)})` : sql<boolean>`1 = 0`);
    if (f.payTypes) {
      where.push(
        f.payTypes.length
          ? sql<boolean>`c.card_type_id in (select id from card_type where tenant_id = ${tenantId} and pay_type in (${sql.join(f.payTypes)}))`
          : sql<boolean>`1 = 0`,
      );
    }
    if (f.endBefore) where.push(sql<boolean>`c.use_end < ${f.endBefore}`);
    if (f.state === 'E') where.push(sql<boolean>`(c.state = 'E' or (c.state in ('A', 'B') and c.use_end < ${nowIso}))`);
    else if (f.state === 'A' || f.state === 'B') where.push(sql<boolean>`(c.state = ${f.state} and (c.use_end is null or c.use_end >= ${nowIso}))`);
    else if (f.state) where.push(sql<boolean>`c.state = ${f.state}`);
    if (f.usable) {
      where.push(sql<boolean>`(c.state in ('A', 'B') and c.is_opened = 'T' and (c.use_end is null or c.use_end >= ${nowIso})
        and (c.use_begin is null or c.use_begin <= ${nowIso}))`);
    }
    if (f.extendable) {
      where.push(sql<boolean>`(c.state in (${sql.join([...member.EXTENDABLE_CARD_STATES])}) and c.use_end is not null
        and not exists (select 1 from blacklist b where b.member_id = c.member_id and b.active = 1))`);
    }
    if (f.itemId) {
      where.push(sql<boolean>`(not exists (select 1 from card_type_item i where i.card_type_id = c.card_type_id)
        or exists (select 1 from card_type_item i where i.card_type_id = c.card_type_id and i.item_id = ${f.itemId}))`);
    }
    return where;
  }

  /** Cards with their member, member type, card type and blacklist flag. */
  private detailed(db: Executor, where: Expression<SqlBool>[]) {
    let q = db
      .selectFrom('card as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .leftJoin('member_type as mt', 'mt.id', 'm.member_type_id')
      .selectAll('c')
      .select([
        'm.name as member_name',
        'm.phone',
        'm.photo',
        'mt.name as member_type_name',
        't.name as type_name',
        't.pay_type',
        't.discountable',
        't.discount',
        't.valid_days',
        't.valid_months',
        sql<number>`case when exists (select 1 from blacklist b where b.member_id = c.member_id and b.active = 1) then 1 else 0 end`.as('is_in_black'),
      ]);
    for (const w of where) q = q.where(w);
    return q;
  }

  /**
   * The count and the ordered rows of a search. The count reads the card table alone: the joins of
   * the rows neither add nor drop a card.
   */
  private searchQueries(tenantId: number, f: CardFilter, nowIso: string, order: 'id' | 'use_end') {
    const where = this.conditions(tenantId, f, nowIso);
    let count = this.db.selectFrom('card as c').select((eb) => eb.fn.countAll<number>().as('total'));
    for (const w of where) count = count.where(w);
    const rows = order === 'id' ? this.detailed(this.db, where).orderBy('c.id', 'desc') : this.detailed(this.db, where).orderBy('c.use_end').orderBy('c.id');
    return { count, rows, unfiltered: where.length === 1 };
  }

  /** The count and the page query of a search (the bench prints their plans). */
  pageQueries(tenantId: number, f: CardFilter, nowIso: string, offset: number, limit: number, order: 'id' | 'use_end' = 'id') {
    const { count, rows } = this.searchQueries(tenantId, f, nowIso, order);
    return { count, rows: rows.offset(offset).limit(limit) };
  }

  async page(tenantId: number, f: CardFilter, nowIso: string, window: PageWindow, order: 'id' | 'use_end' = 'id'): Promise<Page<CardRow>> {
    const { count, rows, unfiltered } = this.searchQueries(tenantId, f, nowIso, order);
    return (await pageQuery(unfiltered ? this.tenantTotal(tenantId) : count, rows, window)) as Page<CardRow>;
  }

  /** A tenant's number of cards, kept by triggers on card over a few rows (migration 1811): no count over every card. */
  private async tenantTotal(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('card_count_slot')
      .select((eb) => eb.fn.sum<number>('cards').as('cards'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(row?.cards ?? 0);
  }

  async list(tenantId: number, f: CardFilter, nowIso: string, db: Executor = this.db): Promise<CardRow[]> {
    return (await this.detailed(db, this.conditions(tenantId, f, nowIso))
      .orderBy('c.id', 'desc')
      .execute()) as CardRow[];
  }

  /** Matching cards in id order, `size` at a time (exports of every card without holding them all). */
  async *batches(tenantId: number, f: CardFilter, nowIso: string, size = 2000): AsyncGenerator<CardRow[]> {
    let after = 0;
    for (;;) {
      const rows = (await this.detailed(this.db, [...this.conditions(tenantId, f, nowIso), sql<boolean>`c.id > ${after}`])
        .orderBy('c.id')
        .limit(size)
        .execute()) as CardRow[];
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1].id;
    }
  }

  async find(tenantId: number, id: number, db: Executor = this.db): Promise<CardRow | undefined> {
    return (await this.detailed(db, [sql<boolean>`c.tenant_id = ${tenantId}`, sql<boolean>`c.id = ${id}`]).executeTakeFirst()) as CardRow | undefined;
  }

  /** A card by number, physical card id or id, in that order of preference (a number may be all three). */
  async findByCode(tenantId: number, code: string, withPhysical = true): Promise<CardRow | undefined> {
    const rows = (await this.detailed(this.db, [sql<boolean>`c.tenant_id = ${tenantId}`, this.search.cardNoOrId(tenantId, code)]).execute()) as CardRow[];
    const rank = (r: CardRow) => (r.card_no === code ? 0 : r.phy_card_id === code ? (withPhysical ? 1 : 9) : 2);
    return rows.filter((r) => rank(r) < 9).sort((a, b) => rank(a) - rank(b))[0];
  }

  /** Opens an unopened A card; D cards without dates start their validity now. False when it was not openable. */
  async open(tenantId: number, id: number, useBegin: string | null, useEnd: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('card')
      .set({ is_opened: 'T', use_begin: sql`coalesce(use_begin, ${useBegin})`, use_end: sql`coalesce(use_end, ${useEnd})` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('is_opened', '=', 'F')
      .where('state', '=', 'A')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setRemark(tenantId: number, id: number, remark: string) {
    await this.db.updateTable('card').set({ remark }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async setPhysical(tenantId: number, id: number, phyCardId: string) {
    await this.db.updateTable('card').set({ phy_card_id: phyCardId }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async physicalOwner(tenantId: number, phyCardId: string) {
    return this.db.selectFrom('card').select(['id', 'card_no']).where('tenant_id', '=', tenantId).where('phy_card_id', '=', phyCardId).executeTakeFirst();
  }
}
