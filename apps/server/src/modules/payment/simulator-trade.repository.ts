import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, PaySimRefundTable, PaySimTradeTable } from '../../db/tables.ts';

/** The simulator's trades: in the database, so every server process answers the same. */
export class SimulatorTradeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(orderNo: string) {
    return this.db.selectFrom('pay_sim_trade').selectAll().where('out_trade_no', '=', orderNo).executeTakeFirst();
  }

  /** Records a trade unless its trade number is known already (a repeated pay keeps the first trade). */
  async insertOnce(trade: Insertable<PaySimTradeTable>): Promise<void> {
    await this.db
      .insertInto('pay_sim_trade')
      .values(trade)
      .onConflict((oc) => oc.column('out_trade_no').doNothing())
      .execute();
  }

  /** Moves a trade from state `from` to `to`; a trade in another state is left as it is. */
  async move(orderNo: string, from: PaySimTradeTable['state'], to: PaySimTradeTable['state'], nowIso: string): Promise<void> {
    await this.db.updateTable('pay_sim_trade').set({ state: to, updated_at: nowIso }).where('out_trade_no', '=', orderNo).where('state', '=', from).execute();
  }

  findRefund(refundNo: string) {
    return this.db.selectFrom('pay_sim_refund').selectAll().where('out_refund_no', '=', refundNo).executeTakeFirst();
  }

  /** The amount of a trade refunded, or being refunded. */
  async refundedOf(orderNo: string): Promise<number> {
    const row = await this.db
      .selectFrom('pay_sim_refund')
      .select(sql<number>`coalesce(sum(amount_fen), 0)`.as('total'))
      .where('out_trade_no', '=', orderNo)
      .where('state', '!=', 'FAILED')
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Records a refund unless its refund number is known already (a repeated refund keeps the first). */
  async insertRefundOnce(refund: Insertable<PaySimRefundTable>): Promise<void> {
    await this.db
      .insertInto('pay_sim_refund')
      .values(refund)
      .onConflict((oc) => oc.column('out_refund_no').doNothing())
      .execute();
  }

  async moveRefund(refundNo: string, from: PaySimRefundTable['state'], to: PaySimRefundTable['state'], nowIso: string): Promise<void> {
    await this.db
      .updateTable('pay_sim_refund')
      .set({ state: to, updated_at: nowIso })
      .where('out_refund_no', '=', refundNo)
      .where('state', '=', from)
      .execute();
  }
}
