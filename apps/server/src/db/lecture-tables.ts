import type { Generated } from 'kysely';
import type { EnabledState, Flag, OrderState, PayState } from './column-codes.ts';

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
export interface LectureOrderTable {
  id: Id;
  tenant_id: number;
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
  lecture_id: number;
  session_id: number;
  ticket_id: number;
  lecture_name: string;
  ticket_name: string;
  contact_phone: string;
  created_by: number;
  username: string;
  created_at: string;
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
}

export interface LectureTables {
  lecture: LectureTable;
  lecture_session: LectureSessionTable;
  lecture_ticket: LectureTicketTable;
  lecture_order: LectureOrderTable;
  lecture_participant: LectureParticipantTable;
}
