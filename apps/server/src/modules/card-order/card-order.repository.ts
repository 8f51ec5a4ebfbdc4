import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CardOrderTable, Database } from '../../db/tables.ts';

export type CardOrderRow = Selectable<CardOrderTable>;

/** Card orders (办卡, 充值): the only place with their queries. */
export class CardOrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findPayable(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('card_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** The order with the names its receipt shows. */
  detailed(tenantId: number, id: number, db: Executor = this.db) {
    return db
      .selectFrom('card_order as o')
      .innerJoin('card_type as t', 't.id', 'o.card_type_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['t.name as type_name', 't.pay_type', 'v.name as venue_name', 'u.real_name as create_name', 'm.name as member_name'])
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

  /** A type with venues (card_type_venue) is sold only in them; one without is sold everywhere. */
  async typeValidIn(tenantId: number, cardTypeId: number, venueId: number) {
    const venues = await this.db
      .selectFrom('card_type_venue')
      .select('venue_id')
      .where('tenant_id', '=', tenantId)
      .where('card_type_id', '=', cardTypeId)
      .execute();
    return !venues.length || venues.some((v) => v.venue_id === venueId);
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
