import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

type NewCheck = {
  tenant_id: number;
  detail_id: number;
  venue_id: number;
  item_id: number;
  slot_end: string;
  checked_by: number;
  checked_at: string;
  hand_id: number | null;
};

/** Verifications (entries), exits and the in-venue count. */
export class TicketCheckRepository {
  /** Whether an entry is taken in one statement (PostgreSQL: an UPDATE inside a WITH). */
  readonly oneStatement: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
  ) {
    this.oneStatement = engine === 'postgres';
  }

  /**
   * The tickets of a verification, with their type's wristband flag and the tenant's ticket rules
   * version (what the rules kept in memory are keyed by), in one statement.
   */
  forCheck(tenantId: number, ids: number[]) {
    return this.db
      .selectFrom('ticket_detail as d')
      .innerJoin('ticket_type as t', 't.id', 'd.type_id')
      .select([
        'd.id',
        'd.order_id',
        'd.venue_id',
        'd.item_id',
        'd.type_id',
        'd.type_name',
        'd.detail_state',
        'd.use_begin_date',
        'd.use_end_date',
        'd.uses_left',
        't.with_hand',
      ])
      .select((eb) =>
        eb.fn.coalesce(eb.selectFrom('ticket_rules_version as r').select('r.version').where('r.tenant_id', '=', tenantId), sql<number>`0`).as('rules_version'),
      )
      .where('d.tenant_id', '=', tenantId)
      .where('d.id', 'in', ids)
      .orderBy('d.id')
      .execute();
  }

  /**
   * Takes one use of a usable ticket: a conditional update, so of two desks or gates racing for the last
   * use only one finds the row (PostgreSQL: the row lock; SQLite: the write lock). Answers whether it did.
   */
  async takeUse(trx: Executor, tenantId: number, detailId: number) {
    const done = await trx
      .updateTable('ticket_detail')
      .set({
        uses_left: sql<number>`uses_left - 1`,
        detail_state: sql<'A' | 'U'>`case when uses_left = 1 then 'U' else 'A' end`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', detailId)
      .where('detail_state', '=', 'A')
      .where('uses_left', '>', 0)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /**
   * An entry: takes one use of the ticket (as `takeUse`) and writes the verification; answers false (and
   * writes nothing) when the use is gone. PostgreSQL does both in one statement, atomic on its own (one
   * round trip, no transaction needed for one ticket); SQLite runs the two inside the caller's transaction.
   */
  async enter(db: Executor, row: NewCheck) {
    if (!this.oneStatement) {
      if (!(await this.takeUse(db, row.tenant_id, row.detail_id))) return false;
      await db.insertInto('ticket_check').values(row).execute();
      return true;
    }
    const { rows } = await sql<{ id: number }>`with used as (
        update ticket_detail set uses_left = uses_left - 1, detail_state = case when uses_left = 1 then 'U' else 'A' end
        where tenant_id = ${row.tenant_id} and id = ${row.detail_id} and detail_state = 'A' and uses_left > 0
        returning id)
      insert into ticket_check (tenant_id, detail_id, venue_id, item_id, slot_end, checked_by, checked_at, hand_id)
      select ${row.tenant_id}::integer, used.id, ${row.venue_id}::integer, ${row.item_id}::integer, ${row.slot_end}::text,
        ${row.checked_by}::integer, ${row.checked_at}::text, ${row.hand_id}::integer
      from used returning id`.execute(db);
    return rows.length === 1;
  }

  private insideQuery(tenantId: number) {
    return this.db
      .selectFrom('ticket_check as c')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .innerJoin('ticket_type as t', 't.id', 'd.type_id')
      .select(['c.id', 'c.venue_id', 'c.slot_end', 'd.order_id', 'd.qr_code', 'd.type_name', 't.free_minutes', 't.overtime_minutes', 't.overtime_price_fen'])
      .where('c.tenant_id', '=', tenantId)
      .where('c.exit_at', 'is', null);
  }

  /** The latest entry of a ticket still inside, with its type's overstay rule. */
  inside(tenantId: number, qrCode: string) {
    return this.insideQuery(tenantId).where('d.qr_code', '=', qrCode).orderBy('c.id', 'desc').executeTakeFirst();
  }

  /** Every entry of a venue (or one of its items) still inside, oldest first. */
  allInside(tenantId: number, venueId: number, itemId?: number) {
    let q = this.insideQuery(tenantId).where('c.venue_id', '=', venueId);
    if (itemId) q = q.where('c.item_id', '=', itemId);
    return q.orderBy('c.id').limit(10_000).execute();
  }

  /** Lets an entry out (once). */
  async exit(db: Executor, tenantId: number, checkId: number, nowIso: string) {
    const done = await db
      .updateTable('ticket_check')
      .set({ exit_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', checkId)
      .where('exit_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** People inside (verified, not yet out) per venue and item. */
  peopleCount(tenantId: number, visible: RawBuilder<boolean>, venueId?: number) {
    let q = this.db
      .selectFrom('ticket_check as c')
      .innerJoin('venue as v', 'v.id', 'c.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'c.item_id')
      .select(['c.venue_id', 'v.name as venue_name', 'c.item_id', 'i.name as item_name', sql<number>`count(*)`.as('n')])
      .where('c.tenant_id', '=', tenantId)
      .where('c.exit_at', 'is', null)
      .where(visible)
      .groupBy(['c.venue_id', 'v.name', 'c.item_id', 'i.name'])
      .orderBy('c.venue_id')
      .orderBy('c.item_id');
    if (venueId) q = q.where('c.venue_id', '=', venueId);
    return q.execute();
  }
}
