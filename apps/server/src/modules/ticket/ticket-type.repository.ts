import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { TicketTypeTable } from '../../db/ticket-tables.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export type NewType = Omit<Insertable<TicketTypeTable>, 'id' | 'tenant_id' | 'created_at'>;
export interface Slot {
  begin_week: number;
  end_week: number;
  begin_time: string;
  end_time: string;
}
export interface TypeFilter {
  name?: string;
  venueId?: number;
  state?: 'A' | 'S';
  /** The venues the reader may see (a SQL condition on t.venue_id). */
  visible: RawBuilder<boolean>;
}

/** Ticket types (票种) and their use-time slots. */
export class TicketTypeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base(tenantId: number) {
    return this.db
      .selectFrom('ticket_type as t')
      .innerJoin('venue as v', 'v.id', 't.venue_id')
      .innerJoin('sport_item as i', 'i.id', 't.item_id')
      .selectAll('t')
      .select(['v.name as venue_name', 'i.name as item_name'])
      .where('t.tenant_id', '=', tenantId);
  }

  page(tenantId: number, f: TypeFilter, window: PageWindow) {
    let q = this.base(tenantId).where(f.visible);
    if (f.name) q = q.where('t.name', 'like', `%${f.name}%`);
    if (f.venueId) q = q.where('t.venue_id', '=', f.venueId);
    if (f.state) q = q.where('t.state', '=', f.state);
    return pageQuery(q, q.orderBy('t.id', 'desc'), window);
  }

  forSale(tenantId: number, venueId: number, today: string) {
    return this.base(tenantId).where('t.venue_id', '=', venueId).where('t.state', '=', 'A').where('t.use_end_date', '>=', today).orderBy('t.id').execute();
  }

  find(tenantId: number, ids: number[], db: Executor = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('ticket_type as t')
      .innerJoin('venue as v', 'v.id', 't.venue_id')
      .innerJoin('sport_item as i', 'i.id', 't.item_id')
      .selectAll('t')
      .select(['v.name as venue_name', 'i.name as item_name'])
      .where('t.tenant_id', '=', tenantId)
      .where('t.id', 'in', ids)
      .execute();
  }

  slots(tenantId: number, typeIds: number[], db: Executor = this.db) {
    if (!typeIds.length) return Promise.resolve([]);
    return db
      .selectFrom('ticket_type_time')
      .select(['type_id', 'begin_week', 'end_week', 'begin_time', 'end_time'])
      .where('tenant_id', '=', tenantId)
      .where('type_id', 'in', typeIds)
      .orderBy('id')
      .execute();
  }

  /** Whether the item is one of the venue's (venue_item, enabled) and both are the tenant's. */
  async itemOfVenue(tenantId: number, venueId: number, itemId: number) {
    const row = await this.db
      .selectFrom('venue_item')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('item_id', '=', itemId)
      .where('state', '=', 'A')
      .executeTakeFirst();
    return !!row;
  }

  /** Inserts or updates a type with its slots (replaced), in one transaction. */
  save(tenantId: number, id: number | null, row: NewType, slots: Slot[], nowIso: string) {
    return this.db.transaction().execute(async (trx) => {
      let typeId = id;
      if (typeId === null) {
        typeId = (
          await trx
            .insertInto('ticket_type')
            .values({ ...row, tenant_id: tenantId, created_at: nowIso })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        await trx.updateTable('ticket_type').set(row).where('tenant_id', '=', tenantId).where('id', '=', typeId).execute();
        await trx.deleteFrom('ticket_type_time').where('tenant_id', '=', tenantId).where('type_id', '=', typeId).execute();
      }
      await trx
        .insertInto('ticket_type_time')
        .values(slots.map((s) => ({ ...s, tenant_id: tenantId, type_id: typeId })))
        .execute();
      return typeId;
    });
  }

  /** How many types of the tenant bear this name in the venue, other than `exceptId`. */
  async nameTaken(tenantId: number, venueId: number, name: string, exceptId: number | null) {
    const row = await this.db
      .selectFrom('ticket_type')
      .select(sql<number>`count(*)`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('name', '=', name)
      .where('id', '!=', exceptId ?? 0)
      .executeTakeFirstOrThrow();
    return Number(row.n) > 0;
  }
}
