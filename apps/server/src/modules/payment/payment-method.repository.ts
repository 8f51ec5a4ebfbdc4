import type { Insertable, Kysely, Selectable } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState, PaymentMethodTable } from '../../db/tables.ts';
import type { Page, PageWindow } from '../../lib/paging.ts';

export interface MethodFilter {
  id?: number;
  venueId?: number;
  state?: EnabledState;
  payName?: string;
  payMode?: string;
}
export type MethodRow = Awaited<ReturnType<PaymentMethodRepository['list']>>[number];
type MethodValues = Omit<Insertable<PaymentMethodTable>, 'id' | 'tenant_id' | 'created_at'>;

/** Payment methods of a tenant and the venues that offer each. */
export class PaymentMethodRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(tenantId: number, f: MethodFilter) {
    let q = this.db.selectFrom('payment_method as m').where('m.tenant_id', '=', tenantId);
    if (f.id) q = q.where('m.id', '=', f.id);
    if (f.state) q = q.where('m.state', '=', f.state);
    if (f.payMode) q = q.where('m.pay_mode', '=', f.payMode);
    if (f.payName) q = q.where('m.pay_name', 'like', `%${f.payName}%`);
    if (f.venueId) {
      q = q.where('m.id', 'in', (eb) =>
        eb.selectFrom('payment_method_venue').select('method_id').where('tenant_id', '=', tenantId).where('venue_id', '=', f.venueId!),
      );
    }
    return q;
  }

  private ordered(tenantId: number, f: MethodFilter) {
    return this.filtered(tenantId, f).selectAll('m').orderBy('m.sort').orderBy('m.id');
  }

  /** Methods with their venues, ordered by sort. */
  async list(tenantId: number, f: MethodFilter) {
    return this.withVenues(tenantId, await this.ordered(tenantId, f).execute());
  }

  async page(tenantId: number, f: MethodFilter, window: PageWindow): Promise<Page<MethodRow>> {
    const { total, records } = await pageQuery(this.filtered(tenantId, f), this.ordered(tenantId, f), window);
    return { total, records: await this.withVenues(tenantId, records) };
  }

  private async withVenues(tenantId: number, rows: Selectable<PaymentMethodTable>[]) {
    const venues = rows.length
      ? await this.db
          .selectFrom('payment_method_venue as mv')
          .innerJoin('venue as v', 'v.id', 'mv.venue_id')
          .select(['mv.method_id', 'v.id as venue_id', 'v.name as venue_name'])
          .where('mv.tenant_id', '=', tenantId)
          .where(
            'mv.method_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('v.id')
          .execute()
      : [];
    return rows.map((r) => ({ ...r, venues: venues.filter((v) => v.method_id === r.id) }));
  }

  /** The enabled method of a pay mode offered in the venue (one query: the payment path asks on every payment). */
  enabledFor(tenantId: number, venueId: number, payMode: string) {
    return this.db
      .selectFrom('payment_method_venue as mv')
      .innerJoin('payment_method as m', 'm.id', 'mv.method_id')
      .selectAll('m')
      .where('mv.tenant_id', '=', tenantId)
      .where('mv.venue_id', '=', venueId)
      .where('m.pay_mode', '=', payMode)
      .where('m.state', '=', 'A')
      .orderBy('m.sort')
      .limit(1)
      .executeTakeFirst();
  }

  async find(tenantId: number, id: number) {
    return (await this.list(tenantId, { id }))[0];
  }

  /** Other methods of the same pay mode offered in any of `venueIds`: names of those venues. */
  async venuesWithMode(tenantId: number, payMode: string, venueIds: number[], exceptId: number | null) {
    let q = this.db
      .selectFrom('payment_method_venue as mv')
      .innerJoin('payment_method as m', 'm.id', 'mv.method_id')
      .innerJoin('venue as v', 'v.id', 'mv.venue_id')
      .select('v.name')
      .where('mv.tenant_id', '=', tenantId)
      .where('m.pay_mode', '=', payMode)
      .where('mv.venue_id', 'in', venueIds);
    if (exceptId) q = q.where('m.id', '!=', exceptId);
    return (await q.execute()).map((r) => r.name);
  }

  async save(tenantId: number, id: number | null, values: MethodValues, venueIds: number[], nowIso: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let methodId = id;
      if (methodId === null) {
        methodId = (
          await trx
            .insertInto('payment_method')
            .values({ ...values, tenant_id: tenantId, created_at: nowIso })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        await trx.updateTable('payment_method').set(values).where('tenant_id', '=', tenantId).where('id', '=', methodId).execute();
        await trx.deleteFrom('payment_method_venue').where('tenant_id', '=', tenantId).where('method_id', '=', methodId).execute();
      }
      await trx
        .insertInto('payment_method_venue')
        .values(venueIds.map((venue_id) => ({ tenant_id: tenantId, method_id: methodId!, venue_id })))
        .execute();
      return methodId;
    });
  }

  async setState(tenantId: number, id: number, state: EnabledState): Promise<boolean> {
    const updated = await this.db.updateTable('payment_method').set({ state }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async remove(tenantId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('payment_method_venue').where('tenant_id', '=', tenantId).where('method_id', '=', id).execute();
      const deleted = await trx.deleteFrom('payment_method').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    });
  }
}
