import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CardState, CardStateLogTable, Database } from '../../db/tables.ts';
import type { Insertable } from 'kysely';
import { owingStoredValueCards } from './stored-value.ts';

/** Card state changes, their trail (card_state_log), new card numbers and the stored-value liability. */
export class CardLifeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Moves the card from one of `from` to `to`: answers the state it left, or null when it was in none of them (nothing changed). */
  async move(trx: Executor, tenantId: number, cardId: number, from: readonly string[], to: CardState) {
    const before = await trx.selectFrom('card').select(['state']).where('tenant_id', '=', tenantId).where('id', '=', cardId).executeTakeFirst();
    if (!before || !from.includes(before.state)) return null;
    const moved = await trx
      .updateTable('card')
      .set({ state: to })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', cardId)
      .where('state', '=', before.state)
      .returning(['id', 'balance'])
      .executeTakeFirst();
    return moved ? { from: before.state, balance: moved.balance } : null;
  }

  async log(trx: Executor, row: Omit<Insertable<CardStateLogTable>, 'id'>) {
    return (await trx.insertInto('card_state_log').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  logs(tenantId: number, cardId: number, ids?: number[]) {
    let q = this.db
      .selectFrom('card_state_log as l')
      .leftJoin('card as n', 'n.id', 'l.new_card_id')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .innerJoin('card as c', 'c.id', 'l.card_id')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .selectAll('l')
      .select(['n.card_no as new_card_no', 'u.real_name as created_name', 't.pay_type'])
      .where('l.tenant_id', '=', tenantId);
    q = ids ? q.where('l.id', 'in', ids) : q.where('l.card_id', '=', cardId);
    return q.orderBy('l.id', 'desc').execute();
  }

  /** Whether a card number (or a physical card id) is the tenant's already. */
  async numberTaken(tenantId: number, code: string, db: Executor = this.db) {
    const row = await db
      .selectFrom('card')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('card_no', '=', code), eb('phy_card_id', '=', code)]))
      .executeTakeFirst();
    return !!row;
  }

  /** Stored value not yet spent, per venue and card type (M cards). */
  liability(tenantId: number, within?: Expression<SqlBool>) {
    let q = owingStoredValueCards(this.db, tenantId)
      .leftJoin('venue as v', 'v.id', 'c.venue_id')
      .select(['c.venue_id', 'v.name as venue_name', 't.name as type_name'])
      .select(sql<number>`count(*)`.as('card_count'))
      .select(sql<number>`sum(c.balance)`.as('balance'));
    if (within) q = q.where(within);
    return q.groupBy(['c.venue_id', 'v.name', 't.name']).orderBy('c.venue_id').orderBy('t.name').execute();
  }
}

export interface NewCard {
  tenant_id: number;
  card_no: string;
  phy_card_id: string | null;
  member_id: number;
  card_type_id: number;
  venue_id: number | null;
  is_opened: 'T' | 'F';
  use_begin: string | null;
  use_end: string | null;
  remark: string;
  created_at: string;
}
/** A new card with balance 0 (its value comes in through the ledger). */
export const insertCard = async (trx: Executor, row: NewCard) =>
  (
    await trx
      .insertInto('card')
      .values({ ...row, state: 'A', balance: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
