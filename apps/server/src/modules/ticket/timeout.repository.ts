import type { Kysely, RawBuilder } from 'kysely';
import type { PayState } from '../../db/column-codes.ts';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** Overstay (超时) orders: one per entry; re-priced while unpaid. */
export class TimeoutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(tenantId: number, orderId: number, db: Executor = this.db) {
    return db.selectFrom('ticket_timeout_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
  }

  /** The entry's overstay order: made, or re-priced while it is still unpaid (U, F); a paid one stays. */
  async upsert(tenantId: number, o: { check_id: number; venue_id: number; minutes: number; price_pay_fen: number; created_by: number; created_at: string }) {
    return this.db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom('ticket_timeout_order')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('check_id', '=', o.check_id)
        .executeTakeFirst();
      if (!known) {
        return trx
          .insertInto('ticket_timeout_order')
          .values({
            ...o,
            tenant_id: tenantId,
            member_id: null,
            order_state: 'P',
            pay_state: 'U',
            pay_mode: null,
            pay_lock: null,
            pay_lock_until: null,
            paid_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      if (known.pay_state !== 'U' && known.pay_state !== 'F') return known;
      await trx
        .updateTable('ticket_timeout_order')
        .set({ minutes: o.minutes, price_pay_fen: o.price_pay_fen })
        .where('id', '=', known.id)
        .where('pay_state', 'in', ['U', 'F'])
        .execute();
      return { ...known, minutes: o.minutes, price_pay_fen: o.price_pay_fen };
    });
  }

  /** The overstay as one payable line. */
  async lines(tenantId: number, orderId: number, db: Executor = this.db) {
    const row = await db
      .selectFrom('ticket_timeout_order as o')
      .innerJoin('ticket_check as c', 'c.id', 'o.check_id')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .select(['o.id', 'o.minutes', 'o.price_pay_fen', 'o.refunded_quantity', 'd.type_name'])
      .where('o.tenant_id', '=', tenantId)
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    return row ? [{ ...row, quantity: 1, price_orig_fen: row.price_pay_fen }] : [];
  }

  /** 超时订单: the tenant's overstay orders in the visible venues, newest first, with the ticket each was charged on. */
  page(tenantId: number, f: { visible: RawBuilder<boolean>; orderId?: number; payState?: PayState }, window: PageWindow) {
    let q = this.db
      .selectFrom('ticket_timeout_order as o')
      .innerJoin('ticket_check as c', 'c.id', 'o.check_id')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .select([
        'o.id',
        'o.venue_id',
        'o.minutes',
        'o.order_state',
        'o.pay_state',
        'o.price_pay_fen',
        'o.refund_type',
        'o.refunded_fen',
        'o.created_at',
        'd.qr_code',
        'd.type_name',
      ])
      .where('o.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.orderId) q = q.where('o.id', '=', f.orderId);
    if (f.payState) q = q.where('o.pay_state', '=', f.payState);
    return pageQuery(q, q.orderBy('o.id', 'desc'), window);
  }
}
