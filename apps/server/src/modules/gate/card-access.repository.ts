import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, GateCardPushTable } from '../../db/tables.ts';

export type PushRow = Selectable<GateCardPushTable>;
/** Which cards a sync looks at: some cards of a tenant, or every card of one controller. */
export type SyncScope = { cardIds: number[] } | { controllerId: number };
/** A card that may pass a venue's member gates now (a booking's time), whatever its card type may pass. */
export interface VenueGrant {
  cardId: number;
  venueId: number;
}
/** A card record a controller should hold. */
export interface PushWish {
  tenant_id: number;
  controller_id: number;
  card_number: number;
  card_id: number;
  doors: string;
  valid_from: string;
  valid_to: string;
}

/** The card-record queue (gate_card_push) and the card facts that decide it. */
export class CardAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Cards that may pass a gate at all: state A, opened, not ended, member not blacklisted, a physical card id; with enabled gates and controllers. */
  private validCards(tenantId: number, nowIso: string) {
    return this.db
      .selectFrom('card as c')
      .where('c.tenant_id', '=', tenantId)
      .where('c.state', '=', 'A')
      .where('c.is_opened', '=', 'T')
      .where('c.phy_card_id', 'is not', null)
      .where((eb) => eb.or([eb('c.use_end', 'is', null), eb('c.use_end', '>', nowIso)]))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('blacklist as b').select('b.id').whereRef('b.member_id', '=', 'c.member_id').where('b.active', '=', 1))),
      );
  }

  /**
   * Valid cards (state A, opened, not ended, member not blacklisted, a physical card id) and the
   * enabled gates their card type may pass, with each gate's controller and doors.
   */
  wanted(tenantId: number, scope: SyncScope, nowIso: string) {
    const q = this.validCards(tenantId, nowIso)
      .innerJoin('gate_card_type as t', (j) => j.onRef('t.card_type_id', '=', 'c.card_type_id').onRef('t.tenant_id', '=', 'c.tenant_id'))
      .innerJoin('gate as g', (j) => j.onRef('g.id', '=', 't.gate_id').on('g.usage', '=', 'A'))
      .innerJoin('gate_controller as k', (j) => j.onRef('k.id', '=', 'g.controller_id').on('k.state', '=', 'A'))
      .select(['c.id as card_id', 'c.phy_card_id', 'c.use_begin', 'c.use_end', 'g.controller_id', 'g.in_door', 'g.out_door']);
    return ('cardIds' in scope ? q.where('c.id', 'in', scope.cardIds) : q.where('g.controller_id', '=', scope.controllerId)).execute();
  }

  /**
   * Valid cards granted a venue for a while (a booking's time) and that venue's enabled member gates
   * (those some card type may pass: a staff-only gate is not one), with each gate's controller and doors.
   */
  async wantedAtVenues(tenantId: number, grants: VenueGrant[], scope: SyncScope, nowIso: string) {
    if (!grants.length) return [];
    const q = this.validCards(tenantId, nowIso)
      .innerJoin('gate as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').on('g.usage', '=', 'A'))
      .innerJoin('gate_controller as k', (j) => j.onRef('k.id', '=', 'g.controller_id').on('k.state', '=', 'A'))
      .where('c.id', 'in', [...new Set(grants.map((x) => x.cardId))])
      .where('g.venue_id', 'in', [...new Set(grants.map((x) => x.venueId))])
      .where(({ exists, selectFrom }) => exists(selectFrom('gate_card_type as t').select('t.gate_id').whereRef('t.gate_id', '=', 'g.id')))
      .select(['c.id as card_id', 'c.phy_card_id', 'c.use_begin', 'c.use_end', 'g.controller_id', 'g.in_door', 'g.out_door', 'g.venue_id']);
    const rows = await ('cardIds' in scope ? q.where('c.id', 'in', scope.cardIds) : q.where('g.controller_id', '=', scope.controllerId)).execute();
    return rows.filter((r) => grants.some((x) => x.cardId === r.card_id && x.venueId === r.venue_id));
  }

  existing(tenantId: number, scope: SyncScope) {
    const q = this.db.selectFrom('gate_card_push').selectAll().where('tenant_id', '=', tenantId);
    return ('cardIds' in scope ? q.where('card_id', 'in', scope.cardIds) : q.where('controller_id', '=', scope.controllerId)).execute();
  }

  /** Sets what each controller should hold (a new wish, or a changed one) and queues it at once; answers the queued ids. */
  async want(wishes: PushWish[], deleteIds: number[], nowIso: string): Promise<number[]> {
    if (!wishes.length && !deleteIds.length) return [];
    return this.db.transaction().execute(async (trx) => {
      const queued: number[] = [];
      const fresh = { state: 'P' as const, attempts: 0, next_try_at: nowIso, last_error: null, updated_at: nowIso };
      for (let i = 0; i < wishes.length; i += 200) {
        const rows = await trx
          .insertInto('gate_card_push')
          .values(wishes.slice(i, i + 200).map((w) => ({ ...w, action: 'PUT' as const, version: 1, ...fresh })))
          .onConflict((oc) =>
            oc.columns(['controller_id', 'card_number']).doUpdateSet((eb) => ({
              action: 'PUT',
              card_id: eb.ref('excluded.card_id'),
              doors: eb.ref('excluded.doors'),
              valid_from: eb.ref('excluded.valid_from'),
              valid_to: eb.ref('excluded.valid_to'),
              version: sql`gate_card_push.version + 1`,
              ...fresh,
            })),
          )
          .returning('id')
          .execute();
        queued.push(...rows.map((r) => r.id));
      }
      if (deleteIds.length) {
        const rows = await trx
          .updateTable('gate_card_push')
          .set({ action: 'DEL', version: sql`version + 1`, ...fresh })
          .where('id', 'in', deleteIds)
          .returning('id')
          .execute();
        queued.push(...rows.map((r) => r.id));
      }
      return queued;
    });
  }

  /**
   * Takes due records (or the given ones, if due) for sending: their next try moves to `leaseIso`, so
   * another server process does not send them too, and a process that dies mid-way leaves them due again.
   */
  claim(nowIso: string, leaseIso: string, limit: number, ids?: number[]) {
    return this.db
      .updateTable('gate_card_push')
      .set({ next_try_at: leaseIso })
      .where('id', 'in', (eb) => {
        let due = eb.selectFrom('gate_card_push').select('id').where('state', '=', 'P').where('next_try_at', '<=', nowIso);
        if (ids) due = due.where('id', 'in', ids);
        return due.orderBy('next_try_at').limit(limit);
      })
      .where('state', '=', 'P')
      .where('next_try_at', '<=', nowIso)
      .returningAll()
      .execute();
  }

  async done(row: PushRow, nowIso: string) {
    await this.db
      .updateTable('gate_card_push')
      .set({ state: 'D', attempts: 0, last_error: null, updated_at: nowIso })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .execute();
  }

  async failed(row: PushRow, error: string, nextIso: string, nowIso: string) {
    await this.db
      .updateTable('gate_card_push')
      .set({ attempts: row.attempts + 1, next_try_at: nextIso, last_error: error, updated_at: nowIso })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .execute();
  }

  /** Records whose card ended before `today` (YYYY-MM-DD) leave the controllers (the boards refuse them already). */
  async dropEnded(today: string, nowIso: string) {
    await this.db
      .updateTable('gate_card_push')
      .set({ action: 'DEL', state: 'P', version: sql`version + 1`, attempts: 0, next_try_at: nowIso, last_error: null, updated_at: nowIso })
      .where('action', '=', 'PUT')
      .where('valid_to', '<', today)
      .execute();
  }

  /** Queues every record of a controller again (a replaced or wiped board). */
  async requeueController(tenantId: number, controllerId: number, nowIso: string) {
    const rows = await this.db
      .updateTable('gate_card_push')
      .set({ state: 'P', version: sql`version + 1`, attempts: 0, next_try_at: nowIso, last_error: null, updated_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('controller_id', '=', controllerId)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  controllers(ids: number[]) {
    return this.db.selectFrom('gate_controller').selectAll().where('id', 'in', ids).execute();
  }
}
