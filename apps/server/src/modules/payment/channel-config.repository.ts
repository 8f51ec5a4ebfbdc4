import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, PayChannelConfigTable } from '../../db/tables.ts';

export type ChannelConfigRow = Awaited<ReturnType<ChannelConfigRepository['list']>>[number];
type ConfigValues = Omit<Insertable<PayChannelConfigTable>, 'id' | 'tenant_id' | 'venue_id' | 'pay_mode'>;

/** The scan-code channels' settings: per venue, or the tenant's (venue_id 0). */
export class ChannelConfigRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Where the audit entry of a change is written (each change is one statement). */
  executor() {
    return this.db;
  }

  private rows(tenantId: number) {
    return this.db
      .selectFrom('pay_channel_config as c')
      .leftJoin('venue as v', (j) => j.onRef('v.id', '=', 'c.venue_id').onRef('v.tenant_id', '=', 'c.tenant_id'))
      .selectAll('c')
      .select(sql<string>`coalesce(v.name, '')`.as('venue_name'))
      .where('c.tenant_id', '=', tenantId);
  }

  list(tenantId: number) {
    return this.rows(tenantId).orderBy('c.pay_mode').orderBy('c.venue_id').execute();
  }

  find(tenantId: number, id: number) {
    return this.rows(tenantId).where('c.id', '=', id).executeTakeFirst();
  }

  /** The venue's own setting of the mode, else the tenant's: the venue's first. */
  forVenue(tenantId: number, venueId: number, payMode: string) {
    return this.rows(tenantId)
      .where('c.pay_mode', '=', payMode)
      .where('c.venue_id', 'in', [venueId, 0])
      .orderBy('c.venue_id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  exact(tenantId: number, venueId: number, payMode: string) {
    return this.rows(tenantId).where('c.venue_id', '=', venueId).where('c.pay_mode', '=', payMode).executeTakeFirst();
  }

  /** Every setting of live channels (the daily 对账 goes through each). */
  allLive() {
    return this.db.selectFrom('pay_channel_config').selectAll().where('provider', '=', 'live').orderBy('id').execute();
  }

  async save(tenantId: number, venueId: number, payMode: string, values: ConfigValues): Promise<void> {
    await this.db
      .insertInto('pay_channel_config')
      .values({ ...values, tenant_id: tenantId, venue_id: venueId, pay_mode: payMode })
      .onConflict((oc) => oc.columns(['tenant_id', 'venue_id', 'pay_mode']).doUpdateSet(values))
      .execute();
  }

  async remove(tenantId: number, id: number): Promise<boolean> {
    const done = await this.db.deleteFrom('pay_channel_config').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(done.numDeletedRows) > 0;
  }

  venueOfTenant(tenantId: number, venueId: number) {
    return this.db.selectFrom('venue').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
  }
}
