import type { Kysely, RawBuilder } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** Entries (ticket_check) as the desk looks at them: with the band worn, the overstay rule and order. */
export class TicketDeskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private entries(tenantId: number) {
    return this.db
      .selectFrom('ticket_check as c')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .innerJoin('ticket_type as t', 't.id', 'd.type_id')
      .leftJoin('hand as h', 'h.id', 'c.hand_id')
      .leftJoin('ticket_timeout_order as o', 'o.check_id', 'c.id')
      .select([
        'c.id',
        'c.detail_id',
        'd.order_id',
        'c.venue_id',
        'c.checked_at',
        'c.exit_at',
        'c.slot_end',
        'c.hand_id',
        'h.hand_no',
        't.free_minutes',
        't.overtime_minutes',
        't.overtime_price_fen',
        'o.id as timeout_id',
        'o.pay_state as timeout_pay_state',
      ])
      .where('c.tenant_id', '=', tenantId);
  }

  /** The latest entry of each ticket (none for a ticket never verified). */
  latest(tenantId: number, detailIds: number[]) {
    if (!detailIds.length) return Promise.resolve([]);
    return this.entries(tenantId)
      .where('c.detail_id', 'in', detailIds)
      .where((eb) =>
        eb(
          'c.id',
          '=',
          eb
            .selectFrom('ticket_check as l')
            .select((x) => x.fn.max('l.id').as('m'))
            .whereRef('l.detail_id', '=', 'c.detail_id'),
        ),
      )
      .execute();
  }

  /** Entries that were handed a band, newest first (手牌票据). */
  withHand(tenantId: number, f: { visible: RawBuilder<boolean>; handNo?: string; qrCode?: string; inside?: boolean }, window: PageWindow) {
    let q = this.entries(tenantId).where('c.hand_id', 'is not', null).where(f.visible);
    if (f.handNo) q = q.where((eb) => eb.or([eb('h.hand_no', '=', f.handNo!), eb('h.phy_id', '=', f.handNo!)]));
    if (f.qrCode) q = q.where('d.qr_code', '=', f.qrCode);
    if (f.inside === true) q = q.where('c.exit_at', 'is', null);
    if (f.inside === false) q = q.where('c.exit_at', 'is not', null);
    return pageQuery(q, q.orderBy('c.id', 'desc'), window);
  }

  /** Overstay orders by their number or their ticket's code, newest first. */
  timeouts(tenantId: number, f: { visible: RawBuilder<boolean>; orderId?: number; qrCode?: string }) {
    let q = this.db
      .selectFrom('ticket_timeout_order as o')
      .innerJoin('ticket_check as c', 'c.id', 'o.check_id')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .select([
        'o.id',
        'o.minutes',
        'o.price_pay_fen',
        'o.order_state',
        'o.pay_state',
        'o.pay_mode',
        'o.created_at',
        'd.qr_code',
        'd.type_name',
        'v.name as venue_name',
        'c.checked_at',
        'c.slot_end',
        'c.exit_at',
      ])
      .where('o.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.orderId) q = q.where('o.id', '=', f.orderId);
    if (f.qrCode) q = q.where('d.qr_code', '=', f.qrCode);
    return q.orderBy('o.id', 'desc').limit(100).execute();
  }
}
