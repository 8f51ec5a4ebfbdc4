import type { Generated } from 'kysely';
import type { EnabledState, RefundType } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

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
export interface LeaseOrderTable extends PayColumns {
  id: Generated<number>;
  tenant_id: number;
  warehouse_id: number;
  item_id: number;
  price_orig_fen: number;
  rent_fen: number;
  deposit_fen: number;
  remark: string;
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
