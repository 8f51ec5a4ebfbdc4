import type { Insertable, Kysely, Selectable } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState, GateControllerTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export type ControllerRow = Selectable<GateControllerTable>;
export type ControllerValues = Omit<Insertable<GateControllerTable>, 'id' | 'tenant_id' | 'created_at'>;

/** Access controllers, with their gates and the card records still waiting to reach them. */
export class ControllerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(tenantId: number, f: { keyword?: string; state?: EnabledState }) {
    let q = this.db.selectFrom('gate_controller as k').where('k.tenant_id', '=', tenantId);
    if (f.state) q = q.where('k.state', '=', f.state);
    if (f.keyword) {
      const like = `%${f.keyword}%`;
      q = q.where((eb) => eb.or([eb('k.name', 'like', like), eb('k.address', 'like', like), eb(eb.cast('k.serial_no', 'text'), 'like', like)]));
    }
    return q;
  }

  private detailed(tenantId: number, f: { keyword?: string; state?: EnabledState } = {}) {
    return this.filtered(tenantId, f)
      .selectAll('k')
      .select((eb) => [
        eb.selectFrom('gate as g').select(eb.fn.countAll<number>().as('n')).whereRef('g.controller_id', '=', 'k.id').as('gate_count'),
        eb
          .selectFrom('gate_card_push as p')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('p.controller_id', '=', 'k.id')
          .where('p.state', '=', 'P')
          .as('pending_cards'),
        eb
          .selectFrom('gate_card_push as p')
          .select('p.last_error')
          .whereRef('p.controller_id', '=', 'k.id')
          .where('p.state', '=', 'P')
          .where('p.last_error', 'is not', null)
          .orderBy('p.updated_at', 'desc')
          .limit(1)
          .as('last_error'),
      ])
      .orderBy('k.id');
  }

  page(tenantId: number, f: { keyword?: string; state?: EnabledState }, window: PageWindow) {
    return pageQuery(this.filtered(tenantId, f), this.detailed(tenantId, f), window);
  }

  all(tenantId: number) {
    return this.detailed(tenantId).execute();
  }

  find(tenantId: number, id: number) {
    return this.detailed(tenantId).where('k.id', '=', id).executeTakeFirst();
  }

  async insert(tenantId: number, row: ControllerValues, nowIso: string) {
    const inserted = await this.db
      .insertInto('gate_controller')
      .values({ tenant_id: tenantId, ...row, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(tenantId: number, id: number, row: ControllerValues) {
    await this.db.updateTable('gate_controller').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** Whether a controller of any tenant other than `exceptId` has this serial number. */
  async serialTaken(serialNo: number, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('gate_controller').select('id').where('serial_no', '=', serialNo);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  /** Enabled controllers of every tenant (the event listener's address goes to each). */
  enabledEverywhere() {
    return this.db.selectFrom('gate_controller').selectAll().where('state', '=', 'A').orderBy('id').execute();
  }

  /** Enabled controllers with this serial number, of any tenant (an event names only its board). */
  bySerial(serialNo: number) {
    return this.db.selectFrom('gate_controller').selectAll().where('serial_no', '=', serialNo).where('state', '=', 'A').execute();
  }

  /** Controllers on this machine's loopback address, of every tenant: the simulator's boards. */
  onLoopback() {
    return this.db.selectFrom('gate_controller').selectAll().where('address', '=', '127.0.0.1').execute();
  }

  async setPort(ids: number[], port: number) {
    if (ids.length) await this.db.updateTable('gate_controller').set({ port }).where('id', 'in', ids).execute();
  }
}
