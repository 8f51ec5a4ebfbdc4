import type { Generated } from 'kysely';
import type { RefundType } from './column-codes.ts';
import type { PayColumns } from './pay-columns.ts';

type Id = Generated<number>;

// ---- Issue 36: 课程培训 ----
/** A coach: staff (S, a user) or from outside (O); A in use, D stopped. */
export interface CourseCoachTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  name: string;
  phone: Generated<string>;
  kind: 'S' | 'O';
  user_id: number | null;
  hourly_rate_fen: number;
  state: 'A' | 'D';
  remark: Generated<string>;
  created_at: string;
}
export interface CourseCoachItemTable {
  id: Id;
  tenant_id: number;
  coach_id: number;
  item_id: number;
}
/** A course: a group class (G) or a private package (P) of `lessons` at `price_fen`, valid `valid_days` from payment. */
export interface CourseTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  item_id: number;
  name: string;
  category: 'G' | 'P';
  lessons: number;
  price_fen: number;
  valid_days: number;
  age_min: number | null;
  age_max: number | null;
  /** A lesson's length: a private lesson's coach hours. */
  lesson_minutes: Generated<number>;
  state: 'A' | 'D';
  remark: Generated<string>;
  created_at: string;
}
export interface CourseCoachLinkTable {
  id: Id;
  tenant_id: number;
  course_id: number;
  coach_id: number;
}
/** A class (班级): a term of a group course. A open, F finished, C cancelled. */
export interface CourseClassTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  course_id: number;
  name: string;
  coach_id: number;
  field_id: number;
  capacity: number;
  start_date: string;
  weeks: number;
  /** "1,3": Monday 1 … Sunday 7. */
  weekdays: string;
  begin_time: string;
  end_time: string;
  state: 'A' | 'F' | 'C';
  /** The class's booking_order of type L: one line per slot cell of every session. */
  occupancy_order_id: number | null;
  created_by: number;
  created_at: string;
}
/** A session of a class: A planned, D done, C cancelled. */
export interface CourseSessionTable {
  id: Id;
  tenant_id: number;
  class_id: number;
  coach_id: number;
  field_id: number;
  use_date: string;
  begin_time: string;
  end_time: string;
  /** The session's start and end as instants (ISO, UTC). */
  starts_at: string;
  ends_at: string;
  state: 'A' | 'D' | 'C';
  cancel_reason: Generated<string>;
}
export type EnrolmentState = 'P' | 'A' | 'W' | 'T' | 'R' | 'E' | 'C';
/** An enrolment (报名) of a member, or a family member on their archive, into a class or a private package. */
export interface CourseEnrolmentTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  course_id: number;
  class_id: number | null;
  member_id: number;
  /** member_family.id of the child who studies (no foreign key: an archive edit rewrites its family rows); null: the member. */
  family_id: number | null;
  student_name: string;
  student_birthday: string | null;
  /** The enrolment's QR code. */
  code: string;
  order_id: number | null;
  lessons_total: number;
  /** Never below 0 (a check, and every take is a conditional update). */
  lessons_left: number;
  /** The last China date its lessons may be taken (set by the payment). */
  valid_until: string | null;
  state: EnrolmentState;
  /** Transferred in: the enrolment it came from. */
  from_enrolment_id: number | null;
  remark: Generated<string>;
  created_by: number;
  username: string;
  created_at: string;
}
export type LessonLedgerKind = 'BUY' | 'TAKE' | 'LEAVE_BACK' | 'TRANSFER_OUT' | 'TRANSFER_IN' | 'REFUND' | 'ADJUST';
/** The ledger of an enrolment's lessons, like the card ledger of times. */
export interface CourseLessonLedgerTable {
  id: Id;
  tenant_id: number;
  enrolment_id: number;
  kind: LessonLedgerKind;
  /** Signed. */
  lessons: number;
  balance_after: number;
  session_id: number | null;
  order_id: number | null;
  /** A private lesson's coach (a class session's is the session's). */
  coach_id: number | null;
  user_id: number;
  remark: Generated<string>;
  created_at: string;
}
/** A student's attendance of a session: S signed, L leave, A absent, M made up from another class. */
export interface CourseAttendanceTable {
  id: Id;
  tenant_id: number;
  session_id: number;
  enrolment_id: number;
  state: 'S' | 'L' | 'A' | 'M';
  ledger_id: number | null;
  user_id: number | null;
  remark: Generated<string>;
  created_at: string;
}
export interface CourseOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  remark: Generated<string>;
  course_id: number;
  /** The course's item: a member card's type must cover it to pay. */
  item_id: number;
  created_by: number;
  username: string;
  created_at: string;
  refund_type: Generated<RefundType>;
  refunded_fen: Generated<number>;
}
/** One line per enrolment: quantity = lessons bought, price_fen the course's price (the whole lessons), paid_fen its share of the payment. */
export interface CourseOrderLineTable {
  id: Id;
  tenant_id: number;
  order_id: number;
  /** The enrolment holding the line's lessons (moved to the new one by a transfer). */
  enrolment_id: number;
  course_id: number;
  name: string;
  quantity: number;
  refunded_quantity: Generated<number>;
  price_fen: number;
  paid_fen: Generated<number>;
}

export interface CourseTables {
  course_coach: CourseCoachTable;
  course_coach_item: CourseCoachItemTable;
  course: CourseTable;
  course_coach_link: CourseCoachLinkTable;
  course_class: CourseClassTable;
  course_session: CourseSessionTable;
  course_enrolment: CourseEnrolmentTable;
  course_lesson_ledger: CourseLessonLedgerTable;
  course_attendance: CourseAttendanceTable;
  course_order: CourseOrderTable;
  course_order_line: CourseOrderLineTable;
}
