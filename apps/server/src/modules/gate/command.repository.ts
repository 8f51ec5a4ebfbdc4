import type { Insertable, Kysely, RawBuilder } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, GateCommandTable, GateDirection } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface CommandFilter {
  within: RawBuilder<boolean>;
  beginIso?: string;
  endIso?: string;
  areaId?: number;
  gateId?: number;
  userName?: string;
  passDirection?: GateDirection;
  doorState?: number;
  success?: 'T' | 'F';
}
/** Who may drive a gate from the dialog: the gate's granted users (an admin: every gate), within their venues. */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
  within: RawBuilder<boolean>;
}

/** The gates a user may drive, and the log of every command sent to them. */
export class CommandRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Enabled gates the viewer may see, with area, venue and controller. */
  visibleGates(tenantId: number, viewer: Viewer, gateIds?: number[]) {
    let q = this.db
      .selectFrom('gate as g')
      .innerJoin('gate_area as a', 'a.id', 'g.area_id')
      .innerJoin('venue as v', 'v.id', 'g.venue_id')
      .innerJoin('gate_controller as k', 'k.id', 'g.controller_id')
      .select(['g.id', 'g.name', 'g.usage', 'g.is_remote_control', 'g.in_door', 'g.out_door', 'g.venue_id', 'g.controller_id'])
      .select(['a.id as area_id', 'a.name as area_name', 'v.name as venue_name'])
      .select([
        'k.name as controller_name',
        'k.serial_no',
        'k.address',
        'k.port',
        'k.broadcast',
        'k.timeout_ms',
        'k.retries',
        'k.open_delay',
        'k.state as controller_state',
      ])
      .where('g.tenant_id', '=', tenantId)
      .where('g.usage', '=', 'A')
      .where(viewer.within);
    if (!viewer.isAdmin)
      q = q.where(({ exists, selectFrom }) =>
        exists(selectFrom('gate_user as u').select('u.gate_id').whereRef('u.gate_id', '=', 'g.id').where('u.user_id', '=', viewer.userId)),
      );
    if (gateIds) q = q.where('g.id', 'in', gateIds);
    return q.orderBy('a.sort').orderBy('a.id').orderBy('g.sort').orderBy('g.id').execute();
  }

  async insert(rows: Insertable<GateCommandTable>[]) {
    if (rows.length) await this.db.insertInto('gate_command').values(rows).execute();
  }

  private filtered(tenantId: number, f: CommandFilter) {
    let q = this.db
      .selectFrom('gate_command as c')
      .innerJoin('gate as g', 'g.id', 'c.gate_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .where('c.tenant_id', '=', tenantId)
      .where(f.within);
    if (f.beginIso) q = q.where('c.created_at', '>=', f.beginIso);
    if (f.endIso) q = q.where('c.created_at', '<=', f.endIso);
    if (f.areaId) q = q.where('g.area_id', '=', f.areaId);
    if (f.gateId) q = q.where('c.gate_id', '=', f.gateId);
    if (f.passDirection) q = q.where('c.pass_direction', '=', f.passDirection);
    if (f.doorState !== undefined) q = q.where('c.door_state', '=', f.doorState);
    if (f.success) q = q.where('c.success', '=', f.success);
    if (f.userName) q = q.where((eb) => eb.or([eb('u.real_name', 'like', `%${f.userName}%`), eb('u.username', 'like', `%${f.userName}%`)]));
    return q;
  }

  private detailed(tenantId: number, f: CommandFilter) {
    return this.filtered(tenantId, f)
      .innerJoin('gate_area as a', 'a.id', 'g.area_id')
      .innerJoin('venue as v', 'v.id', 'c.venue_id')
      .innerJoin('gate_controller as k', 'k.id', 'c.controller_id')
      .selectAll('c')
      .select(['g.name as gate_name', 'a.name as area_name', 'v.name as venue_name', 'k.name as controller_name', 'k.serial_no', 'u.real_name'])
      .orderBy('c.id', 'desc');
  }

  page(tenantId: number, f: CommandFilter, window: PageWindow) {
    return pageQuery(this.filtered(tenantId, f), this.detailed(tenantId, f), window);
  }

  /** Every command of a filter, newest first, 500 at a time (the export; commands sent meanwhile are not in it). */
  async *batches(tenantId: number, f: CommandFilter) {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.detailed(tenantId, f).where('c.id', '<', before).limit(500).execute();
      if (rows.length) yield rows;
      if (rows.length < 500) return;
      before = rows[rows.length - 1].id;
    }
  }
}
