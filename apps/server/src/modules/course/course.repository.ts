import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type {
  CourseAttendanceTable,
  CourseEnrolmentTable,
  CourseLessonLedgerTable,
  CourseOrderLineTable,
  CourseOrderTable,
  EnrolmentState,
} from '../../db/course-tables.ts';
import type { Engine, Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines } from '../checkout/index.ts';

export type EnrolmentRow = Selectable<CourseEnrolmentTable>;
export type NewEnrolment = Omit<Insertable<CourseEnrolmentTable>, 'id'>;
export type NewLedger = Omit<Insertable<CourseLessonLedgerTable>, 'id'>;
export type NewAttendance = Omit<Insertable<CourseAttendanceTable>, 'id'>;
export type CourseOrderRow = Selectable<CourseOrderTable>;
export type NewCourseOrder = Omit<Insertable<CourseOrderTable>, 'id'>;
export type NewOrderLine = Omit<Insertable<CourseOrderLineTable>, 'id' | 'order_id' | 'enrolment_id'>;
export type ShownEnrolment = Awaited<ReturnType<CourseRepository['enrolmentsById']>>[number];

/** One tap of a sign-in: a student of a class signed into one of its sessions. */
export interface SignOne {
  tenantId: number;
  sessionId: number;
  classId: number;
  enrolmentId: number;
  userId: number;
  today: string;
  nowIso: string;
}

/** Enrolments, their orders and lines, the lesson ledger and attendance. */
export class CourseRepository {
  /** PostgreSQL: a sign-in's three writes in one statement (signOne). */
  private readonly oneStatement: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine = 'sqlite',
  ) {
    this.oneStatement = engine === 'postgres';
  }

  /**
   * The desk's tap, without reading first: one lesson taken from an active enrolment of the session's
   * class valid today, its TAKE row and its attendance (S), all or nothing; PostgreSQL in one statement,
   * SQLite in one transaction. Answers the student and the balance after, or undefined when nothing
   * was written (not such an enrolment, no lesson left, or an attendance of the session already: the
   * unique key): the caller then reads why.
   */
  async signOne(t: SignOne): Promise<{ student_name: string; lessons_left: number; ledger_id: number } | undefined> {
    const take = (db: Executor) =>
      db
        .updateTable('course_enrolment')
        .set({ lessons_left: sql<number>`lessons_left - 1` })
        .where('tenant_id', '=', t.tenantId)
        .where('id', '=', t.enrolmentId)
        .where('class_id', '=', t.classId)
        .where('state', '=', 'A')
        .where('lessons_left', '>=', 1)
        .where('valid_until', '>=', t.today);
    const ledger = {
      tenant_id: t.tenantId,
      kind: 'TAKE' as const,
      lessons: -1,
      session_id: t.sessionId,
      coach_id: null,
      user_id: t.userId,
      remark: '',
      created_at: t.nowIso,
    };
    const attendance = { tenant_id: t.tenantId, session_id: t.sessionId, state: 'S' as const, user_id: t.userId, remark: '', created_at: t.nowIso };
    try {
      if (this.oneStatement) {
        const row = await this.db
          .with('t', () => take(this.db).returning(['id', 'lessons_left', 'order_id', 'student_name']))
          .with('g', (w) =>
            w
              .insertInto('course_lesson_ledger')
              .columns([
                'tenant_id',
                'enrolment_id',
                'kind',
                'lessons',
                'balance_after',
                'session_id',
                'order_id',
                'coach_id',
                'user_id',
                'remark',
                'created_at',
              ])
              .expression((eb) =>
                eb
                  .selectFrom('t')
                  .select([
                    sql.val(ledger.tenant_id).as('tenant_id'),
                    't.id',
                    sql.lit('TAKE').as('kind'),
                    sql.lit(-1).as('lessons'),
                    't.lessons_left',
                    sql.val(ledger.session_id).as('session_id'),
                    't.order_id',
                    sql.lit(null).as('coach_id'),
                    sql.val(ledger.user_id).as('user_id'),
                    sql.lit('').as('remark'),
                    sql.val(ledger.created_at).as('created_at'),
                  ]),
              )
              .returning(['id', 'enrolment_id']),
          )
          .insertInto('course_attendance')
          .columns(['tenant_id', 'session_id', 'enrolment_id', 'state', 'ledger_id', 'user_id', 'remark', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('g')
              .select([
                sql.val(attendance.tenant_id).as('tenant_id'),
                sql.val(attendance.session_id).as('session_id'),
                'g.enrolment_id',
                sql.lit('S').as('state'),
                'g.id',
                sql.val(attendance.user_id).as('user_id'),
                sql.lit('').as('remark'),
                sql.val(attendance.created_at).as('created_at'),
              ]),
          )
          .returning(['ledger_id', sql<number>`(select lessons_left from t)`.as('lessons_left'), sql<string>`(select student_name from t)`.as('student_name')])
          .executeTakeFirst();
        return row ? { student_name: row.student_name, lessons_left: Number(row.lessons_left), ledger_id: row.ledger_id! } : undefined;
      }
      return await this.transaction(async (trx) => {
        const e = await take(trx).returning(['lessons_left', 'order_id', 'student_name']).executeTakeFirst();
        if (!e) return undefined;
        const ledgerId = await this.insertLedger(trx, { ...ledger, enrolment_id: t.enrolmentId, balance_after: e.lessons_left, order_id: e.order_id });
        await this.insertAttendance(trx, { ...attendance, enrolment_id: t.enrolmentId, ledger_id: ledgerId });
        return { student_name: e.student_name, lessons_left: e.lessons_left, ledger_id: ledgerId };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  transaction<T>(work: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(work);
  }

  member(tenantId: number, memberId: number) {
    return this.db
      .selectFrom('member')
      .select(['id', 'name', 'phone', 'birthday'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  family(tenantId: number, memberId: number, familyId: number) {
    return this.db
      .selectFrom('member_family')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('id', '=', familyId)
      .executeTakeFirst();
  }

  /** The member a card number names (a 快速核销 scan). */
  memberOfCard(tenantId: number, cardNo: string) {
    return this.db.selectFrom('card').select(['member_id']).where('tenant_id', '=', tenantId).where('card_no', '=', cardNo).executeTakeFirst();
  }

  private shown(db: Executor, tenantId: number) {
    return db
      .selectFrom('course_enrolment as e')
      .innerJoin('course as c', 'c.id', 'e.course_id')
      .innerJoin('venue as v', 'v.id', 'e.venue_id')
      .innerJoin('member as m', 'm.id', 'e.member_id')
      .leftJoin('course_class as k', 'k.id', 'e.class_id')
      .leftJoin('course_order as o', 'o.id', 'e.order_id')
      .leftJoin('course_order_line as l', (j) => j.onRef('l.enrolment_id', '=', 'e.id').onRef('l.order_id', '=', 'e.order_id'))
      .selectAll('e')
      .select([
        'c.name as course_name',
        'c.category',
        'c.item_id',
        'c.price_fen',
        'v.name as venue_name',
        'm.name as member_name',
        'm.phone',
        'k.name as class_name',
        'o.pay_state',
        'o.price_pay_fen',
        'l.paid_fen',
        'l.quantity as line_quantity',
      ])
      .select((eb) =>
        eb
          .selectFrom('course_enrolment as w')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('w.class_id', '=', 'e.class_id')
          .where('w.state', '=', 'W')
          .whereRef('w.id', '<=', 'e.id')
          .as('waiting_no'),
      )
      .where('e.tenant_id', '=', tenantId);
  }

  enrolmentsById(tenantId: number, ids: number[], db: Executor = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return this.shown(db, tenantId).where('e.id', 'in', ids).orderBy('e.id').execute();
  }

  enrolmentPage(
    tenantId: number,
    f: { visible: RawBuilder<boolean>; venueId?: number; courseId?: number; classId?: number; memberId?: number; state?: EnrolmentState; keyword?: string },
    window: PageWindow,
  ) {
    let q = this.shown(this.db, tenantId).where(f.visible);
    if (f.venueId) q = q.where('e.venue_id', '=', f.venueId);
    if (f.courseId) q = q.where('e.course_id', '=', f.courseId);
    if (f.classId) q = q.where('e.class_id', '=', f.classId);
    if (f.memberId) q = q.where('e.member_id', '=', f.memberId);
    if (f.state) q = q.where('e.state', '=', f.state);
    const k = f.keyword;
    if (k) q = q.where((eb) => eb.or([eb('e.student_name', 'like', `%${k}%`), eb('m.name', 'like', `%${k}%`), eb('m.phone', '=', k)]));
    return pageQuery(q, q.orderBy('e.id', 'desc'), window);
  }

  enrolment(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('course_enrolment').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  enrolments(tenantId: number, ids: number[], db: Executor = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('course_enrolment').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).orderBy('id').execute();
  }

  enrolmentOfCode(tenantId: number, code: string) {
    return this.db.selectFrom('course_enrolment').selectAll().where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirst();
  }

  /** The student's live enrolment of a class (P, A or W), if any: one student enrols once. */
  sameStudent(tenantId: number, classId: number, memberId: number, familyId: number | null) {
    return this.db
      .selectFrom('course_enrolment')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('class_id', '=', classId)
      .where('member_id', '=', memberId)
      .where((eb) => (familyId === null ? eb('family_id', 'is', null) : eb('family_id', '=', familyId)))
      .where('state', 'in', ['P', 'A', 'W'])
      .executeTakeFirst();
  }

  /** The member's active enrolments (or those named), with their course. */
  activeOfMember(tenantId: number, memberId: number) {
    return this.db
      .selectFrom('course_enrolment as e')
      .innerJoin('course as c', 'c.id', 'e.course_id')
      .selectAll('e')
      .select(['c.category'])
      .where('e.tenant_id', '=', tenantId)
      .where('e.member_id', '=', memberId)
      .where('e.state', '=', 'A')
      .orderBy('e.id')
      .execute();
  }

  async insertEnrolment(trx: Executor, row: NewEnrolment) {
    return (await trx.insertInto('course_enrolment').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** An order of one line (the enrolment's lessons), the enrolment pointing at it. */
  async insertOrder(trx: Executor, order: NewCourseOrder, line: NewOrderLine, enrolmentId: number) {
    const { id } = await trx.insertInto('course_order').values(order).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('course_order_line')
      .values({ ...line, order_id: id, enrolment_id: enrolmentId })
      .execute();
    await trx.updateTable('course_enrolment').set({ order_id: id }).where('id', '=', enrolmentId).execute();
    return id;
  }

  /** Moves an enrolment between states; answers whether it was in `from`. */
  async setState(
    trx: Executor,
    tenantId: number,
    id: number,
    from: EnrolmentState[],
    set: Partial<Pick<EnrolmentRow, 'state' | 'lessons_left' | 'valid_until'>>,
  ) {
    const done = await trx
      .updateTable('course_enrolment')
      .set(set)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /**
   * Takes `lessons` from an active enrolment valid on `today`: one conditional update, so the balance
   * never goes below zero whoever signs in at once. Answers the balance after, or undefined.
   */
  async take(trx: Executor, tenantId: number, id: number, lessons: number, today: string) {
    const row = await trx
      .updateTable('course_enrolment')
      .set({ lessons_left: sql<number>`lessons_left - ${lessons}` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', '=', 'A')
      .where('lessons_left', '>=', lessons)
      .where('valid_until', '>=', today)
      .returning('lessons_left')
      .executeTakeFirst();
    return row?.lessons_left;
  }

  async insertLedger(trx: Executor, row: NewLedger) {
    return (await trx.insertInto('course_lesson_ledger').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  async insertAttendance(trx: Executor, row: NewAttendance) {
    return (await trx.insertInto('course_attendance').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** An absence turned into a sign-in the same day (A → S). */
  async signAbsent(trx: Executor, tenantId: number, sessionId: number, enrolmentId: number, ledgerId: number, userId: number, nowIso: string) {
    const row = await trx
      .updateTable('course_attendance')
      .set({ state: 'S', ledger_id: ledgerId, user_id: userId, created_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .where('enrolment_id', '=', enrolmentId)
      .where('state', '=', 'A')
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  attendanceOf(tenantId: number, sessionIds: number[], enrolmentIds?: number[], db: Executor = this.db) {
    if (!sessionIds.length) return Promise.resolve([]);
    let q = db
      .selectFrom('course_attendance')
      .select(['id', 'session_id', 'enrolment_id', 'state', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('session_id', 'in', sessionIds);
    if (enrolmentIds) q = q.where('enrolment_id', 'in', enrolmentIds.length ? enrolmentIds : [0]);
    return q.execute();
  }

  /** The active enrolments of classes, with their member (a roster). */
  studentsOf(tenantId: number, classIds: number[], states: EnrolmentState[] = ['A']) {
    if (!classIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('course_enrolment as e')
      .innerJoin('member as m', 'm.id', 'e.member_id')
      .selectAll('e')
      .select(['m.name as member_name', 'm.phone'])
      .where('e.tenant_id', '=', tenantId)
      .where('e.class_id', 'in', classIds)
      .where('e.state', 'in', states)
      .orderBy('e.id')
      .execute();
  }

  /** Enrolments by id with their member, for a roster's make-ups. */
  studentsById(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('course_enrolment as e')
      .innerJoin('member as m', 'm.id', 'e.member_id')
      .selectAll('e')
      .select(['m.name as member_name', 'm.phone'])
      .where('e.tenant_id', '=', tenantId)
      .where('e.id', 'in', ids)
      .orderBy('e.id')
      .execute();
  }

  /** The first on a class's waiting list. */
  firstWaiting(trx: Executor, tenantId: number, classId: number) {
    return trx
      .selectFrom('course_enrolment')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('class_id', '=', classId)
      .where('state', '=', 'W')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  // ---- Orders ----
  findOrder(tenantId: number, orderId: number, db: Executor = this.db) {
    return db.selectFrom('course_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
  }

  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'course_order_line', tenantId, orderIds);
  }

  /** Closes an unpaid order nobody is paying (U or F, no channel lock); answers whether it did. */
  async closeOrder(trx: Executor, tenantId: number, orderId: number) {
    const done = await trx
      .updateTable('course_order')
      .set({ order_state: 'C', pay_state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_state', 'in', ['U', 'F'])
      .where('pay_lock', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Unpaid orders created before the cutoff (the auto-close job's). */
  unpaidBefore(tenantId: number, cutoffIso: string) {
    return this.db
      .selectFrom('course_order')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('pay_state', 'in', ['U', 'F'])
      .where('pay_lock', 'is', null)
      .where('created_at', '<', cutoffIso)
      .execute();
  }

  // ---- The ledger ----
  ledgerPage(
    tenantId: number,
    f: {
      visible: RawBuilder<boolean>;
      venueId?: number;
      enrolmentId?: number;
      courseId?: number;
      kind?: string;
      beginIso?: string;
      endIso?: string;
      keyword?: string;
    },
    window: PageWindow,
  ) {
    let q = this.db
      .selectFrom('course_lesson_ledger as g')
      .innerJoin('course_enrolment as e', 'e.id', 'g.enrolment_id')
      .innerJoin('course as c', 'c.id', 'e.course_id')
      .innerJoin('member as m', 'm.id', 'e.member_id')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .leftJoin('course_class as k', 'k.id', 'e.class_id')
      .leftJoin('course_session as s', 's.id', 'g.session_id')
      .leftJoin('course_coach as tp', 'tp.id', 'g.coach_id')
      .leftJoin('course_coach as ts', 'ts.id', 's.coach_id')
      .selectAll('g')
      .select([
        'e.venue_id',
        'e.student_name',
        'c.name as course_name',
        'k.name as class_name',
        'm.name as member_name',
        'u.real_name as create_name',
        's.use_date',
        's.begin_time',
        's.end_time',
      ])
      .select(sql<string | null>`coalesce(tp.name, ts.name)`.as('coach_name'))
      .where('g.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.venueId) q = q.where('e.venue_id', '=', f.venueId);
    if (f.enrolmentId) q = q.where('g.enrolment_id', '=', f.enrolmentId);
    if (f.courseId) q = q.where('e.course_id', '=', f.courseId);
    if (f.kind) q = q.where('g.kind', '=', f.kind as never);
    if (f.beginIso) q = q.where('g.created_at', '>=', f.beginIso);
    if (f.endIso) q = q.where('g.created_at', '<=', f.endIso);
    const k = f.keyword;
    if (k) q = q.where((eb) => eb.or([eb('e.student_name', 'like', `%${k}%`), eb('m.name', 'like', `%${k}%`)]));
    return pageQuery(q, q.orderBy('g.id', 'desc'), window);
  }
}
