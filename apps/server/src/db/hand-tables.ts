import type { Generated } from 'kysely';
import type { EnabledState, RefundType } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

/** Wristbands (手牌), see migrations/2026-11-24-1501-hand.ts. */
export interface HandTable {
  id: Generated<number>;
  tenant_id: number;
  venue_id: number;
  hand_no: string;
  phy_id: string;
  deposit_fen: number;
  state: EnabledState;
  lent_order_id: number | null;
  remark: Generated<string>;
  created_at: string;
}
/** D a deposit, S a settlement of the band's charges. */
export type HandOrderKind = 'D' | 'S';
export interface HandOrderTable extends PayColumns {
  id: Generated<number>;
  tenant_id: number;
  hand_id: number;
  kind: HandOrderKind;
  deposit_order_id: number | null;
  remark: string;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
  charged_fen: Generated<number>;
  settled_fen: Generated<number>;
  returned_at: string | null;
  created_by: number;
  username: string;
  created_at: string;
}
export interface HandOrderLineTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  charge_id: number | null;
  name: string;
  quantity: number;
  price_orig_fen: number;
  price_pay_fen: number;
  refunded_quantity: Generated<number>;
}
export interface HandChargeTable {
  id: Generated<number>;
  tenant_id: number;
  deposit_order_id: number;
  hand_id: number;
  order_type: string;
  order_id: number;
  summary: string;
  amount_fen: number;
  settle_order_id: number | null;
  created_by: number;
  created_at: string;
}
export interface HandTables {
  hand: HandTable;
  hand_order: HandOrderTable;
  hand_order_line: HandOrderLineTable;
  hand_charge: HandChargeTable;
}
