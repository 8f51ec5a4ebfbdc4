import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database, PayRecordState, PayState } from '../../db/tables.ts';
import type { NewRecord, PayableKind } from './payable.ts';

/** What a payment sets on its order besides the states: the amount, the mode, the member, the remark (a channel's completion sets none). */
export interface PaidSet {
  nowIso: string;
  priceFen?: number;
  payMode?: string;
  memberId?: number | null;
  remark?: string;
}
/** The pay states a new payment may start from. */
const PAYABLE: PayState[] = ['U', 'F'];
type Kind = Pick<PayableKind, 'table' | 'orderType' | 'paidOrderState'>;

/**
 * The pay claims on any payable order table (its pay columns, see `PayableOrder`) and the pay records
 * of its payments. Every claim is one conditional UPDATE: the row lock it takes (PostgreSQL) or the
 * write lock (SQLite) makes a second payment of the same order wait, then find nothing to update.
 */
export class PayableRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The check-and-set of a payment, the first statement of its transaction: marks the order paid only
   * if it still is payable (U, F), or, for a channel payment, still held by `lock`. Answers the order's
   * attempt number and its states as paid when this caller won, else null.
   */
  async markPaid(trx: Executor, kind: Kind, tenantId: number, orderId: number, set: PaidSet, lock?: string) {
    let q = trx
      .updateTable(kind.table)
      .set({
        pay_state: 'P',
        order_state: kind.paidOrderState,
        paid_at: set.nowIso,
        pay_lock: null,
        pay_lock_until: null,
        ...(set.priceFen !== undefined ? { price_pay_fen: set.priceFen } : {}),
        ...(set.payMode ? { pay_mode: set.payMode } : {}),
        ...(set.memberId ? { member_id: sql<number>`coalesce(member_id, ${set.memberId})` } : {}),
        ...(set.remark ? { remark: set.remark } : {}),
        ...(lock ? {} : { pay_attempt: sql<number>`pay_attempt + 1` }),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId);
    q = lock ? q.where('pay_state', '=', 'N').where('pay_lock', '=', lock) : q.where('pay_state', 'in', PAYABLE);
    return (await q.returning(['pay_attempt', 'order_state', 'pay_state', 'price_pay_fen']).executeTakeFirst()) ?? null;
  }

  /** Claims a payable order for a channel payment: pay state N (result unknown until the channel answers), a new attempt, the lock. */
  async claimForChannel(
    trx: Executor,
    kind: Kind,
    tenantId: number,
    orderId: number,
    set: { lock: string; until: string; priceFen: number; payMode: string; memberId: number | null; remark?: string },
  ) {
    const row = await trx
      .updateTable(kind.table)
      .set({
        pay_state: 'N',
        pay_attempt: sql<number>`pay_attempt + 1`,
        pay_lock: set.lock,
        pay_lock_until: set.until,
        price_pay_fen: set.priceFen,
        pay_mode: set.payMode,
        ...(set.memberId ? { member_id: sql<number>`coalesce(member_id, ${set.memberId})` } : {}),
        ...(set.remark ? { remark: set.remark } : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_state', 'in', PAYABLE)
      .returning('pay_attempt')
      .executeTakeFirst();
    return row?.pay_attempt ?? null;
  }

  /** Claims an order whose channel result is unknown, to ask the channel again; none while another request holds it. */
  async claimPending(kind: Kind, tenantId: number, orderId: number, lock: string, nowIso: string, until: string) {
    const row = await this.db
      .updateTable(kind.table)
      .set({ pay_lock: lock, pay_lock_until: until })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_state', '=', 'N')
      .where((eb) => eb.or([eb('pay_lock_until', 'is', null), eb('pay_lock_until', '<', nowIso)]))
      .returning('pay_attempt')
      .executeTakeFirst();
    return row?.pay_attempt ?? null;
  }

  /** Ends a channel attempt that did not pay: the order answers `payState` (F failed, or N still unknown) and is free again. */
  async release(trx: Executor, kind: Kind, tenantId: number, orderId: number, lock: string, payState: Extract<PayState, 'F' | 'N'>) {
    await trx
      .updateTable(kind.table)
      .set({ pay_state: payState, pay_lock: null, pay_lock_until: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_lock', '=', lock)
      .execute();
  }

  /** Inserts the records; answers them as written (ids), in id order. */
  async insertRecords(trx: Executor, rows: NewRecord[]) {
    if (!rows.length) return [];
    return (await trx.insertInto('pay_record').values(rows).returningAll().execute()).sort((a, b) => a.id - b.id);
  }

  /** Pay records of orders of a kind, with the card number and the card balance after the charge. */
  records(kind: Pick<PayableKind, 'orderType'>, tenantId: number, orderIds: number[], db: Executor = this.db) {
    if (!orderIds.length) return Promise.resolve([]);
    return db
      .selectFrom('pay_record as r')
      .leftJoin('card as c', 'c.id', 'r.card_id')
      .leftJoin('card_consume as cc', 'cc.id', 'r.consume_id')
      .selectAll('r')
      .select(['c.card_no', 'cc.balance_after'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.order_type', '=', kind.orderType)
      .where('r.order_id', 'in', orderIds)
      .orderBy('r.order_id')
      .orderBy('r.id')
      .execute();
  }

  attemptRecords(kind: Kind, tenantId: number, orderId: number, attempt: number, db: Executor = this.db) {
    return db
      .selectFrom('pay_record')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('order_type', '=', kind.orderType)
      .where('order_id', '=', orderId)
      .where('attempt', '=', attempt)
      .orderBy('id')
      .execute();
  }

  async updateRecord(
    trx: Executor,
    id: number,
    set: { state: PayRecordState; consume_id?: number; channel_trade_no?: string | null; message?: string; paid_at?: string },
  ) {
    await trx.updateTable('pay_record').set(set).where('id', '=', id).execute();
  }
}

export type RecordRow = Awaited<ReturnType<PayableRepository['records']>>[number];
