import type { Generated } from 'kysely';
import type { OrderState, PayState } from './column-codes.ts';

/**
 * The pay columns every payable order table carries (`payColumns()` of migrations/helpers.ts, less the
 * remark, whose insert type differs by table): what the 收款 flow reads and sets.
 */
export interface PayColumns {
  venue_id: number;
  member_id: number | null;
  order_state: OrderState;
  pay_state: PayState;
  price_pay_fen: number;
  pay_mode: string | null;
  pay_attempt: Generated<number>;
  pay_lock: string | null;
  pay_lock_until: string | null;
  paid_at: string | null;
}
