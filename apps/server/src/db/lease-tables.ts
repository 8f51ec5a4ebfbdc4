import type { Generated } from 'kysely';
import type { EnabledState, OrderState, PayState, RefundType } from './column-codes.ts';

/** U per use, T per time unit. */
export type RentMode = 'U' | 'T';

export interface LeaseGoodsTable {
  id: Generated<number>;
  tenant_id: number;
  goods_id: number;
  item_id: number;
  rent_mode: RentMode;
  rent_fen: number;
  unit_minutes: number;
  free_minutes: number;
  daily_cap_fen: number;
  deposit_fen: number;
  state: EnabledState;
  created_at: string;
}
export interface LeaseOrderTable {
  id: Generated<number>;
  tenant_id: number;
  venue_id: number;
  warehouse_id: number;
  item_id: number;
  member_id: number | null;
  order_state: OrderState;
  pay_state: PayState;
  price_orig_fen: number;
  price_pay_fen: number;
  rent_fen: number;
  deposit_fen: number;
  pay_mode: string | null;
  pay_attempt: Generated<number>;
  pay_lock: string | null;
  pay_lock_until: string | null;
  remark: string;
  paid_at: string | null;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
  created_by: number;
  username: string;
  created_at: string;
}
export interface LeaseOrderLineTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  lease_goods_id: number;
  goods_id: number;
  goods_name: string;
  specs: string;
  unit: string;
  quantity: number;
  rent_mode: RentMode;
  rent_fen: number;
  unit_minutes: number;
  free_minutes: number;
  daily_cap_fen: number;
  deposit_fen: number;
  price_orig_fen: number;
  price_pay_fen: number;
  refunded_quantity: Generated<number>;
  deducted_fen: Generated<number>;
  returned_at: string | null;
}
