import type { Generated } from 'kysely';
import type { EnabledState, Flag, MemberSource, RefundType } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

type Id = Generated<number>;

// ---- Issue 18: admission tickets ----
export interface TicketTypeTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  item_id: number;
  name: string;
  price_fen: number;
  use_begin_date: string;
  use_end_date: string;
  uses: number;
  with_hand: Flag;
  free_minutes: number;
  overtime_minutes: number;
  overtime_price_fen: number;
  state: EnabledState;
  created_at: string;
}
export interface TicketTypeTimeTable {
  id: Id;
  tenant_id: number;
  type_id: number;
  begin_week: number;
  end_week: number;
  begin_time: string;
  end_time: string;
}
export interface TicketOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  remark: Generated<string>;
  source: MemberSource;
  price_orig_fen: number;
  created_by: number;
  username: string;
  created_at: string;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
}
/** A ticket: P unpaid, A usable, U used up, E expired, C void. */
export type TicketState = 'P' | 'A' | 'U' | 'E' | 'C';
export interface TicketDetailTable {
  id: Id;
  tenant_id: number;
  order_id: number;
  type_id: number;
  venue_id: number;
  item_id: number;
  qr_code: string;
  detail_state: TicketState;
  type_name: string;
  use_begin_date: string;
  use_end_date: string;
  uses_left: number;
  quantity: Generated<number>;
  price_fen: number;
  price_orig_fen: number;
  price_pay_fen: number;
  refunded_quantity: Generated<number>;
  print_count: Generated<number>;
}
export interface TicketCheckTable {
  id: Id;
  tenant_id: number;
  detail_id: number;
  venue_id: number;
  item_id: number;
  slot_end: string;
  checked_by: number;
  checked_at: string;
  exit_at: string | null;
  /** The wristband issued at this entry (a type that issues one), worn until the exit. */
  hand_id: number | null;
}
export interface TicketTimeoutOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  remark: Generated<string>;
  check_id: number;
  minutes: number;
  created_by: number;
  created_at: string;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
  /** The order is its own one line (refunds count it as one). */
  quantity: Generated<number>;
  refunded_quantity: Generated<number>;
}

export interface TicketTables {
  ticket_type: TicketTypeTable;
  ticket_type_time: TicketTypeTimeTable;
  ticket_order: TicketOrderTable;
  ticket_detail: TicketDetailTable;
  ticket_check: TicketCheckTable;
  ticket_timeout_order: TicketTimeoutOrderTable;
}
