import { member } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/**
 * The stored-value cards that still owe their balance (member.OWING_CARD_STATES), as `c` with their type
 * `t`: the one definition the board's 储值卡余额 and the report's 未消费储值 sum over.
 */
export const owingStoredValueCards = (db: Kysely<Database>, tenantId: number) =>
  db
    .selectFrom('card as c')
    .innerJoin('card_type as t', 't.id', 'c.card_type_id')
    .where('c.tenant_id', '=', tenantId)
    .where('t.pay_type', '=', 'M')
    .where('c.state', 'in', member.OWING_CARD_STATES);
