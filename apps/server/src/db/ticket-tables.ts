import type { Generated } from 'kysely';
import type { EnabledState, Flag, MemberSource, OrderState, PayState, RefundType } from './column-codes.ts';

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
interface PayCols {
  venue_id: number;
  member_id: number | null;
  order_state: OrderState;
  pay_state: PayState;
  price_pay_fen: number;
  pay_mode: string | null;
  pay_attempt: Generated<number>;
  pay_lock: string | null;
  pay_lock_until: string | null;
  remark: Generated<string>;
  paid_at: string | null;
}
export interface TicketOrderTable extends PayCols {
  id: Id;
  tenant_id: number;
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
export interface TicketTimeoutOrderTable extends PayCols {
  id: Id;
  tenant_id: number;
  check_id: number;
  minutes: number;
  created_by: number;
  created_at: string;
}

export interface TicketTables {
  ticket_type: TicketTypeTable;
  ticket_type_time: TicketTypeTimeTable;
  ticket_order: TicketOrderTable;
  ticket_detail: TicketDetailTable;
  ticket_check: TicketCheckTable;
  ticket_timeout_order: TicketTimeoutOrderTable;
}
