import type { Generated } from 'kysely';
import type { EnabledState, Flag, RefundType } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

type Id = Generated<number>;

// ---- Issue 18: lectures ----
export interface LectureTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  name: string;
  speaker: Generated<string>;
  state: EnabledState;
  created_at: string;
}
export interface LectureSessionTable {
  id: Id;
  tenant_id: number;
  lecture_id: number;
  begin_date: string;
  end_date: string;
  begin_time: string;
  end_time: string;
  capacity: number;
  sold: Generated<number>;
  removed: Generated<Flag>;
}
export interface LectureTicketTable {
  id: Id;
  tenant_id: number;
  lecture_id: number;
  name: string;
  price_fen: number;
  removed: Generated<Flag>;
}
export interface LectureOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  remark: Generated<string>;
  lecture_id: number;
  session_id: number;
  ticket_id: number;
  lecture_name: string;
  ticket_name: string;
  contact_phone: string;
  created_by: number;
  username: string;
  created_at: string;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
}
/** A participant: P unpaid, A to be used, U used, C void. */
export type ParticipantState = 'P' | 'A' | 'U' | 'C';
export interface LectureParticipantTable {
  id: Id;
  tenant_id: number;
  order_id: number;
  session_id: number;
  code: string;
  user_name: string;
  phone: string;
  state: ParticipantState;
  price_fen: number;
  checked_by: number | null;
  checked_at: string | null;
  /** One seat; refunded_quantity 1 once its refund gave it back. */
  quantity: Generated<number>;
  refunded_quantity: Generated<number>;
}

export interface LectureTables {
  lecture: LectureTable;
  lecture_session: LectureSessionTable;
  lecture_ticket: LectureTicketTable;
  lecture_order: LectureOrderTable;
  lecture_participant: LectureParticipantTable;
}
