import type { member, QueryOut } from '@venue/contract';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { countRows, pageQuery } from '../../db/page-query.ts';
import type { CardTypeTable, Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export type CardTypeRow = Awaited<ReturnType<CardTypeRepository['rows']>>[number];
type TypeValues = Omit<Insertable<CardTypeTable>, 'id' | 'tenant_id'>;
/** What a type links to: its venues, sports items and top-up bonus rules (amounts in stored units). */
export interface TypeLinks {
  venueIds: number[];
  itemIds: number[];
  rules: { min_fen: number; bonus_fen: number }[];
}

/** The card type queries: the types, their venue, item and top-up rule links. */
export class CardTypeRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with this repository bound to it (the audit entry joins it). */
  transaction<T>(work: (repo: CardTypeRepository, trx: Executor) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute((trx) => work(new CardTypeRepository(trx), trx));
  }

  rows(tenantId: number, ids: number[], db: Executor = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('card_type').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  /** The venues (with names), items and top-up rules of the types. */
  links(tenantId: number, ids: number[], db: Executor = this.db) {
    return Promise.all([
      db
        .selectFrom('card_type_venue as tv')
        .innerJoin('venue as v', 'v.id', 'tv.venue_id')
        .select(['tv.card_type_id', 'tv.venue_id', 'v.name'])
        .where('tv.tenant_id', '=', tenantId)
        .where('tv.card_type_id', 'in', ids)
        .orderBy('tv.venue_id')
        .execute(),
      db
        .selectFrom('card_type_item')
        .select(['card_type_id', 'item_id'])
        .where('tenant_id', '=', tenantId)
        .where('card_type_id', 'in', ids)
        .orderBy('item_id')
        .execute(),
      db
        .selectFrom('card_recharge_rule')
        .select(['card_type_id', 'min_fen', 'bonus_fen'])
        .where('tenant_id', '=', tenantId)
        .where('card_type_id', 'in', ids)
        .orderBy('min_fen')
        .execute(),
    ]);
  }

  page(tenantId: number, q: QueryOut<typeof member.cardTypePage>, window: PageWindow) {
    let base = this.db.selectFrom('card_type').where('tenant_id', '=', tenantId);
    if (q.cardTypeName) base = base.where('name', 'like', `%${q.cardTypeName}%`);
    if (q.payType) base = base.where('pay_type', '=', q.payType);
    if (q.state) base = base.where('state', '=', q.state);
    return pageQuery(countRows(base), base.selectAll().orderBy('sort').orderBy('id'), window);
  }

  /** On sale, and valid in the venue (a type without venues is valid in every venue). */
  forSale(tenantId: number, venueId: number) {
    return this.db
      .selectFrom('card_type as t')
      .selectAll('t')
      .where('t.tenant_id', '=', tenantId)
      .where('t.state', '=', 'A')
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('card_type_venue as tv').select('tv.venue_id').whereRef('tv.card_type_id', '=', 't.id'))),
          eb.exists(eb.selectFrom('card_type_venue as tv').select('tv.venue_id').whereRef('tv.card_type_id', '=', 't.id').where('tv.venue_id', '=', venueId)),
        ]),
      )
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute();
  }

  venueCount(tenantId: number, ids: number[]) {
    return countRows(this.db.selectFrom('venue').where('tenant_id', '=', tenantId).where('id', 'in', ids));
  }

  itemCount(tenantId: number, ids: number[]) {
    return countRows(this.db.selectFrom('sport_item').where('tenant_id', '=', tenantId).where('id', 'in', ids));
  }

  cardCount(tenantId: number, typeId: number) {
    return countRows(this.db.selectFrom('card').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId));
  }

  async insert(tenantId: number, values: TypeValues) {
    return (
      await this.db
        .insertInto('card_type')
        .values({ tenant_id: tenantId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async update(tenantId: number, id: number, values: Updateable<CardTypeTable>) {
    await this.db.updateTable('card_type').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Replaces the type's venues, items and top-up rules. */
  async setLinks(tenantId: number, typeId: number, links: TypeLinks) {
    const db = this.db;
    await db.deleteFrom('card_type_venue').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId).execute();
    await db.deleteFrom('card_type_item').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId).execute();
    await db.deleteFrom('card_recharge_rule').where('tenant_id', '=', tenantId).where('card_type_id', '=', typeId).execute();
    if (links.venueIds.length)
      await db
        .insertInto('card_type_venue')
        .values(links.venueIds.map((v) => ({ tenant_id: tenantId, card_type_id: typeId, venue_id: v })))
        .execute();
    if (links.itemIds.length)
      await db
        .insertInto('card_type_item')
        .values(links.itemIds.map((i) => ({ tenant_id: tenantId, card_type_id: typeId, item_id: i })))
        .execute();
    if (links.rules.length)
      await db
        .insertInto('card_recharge_rule')
        .values(links.rules.map((r) => ({ tenant_id: tenantId, card_type_id: typeId, ...r })))
        .execute();
  }
}
