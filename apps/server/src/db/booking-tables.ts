import type { Generated } from 'kysely';
import type { EnabledState, RefundType } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

type Id = Generated<number>;

// ---- Issue 35: 场地预订 ----
export interface BookingFieldTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  item_id: number;
  name: string;
  sort: Generated<number>;
  state: EnabledState;
  /** F by time, C by headcount (capacity heads a slot). */
  sale_mode: 'F' | 'C';
  capacity: number;
  slot_minutes: number;
  created_at: string;
}
export interface BookingPriceTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  item_id: number;
  name: string;
  /** "1,2,…" Monday 1 … Sunday 7. */
  weekdays: string;
  /** "yyyy-MM-dd,…": a holiday rule (empty: by weekday). */
  dates: Generated<string>;
  begin_time: string;
  end_time: string;
  price_fen: number;
  created_at: string;
}
export interface BookingPriceFieldTable {
  id: Id;
  tenant_id: number;
  rule_id: number;
  field_id: number;
}
export interface BookingPriceMemberTable {
  id: Id;
  tenant_id: number;
  rule_id: number;
  card_type_id: number;
  /** Fen, or for a times card type (T) times a cell (a head on a C field): the unit of its cards' balance. */
  price_fen: number;
}
export type BookingOrderType = 'R' | 'P' | 'L';
export interface BookingOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  remark: Generated<string>;
  item_id: number;
  order_type: BookingOrderType;
  code: string;
  card_id: number | null;
  contact_name: Generated<string>;
  phone: Generated<string>;
  weeks: Generated<number>;
  created_by: number;
  username: string;
  created_at: string;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
}
/** A booked cell: P held unpaid, A to be used, U opened, C cancelled or closed, N not used by its end. */
export type BookingLineState = 'P' | 'A' | 'U' | 'C' | 'N';
export interface BookingLineTable {
  id: Id;
  tenant_id: number;
  order_id: number;
  field_id: number;
  field_name: string;
  use_date: string;
  begin_time: string;
  end_time: string;
  /** The cell's end as an instant (ISO, UTC): the no-show job and the grid's past. */
  ends_at: string;
  quantity: number;
  refunded_quantity: Generated<number>;
  price_fen: number;
  /** The line's share of what the order was paid (set by the payment). */
  paid_fen: Generated<number>;
  /** Times one unit cost the times card (T) that paid the order (set by the payment); 0: paid by money. */
  times: Generated<number>;
  state: BookingLineState;
  /** 1: an F field's cell (unique while live); 0: heads of a C field. */
  exclusive: number;
  /** CLOSE (unpaid order closed) or CANCEL (cancelled, counted by the FC rule). */
  void_kind: 'CLOSE' | 'CANCEL' | null;
  voided_at: string | null;
  checked_by: number | null;
  checked_at: string | null;
}
export interface BookingHeadsTable {
  id: Id;
  tenant_id: number;
  field_id: number;
  use_date: string;
  begin_time: string;
  sold: number;
}

export interface BookingTables {
  booking_field: BookingFieldTable;
  booking_price: BookingPriceTable;
  booking_price_field: BookingPriceFieldTable;
  booking_price_member: BookingPriceMemberTable;
  booking_order: BookingOrderTable;
  booking_line: BookingLineTable;
  booking_heads: BookingHeadsTable;
}
