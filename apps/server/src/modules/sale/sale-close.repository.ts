import type { Kysely } from 'kysely';
import type { Database, PayState } from '../../db/tables.ts';

/** The tenant setting holding the auto-close minutes. */
const AUTO_CLOSE_KEY = 'saleOrderAutoCloseMinutes';
/**
 * Only an order nobody is paying may close: unpaid (U) or failed (F), not held by a channel payment
 * (pay_lock) and not N (a scan-code result unknown: the money may have moved). The same condition is
 * in every UPDATE below, so a close racing a payment either wins (the payment then finds nothing to
 * claim) or finds nothing to close.
 */
const CLOSABLE: PayState[] = ['U', 'F'];

/** The only place with the queries of closing unpaid sale orders and of their auto-close setting. */
export class SaleCloseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Closes the order if it still may close; true when this call closed it. */
  async close(tenantId: number, orderId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sale_order')
      .set({ order_state: 'C', pay_state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_state', 'in', CLOSABLE)
      .where('pay_lock', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Closes the tenant's closable orders created before `cutoffIso`: one conditional UPDATE, safe with
   * several server processes running it at once (the second finds nothing left). Answers how many it closed.
   */
  async closeCreatedBefore(tenantId: number, cutoffIso: string): Promise<number> {
    const result = await this.db
      .updateTable('sale_order')
      .set({ order_state: 'C', pay_state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('pay_state', 'in', CLOSABLE)
      .where('created_at', '<', cutoffIso)
      .where('pay_lock', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Every tenant with its auto-close minutes, null where it has set none. */
  tenantsWithSetting() {
    return this.db
      .selectFrom('tenant as t')
      .leftJoin('tenant_setting as s', (j) => j.onRef('s.tenant_id', '=', 't.id').on('s.setting_key', '=', AUTO_CLOSE_KEY))
      .select(['t.id as tenantId', 's.setting_value as minutes'])
      .execute();
  }

  async setting(tenantId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('tenant_setting')
      .select('setting_value')
      .where('tenant_id', '=', tenantId)
      .where('setting_key', '=', AUTO_CLOSE_KEY)
      .executeTakeFirst();
    return row?.setting_value ?? null;
  }

  async saveSetting(tenantId: number, value: string): Promise<void> {
    await this.db
      .insertInto('tenant_setting')
      .values({ tenant_id: tenantId, setting_key: AUTO_CLOSE_KEY, setting_value: value })
      .onConflict((oc) => oc.columns(['tenant_id', 'setting_key']).doUpdateSet({ setting_value: value }))
      .execute();
  }
}
