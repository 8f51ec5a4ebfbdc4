import { sql, type Insertable, type Kysely } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import type {
  Database,
  OrderRefundLineTable,
  OrderRefundPayTable,
  OrderRefundTable,
  PayState,
  RefundPartState,
  RefundState,
  RefundType,
} from '../../db/tables.ts';
import type { RefundableKind } from './payable.ts';

export type NewRefund = Omit<Insertable<OrderRefundTable>, 'id'>;
export type NewRefundLine = Omit<Insertable<OrderRefundLineTable>, 'id' | 'refund_id'>;
/**
 * A part to insert; `remote` parts (a scan-code channel's) get a refund number the channel knows them by;
 * `charge_id`: the card charge (card_consume) a card part goes back against (not a column of its own).
 */
export type NewRefundPart = Omit<Insertable<OrderRefundPayTable>, 'id' | 'refund_id' | 'out_refund_no'> & { remote?: boolean; charge_id?: number | null };
/** A part as a refund settled in its own transaction gives it back: what `parts` reads, without the card's display columns. */
export type WrittenPart = Pick<RefundPartRow, 'id' | 'state' | 'out_refund_no' | 'card_id' | 'charge_id' | 'pay_mode' | 'pay_name' | 'money_fen' | 'times'>;
export type RefundRow = NonNullable<Awaited<ReturnType<RefundRepository['find']>>>;
export type RefundPartRow = Awaited<ReturnType<RefundRepository['parts']>>[number];
export type RefundLineRow = Awaited<ReturnType<RefundRepository['lines']>>[number];
type Kind = Pick<RefundableKind, 'orderType' | 'tradePrefix' | 'table' | 'lineTable' | 'lineOrderColumn'>;
/** The column of a kind's line table that names the line's order (an order that is its own line: `id`). */
const orderColumn = (kind: Kind) => kind.lineOrderColumn ?? 'order_id';

/**
 * The only place with refund queries: refunds of any payable kind (keyed by order type and order id),
 * their lines and parts, and what an order and its lines (the kind's tables) have refunded.
 */
export class RefundRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /**
   * The first statement of every refund transaction: a no-op update that takes the order's row lock
   * (PostgreSQL) or the write lock (SQLite), so refunds of one order run one after another and each
   * reads what the previous one committed. Answers the order's amounts and states.
   */
  lockOrder(trx: Executor, kind: Kind, tenantId: number, orderId: number, userId: number) {
    return (
      trx
        .updateTable(kind.table)
        .set({ refunded_fen: sql<number>`refunded_fen` })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', orderId)
        .returning(['id', 'venue_id', 'pay_state', 'price_pay_fen', 'refunded_fen'])
        // The names a refund by `userId` shows (its venue's, its creator's): a refund settled at once is answered without a read.
        .returning([
          sql<string>`(select v.name from venue v where v.id = ${sql.ref(`${kind.table}.venue_id`)})`.as('venue_name'),
          sql<string>`(select u.real_name from users u where u.id = ${userId})`.as('create_name'),
        ])
        .executeTakeFirst()
    );
  }

  private refunds(db: Executor, tenantId: number) {
    return db
      .selectFrom('order_refund as r')
      .innerJoin('venue as v', 'v.id', 'r.venue_id')
      .innerJoin('users as u', 'u.id', 'r.created_by')
      .selectAll('r')
      .select(['v.name as venue_name', 'u.real_name as create_name'])
      .where('r.tenant_id', '=', tenantId);
  }

  find(tenantId: number, refundId: number, db: Executor = this.db) {
    return this.refunds(db, tenantId).where('r.id', '=', refundId).executeTakeFirst();
  }

  byRequest(kind: Kind, tenantId: number, orderId: number, requestId: string, db: Executor = this.db) {
    return this.refunds(db, tenantId)
      .where('r.order_type', '=', kind.orderType)
      .where('r.order_id', '=', orderId)
      .where('r.request_id', '=', requestId)
      .executeTakeFirst();
  }

  ofOrder(kind: Kind, tenantId: number, orderId: number) {
    return this.refunds(this.db, tenantId).where('r.order_type', '=', kind.orderType).where('r.order_id', '=', orderId).orderBy('r.id').execute();
  }

  /** The refunds' states of orders, oldest first (the order lists show them). */
  statesOf(kind: Pick<Kind, 'orderType'>, tenantId: number, orderIds: number[]) {
    if (!orderIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('order_refund')
      .select(['order_id', 'state'])
      .where('tenant_id', '=', tenantId)
      .where('order_type', '=', kind.orderType)
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute();
  }

  lines(refundIds: number[], db: Executor = this.db) {
    if (!refundIds.length) return Promise.resolve([]);
    return db
      .selectFrom('order_refund_line as rl')
      .selectAll('rl')
      .where('rl.refund_id', 'in', refundIds)
      .orderBy('rl.refund_id')
      .orderBy('rl.line_id')
      .execute();
  }

  /** The parts of refunds, with the card number, the card balance after the money went back, and the consume row they go back against. */
  parts(refundIds: number[], db: Executor = this.db) {
    if (!refundIds.length) return Promise.resolve([]);
    return db
      .selectFrom('order_refund_pay as p')
      .leftJoin('pay_record as pr', 'pr.id', 'p.pay_record_id')
      .leftJoin('card as c', 'c.id', 'p.card_id')
      .leftJoin('card_consume as cc', 'cc.id', 'p.consume_id')
      .selectAll('p')
      .select(['pr.consume_id as charge_id', 'pr.out_trade_no', 'pr.money_fen as record_fen', 'c.card_no', 'cc.balance_after'])
      .where('p.refund_id', 'in', refundIds)
      .orderBy('p.refund_id')
      .orderBy('p.id')
      .execute();
  }

  /** The order's paid pay records, each with how much of it is refunded or being refunded. */
  paidRecords(trx: Executor, kind: Pick<Kind, 'orderType'>, tenantId: number, orderId: number) {
    return trx
      .selectFrom('pay_record as r')
      .select(['r.id', 'r.pay_mode', 'r.pay_name', 'r.pay_type', 'r.card_id', 'r.consume_id', 'r.money_fen', 'r.out_trade_no'])
      .select(sql<number>`coalesce((select sum(p.money_fen) from order_refund_pay p where p.pay_record_id = r.id and p.state <> 'F'), 0)`.as('refunded_fen'))
      .where('r.tenant_id', '=', tenantId)
      .where('r.order_type', '=', kind.orderType)
      .where('r.order_id', '=', orderId)
      .where('r.state', '=', 'P')
      .orderBy('r.id')
      .execute();
  }

  /** Inserts the refund, its lines and parts; answers its id and the parts as written (with the card charge each goes back against). */
  async insert(trx: Executor, kind: Pick<Kind, 'tradePrefix'>, refund: NewRefund, lines: NewRefundLine[], parts: NewRefundPart[]) {
    // A channel part's refund number names the refund, so asking the channel again names the same refund.
    const refundNo = (id: number, i: number) => `${kind.tradePrefix}${refund.tenant_id}O${refund.order_id}R${id}P${i + 1}`;
    if (this.engine === 'postgres' && lines.length && parts.length) {
      // One statement: the refund's insert feeds its lines' and parts' (ids follow the parts' order).
      const refundId = sql<number>`(select id from r)`;
      const outRefundNo = (i: number) => sql<string>`${`${kind.tradePrefix}${refund.tenant_id}O${refund.order_id}R`} || ${refundId} || ${`P${i + 1}`}`;
      const rows = await trx
        .with('r', (w) => w.insertInto('order_refund').values(refund).returning('id'))
        .with('l', (w) => w.insertInto('order_refund_line').values(lines.map((l) => ({ ...l, refund_id: refundId }))))
        .insertInto('order_refund_pay')
        .values(parts.map(({ remote, charge_id: _, ...p }, i) => ({ ...p, refund_id: refundId, out_refund_no: remote ? outRefundNo(i) : null })))
        .returning(['refund_id', 'id', 'state', 'out_refund_no', 'card_id', 'pay_mode', 'pay_name', 'money_fen', 'times'])
        .execute();
      const written = rows.sort((a, b) => a.id - b.id).map(({ refund_id: _, ...row }, i) => ({ ...row, charge_id: parts[i].charge_id ?? null }));
      return { id: rows[0].refund_id, parts: written };
    }
    const { id } = await trx.insertInto('order_refund').values(refund).returning('id').executeTakeFirstOrThrow();
    if (lines.length)
      await trx
        .insertInto('order_refund_line')
        .values(lines.map((l) => ({ ...l, refund_id: id })))
        .execute();
    const written: WrittenPart[] = [];
    for (const [i, { remote, charge_id, ...p }] of parts.entries()) {
      const row = await trx
        .insertInto('order_refund_pay')
        .values({ ...p, out_refund_no: remote ? refundNo(id, i) : null, refund_id: id })
        .returning(['id', 'state', 'out_refund_no', 'card_id', 'pay_mode', 'pay_name', 'money_fen', 'times'])
        .executeTakeFirstOrThrow();
      written.push({ ...row, charge_id: charge_id ?? null });
    }
    return { id, parts: written };
  }

  /**
   * Adds (sign 1) or takes back (sign -1) what a refund holds of its order and lines. Adding is
   * conditional: never past a line's quantity nor the order's paid amount. Answers whether it all held.
   */
  async hold(
    trx: Executor,
    kind: Kind,
    tenantId: number,
    orderId: number,
    lines: { line_id: number; quantity: number }[],
    /** null: the lines only (the amount is added by `setOrderRefunded` in the same transaction). */
    amountFen: number | null,
    sign: 1 | -1,
  ) {
    for (const l of lines) {
      const q = sign * l.quantity;
      const done = await trx
        .updateTable(kind.lineTable)
        .set({ refunded_quantity: sql<number>`refunded_quantity + ${q}` })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', l.line_id)
        .where(sql.ref(orderColumn(kind)), '=', orderId)
        .where(sql<boolean>`refunded_quantity + ${q} <= quantity and refunded_quantity + ${q} >= 0`)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
    }
    if (amountFen === null) return true;
    const a = sign * amountFen;
    const done = await trx
      .updateTable(kind.table)
      .set({ refunded_fen: sql<number>`refunded_fen + ${a}` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where(sql<boolean>`refunded_fen + ${a} <= price_pay_fen and refunded_fen + ${a} >= 0`)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Moves a refund from U to `state`; answers false when another request moved it first. */
  async settle(trx: Executor, refundId: number, state: Exclude<RefundState, 'U'>, set: { nowIso: string; message?: string }) {
    const done = await trx
      .updateTable('order_refund')
      .set({ state, lock_until: null, finished_at: set.nowIso, ...(set.message ? { message: set.message } : {}) })
      .where('id', '=', refundId)
      .where('state', '=', 'U')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Claims a refund waiting for its channel, to ask the channel; none while another request holds it. */
  async claim(tenantId: number, refundId: number, nowIso: string, untilIso: string) {
    const done = await this.db
      .updateTable('order_refund')
      .set({ lock_until: untilIso })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', refundId)
      .where('state', '=', 'U')
      .where((eb) => eb.or([eb('lock_until', 'is', null), eb('lock_until', '<', nowIso)]))
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Refunds waiting for their channel that no request holds now (the background job asks for them). */
  pending(nowIso: string, limit: number) {
    return this.db
      .selectFrom('order_refund as r')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select(['r.id', 'r.tenant_id', 'r.order_type', 'r.order_id', 'r.created_by', 'u.username'])
      .where('r.state', '=', 'U')
      .where((eb) => eb.or([eb('r.lock_until', 'is', null), eb('r.lock_until', '<', nowIso)]))
      .orderBy('r.id')
      .limit(limit)
      .execute();
  }

  /** The channel did not say: the refund stays U, free for the next query. */
  async unlock(refundId: number, message: string) {
    await this.db.updateTable('order_refund').set({ lock_until: null, message }).where('id', '=', refundId).where('state', '=', 'U').execute();
  }

  async updatePart(trx: Executor, partId: number, set: { state: RefundPartState; consume_id?: number; channel_refund_no?: string | null; message?: string }) {
    await trx.updateTable('order_refund_pay').set(set).where('id', '=', partId).execute();
  }

  /**
   * After a completed refund, one statement: the order is FR (refund type A) when its completed refunds
   * gave back every unit it sold, else PR (P); `addFen` not held yet is added to its refunded amount, never
   * past what was paid. Answers the pay state set, or null when the amount would pass it.
   */
  async setOrderRefunded(trx: Executor, kind: Kind, tenantId: number, orderId: number, addFen = 0): Promise<Extract<PayState, 'PR' | 'FR'> | null> {
    const full = sql<boolean>`(select coalesce(sum(rl.quantity), 0) from order_refund_line rl join order_refund r on r.id = rl.refund_id
          where r.tenant_id = ${tenantId} and r.order_type = ${kind.orderType} and r.order_id = ${orderId} and r.state = 'R')
      >= (select coalesce(sum(quantity), 0) from ${sql.table(kind.lineTable)} where tenant_id = ${tenantId} and ${sql.ref(orderColumn(kind))} = ${orderId})`;
    const row = await trx
      .updateTable(kind.table)
      .set({
        pay_state: sql<PayState>`case when ${full} then 'FR' else 'PR' end`,
        refund_type: sql<RefundType>`case when ${full} then 'A' else 'P' end`,
        ...(addFen && { refunded_fen: sql<number>`refunded_fen + ${addFen}` }),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where(sql<boolean>`refunded_fen + ${addFen} <= price_pay_fen`)
      .returning('pay_state')
      .executeTakeFirst();
    if (!row) return null;
    return row.pay_state === 'FR' ? 'FR' : 'PR';
  }
}
