import type { Kysely, Transaction } from 'kysely';
import type { CardFeeOrderTable } from '../../db/card-admin-tables.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

/** The 延期/补卡 fee orders, their cards, and the cards they change. */
export class CardFeeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  find(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('card_fee_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  async cardIds(tenantId: number, orderId: number, db: Executor = this.db) {
    const rows = await db
      .selectFrom('card_fee_order_card')
      .select('card_id')
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .orderBy('card_id')
      .execute();
    return rows.map((r) => r.card_id);
  }

  /** The order with its venue's, creator's and member's names. */
  detail(tenantId: number, id: number) {
    return this.db
      .selectFrom('card_fee_order as o')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['v.name as venue_name', 'u.real_name as create_name', 'm.name as member_name'])
      .where('o.tenant_id', '=', tenantId)
      .where('o.id', '=', id)
      .executeTakeFirst();
  }

  orderCards(tenantId: number, orderId: number) {
    return this.db
      .selectFrom('card_fee_order_card as f')
      .innerJoin('card as c', 'c.id', 'f.card_id')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id', 'c.card_no', 't.name', 'c.use_end', 'f.fee_fen'])
      .where('f.tenant_id', '=', tenantId)
      .where('f.order_id', '=', orderId)
      .orderBy('c.id')
      .limit(1000)
      .execute();
  }

  /** The cards with their type's pay type and day price and their member's name. */
  cardsWithType(tenantId: number, ids: number[]) {
    return this.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .select(['c.id', 'c.card_no', 'c.state', 'c.use_end', 'c.venue_id', 'c.member_id', 't.pay_type', 't.extend_day_fen', 'm.name as member_name'])
      .where('c.tenant_id', '=', tenantId)
      .where('c.id', 'in', ids)
      .execute();
  }

  cards(tenantId: number, ids: number[], db: Executor = this.db) {
    return db
      .selectFrom('card')
      .select(['id', 'card_no', 'state', 'use_end', 'venue_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  }

  async cardIdByNo(tenantId: number, cardNo: string) {
    return (await this.db.selectFrom('card').select('id').where('tenant_id', '=', tenantId).where('card_no', '=', cardNo).executeTakeFirst())?.id;
  }

  replaceFee(cardTypeId: number) {
    return this.db.selectFrom('card_type').select(['replace_fee_fen']).where('id', '=', cardTypeId).executeTakeFirstOrThrow();
  }

  /** The order and its cards with each one's fee. */
  insertOrder(row: Omit<CardFeeOrderTable, 'id' | 'pay_attempt'>, cards: { id: number; fee: number }[]) {
    return this.transaction(async (trx) => {
      const { id } = await trx.insertInto('card_fee_order').values(row).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('card_fee_order_card')
        .values(cards.map((c) => ({ tenant_id: row.tenant_id, order_id: id, card_id: c.id, fee_fen: c.fee })))
        .execute();
      return id;
    });
  }
}
