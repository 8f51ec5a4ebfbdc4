import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, GateDirection, GatePassKind, GatePassTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface PassFilter {
  within: RawBuilder<boolean>;
  beginIso?: string;
  endIso?: string;
  venueId?: number;
  areaId?: number;
  gateId?: number;
  keyword?: string;
  direction?: GateDirection;
  kind?: GatePassKind;
  granted?: 'T' | 'F';
}

/** The controllers' events (闸机通行记录) and the visitor-flow figures they make. */
export class PassRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The enabled controller with this serial number (one at most: a serial number is unique), with where it sends from. */
  controllersBySerial(serialNo: number) {
    return this.db
      .selectFrom('gate_controller')
      .select(['id', 'tenant_id', 'address', 'broadcast'])
      .where('serial_no', '=', serialNo)
      .where('state', '=', 'A')
      .execute();
  }

  gateOnDoor(controllerId: number, door: number) {
    return this.db
      .selectFrom('gate')
      .select(['id', 'venue_id', 'in_door', 'out_door'])
      .where('controller_id', '=', controllerId)
      .where((eb) => eb.or([eb('in_door', '=', door), eb('out_door', '=', door)]))
      .executeTakeFirst();
  }

  /** The card whose physical id is what the reader read (as digits, with or without leading zeros). */
  cardByNumber(tenantId: number, cardNumber: number) {
    const text = String(cardNumber);
    return this.db
      .selectFrom('card')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('phy_card_id', 'in', [...new Set([text, text.padStart(10, '0')])])
      .executeTakeFirst();
  }

  /** Keeps an event once (a controller resends its latest event: same index and time); false when it was there already. */
  async insert(row: Insertable<GatePassTable>): Promise<boolean> {
    const [result] = await this.db
      .insertInto('gate_pass')
      .values(row)
      .onConflict((oc) => oc.columns(['controller_id', 'event_index', 'pass_time']).doNothing())
      .execute();
    return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  private filtered(tenantId: number, f: PassFilter) {
    let q = this.db
      .selectFrom('gate_pass as p')
      .leftJoin('gate as g', 'g.id', 'p.gate_id')
      .leftJoin('card as c', 'c.id', 'p.card_id')
      .leftJoin('member as m', 'm.id', 'c.member_id')
      .where('p.tenant_id', '=', tenantId)
      .where(f.within);
    if (f.beginIso) q = q.where('p.pass_time', '>=', f.beginIso);
    if (f.endIso) q = q.where('p.pass_time', '<=', f.endIso);
    if (f.venueId) q = q.where('p.venue_id', '=', f.venueId);
    if (f.areaId) q = q.where('g.area_id', '=', f.areaId);
    if (f.gateId) q = q.where('p.gate_id', '=', f.gateId);
    if (f.direction) q = q.where('p.direction', '=', f.direction);
    if (f.kind) q = q.where('p.kind', '=', f.kind);
    if (f.granted) q = q.where('p.granted', '=', f.granted);
    if (f.keyword) {
      const kw = f.keyword;
      q = q.where((eb) =>
        eb.or([eb('c.card_no', '=', kw), eb('c.phy_card_id', '=', kw), eb(sql`cast(p.card_number as text)`, '=', kw), eb('m.name', 'like', `%${kw}%`)]),
      );
    }
    return q;
  }

  private detailed(tenantId: number, f: PassFilter) {
    return this.filtered(tenantId, f)
      .leftJoin('gate_area as a', 'a.id', 'g.area_id')
      .leftJoin('venue as v', 'v.id', 'p.venue_id')
      .innerJoin('gate_controller as k', 'k.id', 'p.controller_id')
      .selectAll('p')
      .select([
        'g.name as gate_name',
        'a.name as area_name',
        'v.name as venue_name',
        'k.name as controller_name',
        'k.serial_no',
        'c.card_no',
        'm.name as member_name',
      ])
      .orderBy('p.pass_time', 'desc')
      .orderBy('p.id', 'desc');
  }

  page(tenantId: number, f: PassFilter, window: PageWindow) {
    return pageQuery(this.filtered(tenantId, f), this.detailed(tenantId, f), window);
  }

  /** Every pass of a filter, newest first, 500 at a time (the export). */
  async *batches(tenantId: number, f: PassFilter) {
    for (let offset = 0; ; offset += 500) {
      const rows = await this.detailed(tenantId, f).offset(offset).limit(500).execute();
      if (rows.length) yield rows;
      if (rows.length < 500) return;
    }
  }

  /** The granted swipes of a venue between two instants: when, and in or out. */
  grantedSwipes(tenantId: number, venueId: number, beginIso: string, endIso: string) {
    return this.db
      .selectFrom('gate_pass')
      .select(['pass_time', 'direction'])
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('kind', '=', 'S')
      .where('granted', '=', 'T')
      .where('pass_time', '>=', beginIso)
      .where('pass_time', '<=', endIso)
      .execute();
  }
}
