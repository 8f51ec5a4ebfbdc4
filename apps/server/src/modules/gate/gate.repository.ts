import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState, GateTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export type GateValues = Omit<Insertable<GateTable>, 'id' | 'tenant_id' | 'created_at'>;
export interface GateFilter {
  name?: string;
  areaId?: number;
  venueId?: number;
  controllerId?: number;
  usage?: EnabledState;
  /** The caller's venues (a condition on g.venue_id). */
  within: RawBuilder<boolean>;
}

/** Gates with their area, venue and controller, the card types they let through and who may see them. */
export class GateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(tenantId: number, f: GateFilter) {
    let q = this.db.selectFrom('gate as g').where('g.tenant_id', '=', tenantId).where(f.within);
    if (f.name) q = q.where('g.name', 'like', `%${f.name}%`);
    if (f.areaId) q = q.where('g.area_id', '=', f.areaId);
    if (f.venueId) q = q.where('g.venue_id', '=', f.venueId);
    if (f.controllerId) q = q.where('g.controller_id', '=', f.controllerId);
    if (f.usage) q = q.where('g.usage', '=', f.usage);
    return q;
  }

  private detailed(tenantId: number, f: GateFilter) {
    return this.filtered(tenantId, f)
      .innerJoin('gate_area as a', 'a.id', 'g.area_id')
      .innerJoin('venue as v', 'v.id', 'g.venue_id')
      .innerJoin('gate_controller as k', 'k.id', 'g.controller_id')
      .selectAll('g')
      .select(['a.name as area_name', 'v.name as venue_name', 'k.name as controller_name', 'k.serial_no'])
      .select((eb) => eb.selectFrom('gate_user as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.gate_id', '=', 'g.id').as('user_count'))
      .orderBy('a.sort')
      .orderBy('g.sort')
      .orderBy('g.id');
  }

  page(tenantId: number, f: GateFilter, window: PageWindow) {
    return pageQuery(this.filtered(tenantId, f), this.detailed(tenantId, f), window);
  }

  list(tenantId: number, f: GateFilter) {
    return this.detailed(tenantId, f).execute();
  }

  find(tenantId: number, id: number, within: RawBuilder<boolean> = sql<boolean>`1 = 1`) {
    return this.detailed(tenantId, { within }).where('g.id', '=', id).executeTakeFirst();
  }

  /** The card types of these gates, with names. */
  cardTypes(tenantId: number, gateIds: number[]) {
    if (!gateIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('gate_card_type as t')
      .innerJoin('card_type as c', 'c.id', 't.card_type_id')
      .select(['t.gate_id', 'c.id', 'c.name'])
      .where('t.tenant_id', '=', tenantId)
      .where('t.gate_id', 'in', gateIds)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
  }

  /** The gate using `door` of `controllerId`, other than `exceptId`. */
  doorUser(tenantId: number, controllerId: number, door: number, exceptId: number | null) {
    let q = this.db
      .selectFrom('gate')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('controller_id', '=', controllerId)
      .where((eb) => eb.or([eb('in_door', '=', door), eb('out_door', '=', door)]));
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  }

  async save(tenantId: number, id: number | null, row: GateValues, cardTypeIds: number[], nowIso: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let gateId = id;
      if (gateId === null) {
        gateId = (
          await trx
            .insertInto('gate')
            .values({ tenant_id: tenantId, ...row, created_at: nowIso })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        await trx.updateTable('gate').set(row).where('tenant_id', '=', tenantId).where('id', '=', gateId).execute();
        await trx.deleteFrom('gate_card_type').where('tenant_id', '=', tenantId).where('gate_id', '=', gateId).execute();
      }
      if (cardTypeIds.length)
        await trx
          .insertInto('gate_card_type')
          .values(cardTypeIds.map((card_type_id) => ({ tenant_id: tenantId, gate_id: gateId!, card_type_id })))
          .execute();
      return gateId;
    });
  }

  /** The tenant's users, each with whether it may see the gate. */
  users(tenantId: number, gateId: number) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('gate_user as g', (j) => j.onRef('g.user_id', '=', 'u.id').on('g.gate_id', '=', gateId))
      .select(['u.id', 'u.username', 'u.real_name', 'g.gate_id'])
      .where('u.tenant_id', '=', tenantId)
      .orderBy('u.id')
      .execute();
  }

  async setUsers(tenantId: number, gateId: number, userIds: number[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('gate_user').where('tenant_id', '=', tenantId).where('gate_id', '=', gateId).execute();
      if (userIds.length)
        await trx
          .insertInto('gate_user')
          .values(userIds.map((user_id) => ({ tenant_id: tenantId, gate_id: gateId, user_id })))
          .execute();
    });
  }

  async countUsersOfTenant(tenantId: number, userIds: number[]) {
    if (!userIds.length) return 0;
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', userIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countCardTypesOfTenant(tenantId: number, ids: number[]) {
    if (!ids.length) return 0;
    const row = await this.db
      .selectFrom('card_type')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
