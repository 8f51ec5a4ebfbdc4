import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** The order whose payment settled an account's charge: a refund by the original route goes back through it. */
export interface SettledBy {
  orderType: string;
  orderId: number;
}

/**
 * A pay mode that books an order on an account instead of taking money (a wristband, 手牌挂账; its
 * module registers it with the refunds). A refund by the original route of such an order lowers the
 * account's charge while it is open, and once the account was settled goes back the way the settlement
 * was paid (its cards, cash or scan-code channel), as that payment's own refund would.
 */
export interface AccountRoute {
  /**
   * Inside the refund's transaction: the order's charge, locked until the commit (a settlement paid
   * meanwhile waits, then sees the lowered amount): open, or the order that settled it.
   */
  charge(trx: Transaction<Database>, tenantId: number, orderType: string, orderId: number): Promise<'open' | SettledBy>;
  /** Takes `amountFen` off the order's open charge (and the account's total charged); a refusal rolls the refund back. */
  lower(trx: Transaction<Database>, tenantId: number, orderType: string, orderId: number, amountFen: number): Promise<void>;
}
