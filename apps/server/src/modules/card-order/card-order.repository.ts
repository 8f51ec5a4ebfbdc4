import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CardOrderTable, Database } from '../../db/tables.ts';

export type CardOrderRow = Selectable<CardOrderTable>;

/** Card orders (办卡, 充值): the only place with their queries. */
export class CardOrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findPayable(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('card_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** The order with the names its receipt shows, and its card type's validity (the card a paid sale issues). */
  detailed(tenantId: number, id: number, db: Executor = this.db) {
    return db
      .selectFrom('card_order as o')
      .innerJoin('card_type as t', 't.id', 'o.card_type_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['t.name as type_name', 't.pay_type', 'v.name as venue_name', 'u.real_name as create_name', 'm.name as member_name'])
      .select(['t.valid_days', 't.valid_months', 't.valid_start'])
      .where('o.tenant_id', '=', tenantId)
      .where('o.id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: Omit<Insertable<CardOrderTable>, 'id'>, db: Executor = this.db) {
    return (await db.insertInto('card_order').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /**
   * A sale whose card number nobody typed: the number is made from the order's own id inside the insert's
   * transaction, so ten tills selling at the same moment never draw the same number.
   */
  insertNumbered(row: Omit<Insertable<CardOrderTable>, 'id' | 'card_no'>, numberFor: (orderId: number, db: Executor) => Promise<string>) {
    return this.db.transaction().execute(async (trx) => {
      const id = await this.insert({ ...row, card_no: '' }, trx);
      const cardNo = await numberFor(id, trx);
      await trx.updateTable('card_order').set({ card_no: cardNo }).where('id', '=', id).execute();
      return id;
    });
  }

  cardType(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('card_type').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * The card type of a sale with, in the same statement, whether the member is the tenant's and whether
   * the type is sold at the venue (a type with venues in card_type_venue only in them, one without
   * everywhere). None when the type is not the tenant's.
   */
  saleType(tenantId: number, cardTypeId: number, memberId: number, venueId: number) {
    return this.db
      .selectFrom('card_type as t')
      .selectAll('t')
      .select(
        sql<number>`case when exists (select 1 from member m where m.tenant_id = ${tenantId} and m.id = ${memberId}) then 1 else 0 end`.as('member_found'),
      )
      .select(
        sql<number>`case when not exists (select 1 from card_type_venue tv where tv.tenant_id = t.tenant_id and tv.card_type_id = t.id)
          or exists (select 1 from card_type_venue tv where tv.tenant_id = t.tenant_id and tv.card_type_id = t.id and tv.venue_id = ${venueId})
          then 1 else 0 end`.as('venue_ok'),
      )
      .where('t.tenant_id', '=', tenantId)
      .where('t.id', '=', cardTypeId)
      .executeTakeFirst();
  }

  async memberExists(tenantId: number, id: number) {
    return !!(await this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
  }

  /** The bonus of the highest rule of the card type that `amount` reaches (0 when none). */
  async bonusFor(tenantId: number, cardTypeId: number, amount: number) {
    const rule = await this.db
      .selectFrom('card_recharge_rule')
      .select('bonus_fen')
      .where('tenant_id', '=', tenantId)
      .where('card_type_id', '=', cardTypeId)
      .where('min_fen', '<=', amount)
      .orderBy('min_fen', 'desc')
      .limit(1)
      .executeTakeFirst();
    return rule?.bonus_fen ?? 0;
  }

  setCard(trx: Executor, tenantId: number, orderId: number, cardId: number) {
    return trx.updateTable('card_order').set({ card_id: cardId }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  }
}
