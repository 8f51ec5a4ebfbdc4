import { payChannel, chinaText } from '@venue/contract';
import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, PayReconcileDiffTable, ReconcileState } from '../../../db/tables.ts';

/** Which venues a setting serves: its own venue, or (the tenant's, venue 0) every venue without its own setting of the mode. */
export interface AccountScope {
  tenantId: number;
  venueId: number;
  payMode: string;
}

export interface LocalLine {
  type: 'PAY' | 'REFUND';
  outNo: string;
  channelNo: string;
  amountFen: number;
  time: string;
}

/** The 支付对账 runs and their differences, and our side of a day: the payments and refunds of an account's venues. */
export class ReconcileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private venueFilter(scope: AccountScope, column: string) {
    return scope.venueId
      ? sql<boolean>`${sql.ref(column)} = ${scope.venueId}`
      : sql<boolean>`${sql.ref(column)} not in (select venue_id from pay_channel_config where tenant_id = ${scope.tenantId} and pay_mode = ${scope.payMode} and venue_id <> 0)`;
  }

  /**
   * Our payments of the day through the account: records paid (P) or paid and given back (R) with our
   * trade number; a record given back also stands for its refund (`<out_trade_no>B`); and the refunds
   * completed that day through it.
   */
  async localLines(scope: AccountScope, tradePrefix: string, fromIso: string, toIso: string): Promise<LocalLine[]> {
    const pays = await this.db
      .selectFrom('pay_record')
      .select(['out_trade_no', 'channel_trade_no', 'money_fen', 'paid_at', 'created_at', 'state'])
      .where('tenant_id', '=', scope.tenantId)
      .where('pay_mode', '=', scope.payMode)
      // Our numbers only (demo history has none), and no money the simulator took.
      .where('out_trade_no', 'like', `${tradePrefix}%`)
      .where('pay_name', 'not like', `%${payChannel.SIMULATED_NOTE}%`)
      .where('state', 'in', ['P', 'R'])
      .where(sql<boolean>`coalesce(paid_at, created_at) >= ${fromIso} and coalesce(paid_at, created_at) < ${toIso}`)
      .where(this.venueFilter(scope, 'venue_id'))
      .execute();
    const refunds = await this.db
      .selectFrom('order_refund_pay as p')
      .innerJoin('order_refund as r', 'r.id', 'p.refund_id')
      .select(['p.out_refund_no', 'p.channel_refund_no', 'p.money_fen', 'r.finished_at'])
      .where('p.tenant_id', '=', scope.tenantId)
      .where('p.pay_mode', '=', scope.payMode)
      .where('p.out_refund_no', 'like', `${tradePrefix}%`)
      .where('p.pay_name', 'not like', `%${payChannel.SIMULATED_NOTE}%`)
      .where('p.state', '=', 'R')
      .where('r.finished_at', '>=', fromIso)
      .where('r.finished_at', '<', toIso)
      .where(this.venueFilter(scope, 'r.venue_id'))
      .execute();
    const shown = (at: string | null) => (at ? chinaText(new Date(at)) : '');
    return [
      ...pays.map((p) => ({
        type: 'PAY' as const,
        outNo: p.out_trade_no!,
        channelNo: p.channel_trade_no ?? '',
        amountFen: p.money_fen,
        time: shown(p.paid_at ?? p.created_at),
      })),
      ...pays
        .filter((p) => p.state === 'R')
        .map((p) => ({ type: 'REFUND' as const, outNo: `${p.out_trade_no}B`, channelNo: '', amountFen: p.money_fen, time: shown(p.paid_at ?? p.created_at) })),
      ...refunds.map((r) => ({
        type: 'REFUND' as const,
        outNo: r.out_refund_no!,
        channelNo: r.channel_refund_no ?? '',
        amountFen: r.money_fen,
        time: shown(r.finished_at),
      })),
    ];
  }

  /** Starts (or restarts) the day's run of an account unless another process runs it now: its id, or null. */
  async claim(scope: AccountScope, billDate: string, nowIso: string, untilIso: string): Promise<number | null> {
    const row = await this.db
      .insertInto('pay_reconcile')
      .values({
        tenant_id: scope.tenantId,
        venue_id: scope.venueId,
        pay_mode: scope.payMode,
        bill_date: billDate,
        state: 'R',
        lock_until: untilIso,
        updated_at: nowIso,
      })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'venue_id', 'pay_mode', 'bill_date'])
          .doUpdateSet({ state: 'R', lock_until: untilIso, updated_at: nowIso })
          .where((eb) => eb.or([eb('pay_reconcile.lock_until', 'is', null), eb('pay_reconcile.lock_until', '<', nowIso)])),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async finish(
    id: number,
    tenantId: number,
    result: { state: Exclude<ReconcileState, 'R'>; billCount: number; localCount: number; message: string; nowIso: string },
    diffs: Omit<Insertable<PayReconcileDiffTable>, 'id' | 'tenant_id' | 'reconcile_id'>[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('pay_reconcile_diff').where('reconcile_id', '=', id).execute();
      for (let i = 0; i < diffs.length; i += 500) {
        await trx
          .insertInto('pay_reconcile_diff')
          .values(diffs.slice(i, i + 500).map((d) => ({ ...d, tenant_id: tenantId, reconcile_id: id })))
          .execute();
      }
      await trx
        .updateTable('pay_reconcile')
        .set({
          state: result.state,
          bill_count: result.billCount,
          local_count: result.localCount,
          diff_count: diffs.length,
          message: result.message,
          lock_until: null,
          updated_at: result.nowIso,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  runs(tenantId: number, billDate: string) {
    return this.db
      .selectFrom('pay_reconcile as r')
      .leftJoin('venue as v', (j) => j.onRef('v.id', '=', 'r.venue_id').onRef('v.tenant_id', '=', 'r.tenant_id'))
      .selectAll('r')
      .select(sql<string>`coalesce(v.name, '')`.as('venue_name'))
      .where('r.tenant_id', '=', tenantId)
      .where('r.bill_date', '=', billDate)
      .orderBy('r.pay_mode')
      .orderBy('r.venue_id')
      .execute();
  }

  diffs(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('pay_reconcile_diff').selectAll().where('tenant_id', '=', tenantId).where('reconcile_id', 'in', ids).orderBy('id').execute();
  }
}
