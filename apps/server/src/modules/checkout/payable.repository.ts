import { sql, type Insertable, type Kysely, type QueryCreator, type Selectable } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import { refusalRaisedBy, withCtes, type StatementPart } from '../../db/statement-part.ts';
import type { AuditLogTable, Database, PayRecordState, PayRecordTable, PayState } from '../../db/tables.ts';
import type { NewRecord, OrderLineTable, PayableKind } from './payable.ts';

/** A row of an order-line table, typed by its table (db/tables.ts). */
export type OrderLineRow<T extends OrderLineTable> = Selectable<Database[T]>;

/**
 * The lines of orders, every column of `lineTable`, in order and line order: the one read of a line
 * table that the payable kinds pay and refund by, and their modules list orders with.
 */
export function readOrderLines<T extends OrderLineTable>(db: Executor, lineTable: T, tenantId: number, orderIds: number[]): Promise<OrderLineRow<T>[]> {
  if (!orderIds.length) return Promise.resolve([]);
  // Kysely cannot follow a generic table name: the statement is typed on the tables' union, its rows by `T`.
  return db
    .selectFrom(lineTable as OrderLineTable)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute() as Promise<OrderLineRow<T>[]>;
}

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
type AuditRow = Omit<Insertable<AuditLogTable>, 'id'>;

/** The columns a payment writes of a pay record and of an audit entry (every one but the id). */
const RECORD_COLUMNS = [
  'tenant_id',
  'order_type',
  'order_id',
  'attempt',
  'pay_mode',
  'pay_name',
  'pay_type',
  'card_id',
  'consume_id',
  'money_fen',
  'out_trade_no',
  'channel_trade_no',
  'state',
  'message',
  'created_by',
  'created_at',
  'paid_at',
  'venue_id',
] as const satisfies readonly (keyof NewRecord)[];
const AUDIT_COLUMNS = [
  'tenant_id',
  'user_id',
  'username',
  'venue_id',
  'action',
  'target',
  'before_json',
  'after_json',
  'client_ip',
  'created_at',
] as const satisfies readonly (keyof AuditRow)[];

/** A value as a jsonb parameter, sent as text: a client that types its parameters (postgres.js) would otherwise encode the JSON text again. */
const asJsonb = (value: unknown) => sql`cast(cast(${JSON.stringify(value)} as text) as jsonb)`;

/**
 * The check-and-set of a payment as one UPDATE … RETURNING: the order paid only if it still is payable
 * (U, F), or, for a channel payment, still held by `lock`.
 */
function paidUpdate(db: QueryCreator<Database>, kind: Kind, tenantId: number, orderId: number, set: PaidSet, lock?: string) {
  let q = db
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
  return q.returning(['pay_attempt', 'order_state', 'pay_state', 'price_pay_fen']);
}

/**
 * The pay claims on any payable order table (its pay columns, see `PayableOrder`) and the pay records
 * of its payments. Every claim is one conditional UPDATE: the row lock it takes (PostgreSQL) or the
 * write lock (SQLite) makes a second payment of the same order wait, then find nothing to update.
 */
export class PayableRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Whether claimWithRecords is available (PostgreSQL); elsewhere a payment claims, records and audits in turn. */
  get claimsInOneStatement() {
    return this.engine === 'postgres';
  }

  /**
   * The check-and-set of a payment, the first statement of its transaction: marks the order paid only
   * if it still is payable (U, F), or, for a channel payment, still held by `lock`. Answers the order's
   * attempt number and its states as paid when this caller won, else null.
   */
  async markPaid(trx: Executor, kind: Kind, tenantId: number, orderId: number, set: PaidSet, lock?: string) {
    return (await paidUpdate(trx, kind, tenantId, orderId, set, lock).executeTakeFirst()) ?? null;
  }

  /**
   * A payment with nothing to do between its claim and its records (no card charged, no channel asked):
   * the claim (markPaid), its records (`records` of the claim's attempt) and its audit entry, or nothing
   * when another payment took the order first (null), in one statement: the records and the entry are written
   * only from the claim's row. PostgreSQL only (`claimsInOneStatement`): SQLite has no data-modifying CTEs.
   * With `fulfilment`, the kind's fulfilment (a sale's stock) joins the statement after the claim: the
   * whole payment is then this one statement, needing no transaction; its refusal undoes all of it.
   */
  async claimWithRecords(
    trx: Executor,
    kind: Kind,
    tenantId: number,
    orderId: number,
    set: PaidSet,
    records: (attempt: number) => NewRecord[],
    audit: AuditRow,
    fulfilment?: (after: string) => StatementPart,
  ) {
    const fromJson = (columns: readonly string[], row: string) =>
      sql.join(columns.map((c) => (c === 'attempt' ? sql.ref('claimed.pay_attempt') : sql.ref(`${row}.${c}`))));
    const part = fulfilment?.('claimed');
    const query = trx
      .with('claimed', (qb) => paidUpdate(qb, kind, tenantId, orderId, set))
      .with('rec', (qb) =>
        qb
          .insertInto('pay_record')
          .columns(RECORD_COLUMNS)
          .expression(sql`select ${fromJson(RECORD_COLUMNS, 'r')} from claimed cross join jsonb_populate_recordset(null::pay_record, ${asJsonb(records(0))}) r`)
          .returningAll(),
      )
      .with('entry', (qb) =>
        qb
          .insertInto('audit_log')
          .columns(AUDIT_COLUMNS)
          .expression(sql`select ${fromJson(AUDIT_COLUMNS, 'a')} from claimed cross join jsonb_populate_record(null::audit_log, ${asJsonb(audit)}) a`),
      );
    const row = await withCtes(query, part?.ctes ?? [])
      .selectFrom('claimed')
      .selectAll()
      .select(sql<Selectable<PayRecordTable>[] | null>`(select json_agg(rec order by rec.id) from rec)`.as('records'))
      .$if(!!part, (qb) => qb.select(sql`${part!.refusal}`.as('refused')))
      .executeTakeFirst()
      .catch((error: unknown) => {
        throw refusalRaisedBy(error) ?? error;
      });
    if (!row) return null;
    const { records: written, refused: _refused, ...claimed } = row;
    return { claimed, written: written ?? [] };
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

  /**
   * Ends a channel attempt that did not pay: the order answers `payState` (F failed, or N still unknown)
   * and is free again. A failed attempt gives the order back the remark it had before (`remark`): the
   * 收款 dialog forgets a failed payment's remark, so the order must not keep it either.
   */
  async release(trx: Executor, kind: Kind, tenantId: number, orderId: number, lock: string, payState: Extract<PayState, 'F' | 'N'>, remark?: string) {
    await trx
      .updateTable(kind.table)
      .set({ pay_state: payState, pay_lock: null, pay_lock_until: null, ...(remark !== undefined ? { remark } : {}) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_lock', '=', lock)
      .execute();
  }

  /** The venue's name (a channel payment's description: "场馆-商品销售"). */
  async venueName(tenantId: number, venueId: number): Promise<string> {
    const row = await this.db.selectFrom('venue').select('name').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
    return row?.name ?? '';
  }

  /**
   * Orders of a kind whose channel result is unknown and that no request holds now (the background job
   * settles them), oldest attempt first.
   */
  pendingOrders(kind: Kind, nowIso: string, limit: number) {
    return this.db
      .selectFrom(kind.table)
      .select(['tenant_id', 'id'])
      .where('pay_state', '=', 'N')
      .where((eb) => eb.or([eb('pay_lock_until', 'is', null), eb('pay_lock_until', '<', nowIso)]))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Who took the attempt's payment (the job settles it on that cashier's behalf). */
  attemptTaker(kind: Pick<PayableKind, 'orderType'>, tenantId: number, orderId: number) {
    return this.db
      .selectFrom('pay_record as r')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select(['r.created_by', 'u.username'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.order_type', '=', kind.orderType)
      .where('r.order_id', '=', orderId)
      .orderBy('r.id', 'desc')
      .limit(1)
      .executeTakeFirst();
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
