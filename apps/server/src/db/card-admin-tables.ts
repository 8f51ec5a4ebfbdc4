import type { Generated } from 'kysely';
import type { BlacklistRule, EnabledState } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

/** Issue 16's card administration: type venues, fee orders (延期, 补卡) and blacklist rules. */
export interface CardTypeVenueTable {
  tenant_id: number;
  card_type_id: number;
  venue_id: number;
}
export type CardFeeOrderKind = 'EXTEND' | 'REPLACE';
export interface CardFeeOrderTable extends PayColumns {
  id: Generated<number>;
  tenant_id: number;
  remark: string;
  kind: CardFeeOrderKind;
  card_no: string;
  card_count: number;
  days: number;
  new_card_no: string | null;
  phy_card_id: string | null;
  created_by: number;
  created_at: string;
}
export interface CardFeeOrderCardTable {
  tenant_id: number;
  order_id: number;
  card_id: number;
  fee_fen: number;
}
export interface BlacklistRuleTable {
  id: Generated<number>;
  tenant_id: number;
  rule_type: BlacklistRule;
  threshold: number;
  days: number;
  state: EnabledState;
  updated_at: string;
}
export interface CardAdminTables {
  card_type_venue: CardTypeVenueTable;
  card_fee_order: CardFeeOrderTable;
  card_fee_order_card: CardFeeOrderCardTable;
  blacklist_rule: BlacklistRuleTable;
}
