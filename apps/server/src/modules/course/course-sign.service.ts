import { chinaDate, chinaText, Code, course as contract, courseAdmin, type RosterRow } from '@venue/contract';
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { CourseAdminRepository } from './course-admin.repository.ts';
import type { CourseRepository, EnrolmentRow } from './course.repository.ts';

const M = contract.COURSE_MSG;
const A = courseAdmin.COURSE_ADMIN_MSG;
const EARLY_MS = contract.SIGN_EARLY_MINUTES * 60_000;
type SessionRow = NonNullable<Awaited<ReturnType<CourseAdminRepository['session']>>>;
type Student = EnrolmentRow & { member_name: string; phone: string };
type Mark = 'S' | 'L' | 'A' | 'M';
/** A lesson that could not be taken at the write (another desk signed the student, or took the last lesson, first). */
class NotTaken extends Error {
  constructor(readonly enrolmentId: number) {
    super('not taken');
  }
}

/** Why an enrolment cannot be signed in now, or null: its attendance of the session, its state, its validity, its balance. */
export function signRefusal(e: Pick<EnrolmentRow, 'student_name' | 'state' | 'valid_until' | 'lessons_left'>, mark: Mark | null, today: string): string | null {
  if (mark === 'S' || mark === 'M') return M.signed(e.student_name);
  if (mark === 'L') return M.onLeave(e.student_name);
  if (e.state === 'P') return M.unpaid;
  if (e.state === 'E' || (e.state === 'A' && e.valid_until !== null && e.valid_until < today)) return M.expired(e.student_name);
  if (e.state !== 'A') return M.notActive(e.student_name, contract.ENROLMENT_STATE_LABELS[e.state]);
  if (e.lessons_left < 1) return M.noLessons(e.student_name);
  return null;
}

const rosterRow = (e: Student, mark: Mark | null, today: string): RosterRow => ({
  enrolmentId: e.id,
  code: e.code,
  studentName: e.student_name,
  memberId: e.member_id,
  memberName: e.member_name,
  phone: e.phone,
  lessonsLeft: e.lessons_left,
  validUntil: e.valid_until,
  classId: e.class_id,
  attendance: mark,
  refusal: signRefusal(e, mark, today),
});

/**
 * 签到 / 消课: students of a session signed in one or several at once (each a TAKE row of the ledger
 * and an attendance, the balance by a conditional update), by picking them, by a member card's number
 * or an enrolment's QR code (快速核销 › 课程培训); private lessons taken with a coach; the rosters the
 * sign-in screens show; and the absence job.
 */
export class CourseSignService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: CourseRepository,
    private readonly admin: CourseAdminRepository,
    private readonly clock: Clock,
  ) {}

  private today() {
    return chinaDate(this.clock.now());
  }

  private async sessionOf(s: UserSession, sessionId: number) {
    const session = await this.admin.session(s.tenantId, sessionId);
    if (!session) throw notFound(A.sessionNotFound);
    assertVenue(s, session.venue_id);
    return session;
  }

  /** Sign-in opens SIGN_EARLY_MINUTES before the start and closes at the end of the session's day. */
  private assertOpen(session: Pick<SessionRow, 'state' | 'starts_at' | 'use_date'>) {
    if (session.state === 'C') throw refuse(M.sessionCancelled);
    const now = this.clock.now();
    const opens = Date.parse(session.starts_at) - EARLY_MS;
    if (now.getTime() < opens) throw refuse(M.notYet(chinaText(opens).slice(0, 16)));
    if (chinaDate(now) > session.use_date) throw refuse(M.sessionOver);
  }

  /**
   * Signs students into a session, all or none, in one transaction: each an active enrolment of its
   * class (a make-up: of another class of its course, while a seat is free), not signed, on leave,
   * expired or out of lessons (those refusals name the student).
   */
  async sign(s: UserSession, sessionId: number, enrolmentIds: number[], makeUp = false) {
    const head = await this.admin.sessionHead(s.tenantId, sessionId);
    if (!head) throw notFound(A.sessionNotFound);
    assertVenue(s, head.venue_id);
    this.assertOpen(head);
    const ids = [...new Set(enrolmentIds)].sort((a, b) => a - b);
    // The desk's usual tap (one student of the class): written at once, read only when it is refused.
    if (!makeUp && ids.length === 1) {
      const one = await this.repo.signOne({
        tenantId: s.tenantId,
        sessionId: head.id,
        classId: head.class_id,
        enrolmentId: ids[0],
        userId: s.userId,
        today: this.today(),
        nowIso: this.clock.now().toISOString(),
      });
      if (one)
        return {
          sessionId: head.id,
          signed: [{ enrolmentId: ids[0], studentName: one.student_name, lessonsLeft: one.lessons_left, ledgerId: one.ledger_id }],
        };
    }
    const session = (await this.admin.session(s.tenantId, sessionId))!;
    const [enrolments, marks] = await Promise.all([this.repo.enrolments(s.tenantId, ids), this.repo.attendanceOf(s.tenantId, [session.id], ids)]);
    const today = this.today();
    for (const id of enrolmentIds) {
      const e = enrolments.find((x) => x.id === id);
      if (!e) throw notFound(M.enrolmentNotFound);
      assertVenue(s, e.venue_id);
      if (!makeUp && e.class_id !== session.class_id) throw refuse(M.notInSession(e.student_name));
      const mark = marks.find((m) => m.enrolment_id === id)?.state ?? null;
      const why = makeUp && (mark === 'M' || mark === 'S') ? M.makeUpTwice(e.student_name) : signRefusal(e, mark, today);
      if (why) throw refuse(why);
    }
    const nowIso = this.clock.now().toISOString();
    try {
      const signed = await this.repo.transaction(async (trx) => {
        if (makeUp) await this.assertSeat(trx, s.tenantId, session);
        const done = [];
        for (const e of enrolments) {
          const left = await this.repo.take(trx, s.tenantId, e.id, 1, today);
          if (left === undefined) throw new NotTaken(e.id);
          const ledgerId = await this.repo.insertLedger(trx, {
            tenant_id: s.tenantId,
            enrolment_id: e.id,
            kind: 'TAKE',
            lessons: -1,
            balance_after: left,
            session_id: session.id,
            order_id: e.order_id,
            coach_id: null,
            user_id: s.userId,
            remark: makeUp ? `补课：${session.class_name}` : '',
            created_at: nowIso,
          });
          const absent = marks.find((m) => m.enrolment_id === e.id)?.state === 'A';
          const again = absent ? await this.repo.signAbsent(trx, s.tenantId, session.id, e.id, ledgerId, s.userId, nowIso) : undefined;
          if (!again)
            await this.repo.insertAttendance(trx, {
              tenant_id: s.tenantId,
              session_id: session.id,
              enrolment_id: e.id,
              state: makeUp ? 'M' : 'S',
              ledger_id: ledgerId,
              user_id: s.userId,
              remark: '',
              created_at: nowIso,
            });
          done.push({ enrolmentId: e.id, studentName: e.student_name, lessonsLeft: left, ledgerId });
        }
        return done;
      });
      return { sessionId: session.id, signed };
    } catch (error) {
      if (!(error instanceof NotTaken) && !isUniqueViolation(error)) throw error;
      // Another desk wrote first: the refusal as things are now (signed, out of lessons, no longer active).
      const [again, now] = await Promise.all([this.repo.enrolments(s.tenantId, ids), this.repo.attendanceOf(s.tenantId, [session.id], ids)]);
      const why = again.map((e) => signRefusal(e, now.find((m) => m.enrolment_id === e.id)?.state ?? null, today)).find((r) => r !== null);
      const named = enrolments.find((e) => e.id === (error instanceof NotTaken ? error.enrolmentId : ids[0]))!;
      throw refuse(why ?? M.noLessons(named.student_name));
    }
  }

  /** A make-up needs a seat of the session's class: its students not on leave, and the make-ups in, below the capacity. */
  private async assertSeat(trx: Executor, tenantId: number, session: SessionRow) {
    const klass = await this.admin.lockClass(trx, tenantId, session.class_id);
    const seated = await this.admin.seated(tenantId, session.class_id, trx);
    const marks = await this.repo.attendanceOf(tenantId, [session.id], undefined, trx);
    const used = seated - marks.filter((m) => m.state === 'L').length + marks.filter((m) => m.state === 'M').length;
    if (!klass || used >= klass.capacity) throw refuse(M.makeUpFull);
  }

  /** What a code names: an enrolment's QR code (that enrolment), or a member card's number (its member's active enrolments). */
  private async resolve(s: UserSession, code: string) {
    const byCode = await this.repo.enrolmentOfCode(s.tenantId, code);
    if (byCode) {
      assertVenue(s, byCode.venue_id);
      return { memberId: byCode.member_id, only: byCode.id };
    }
    const card = await this.repo.memberOfCard(s.tenantId, code);
    if (!card?.member_id) throw new BizError(Code.NO_DATA, M.notFound);
    return { memberId: card.member_id, only: null };
  }

  /** Today's live sessions of the classes of these enrolments, in the caller's venues. */
  private async todayOf(s: UserSession, enrolments: { class_id: number | null }[]) {
    const classIds = [...new Set(enrolments.map((e) => e.class_id).filter((id): id is number => id !== null))];
    if (!classIds.length) return [];
    const today = this.today();
    const rows = await this.admin.sessions(s.tenantId, { visible: inUserVenues(s, 'k.venue_id'), beginDate: today, endDate: today, liveOnly: true });
    return rows.filter((r) => classIds.includes(r.class_id));
  }

  /** 快速核销 › 课程培训: the member a code names, today's sessions of their enrolments with each student's balance and sign-in state. */
  async lookup(s: UserSession, code: string) {
    const { memberId, only } = await this.resolve(s, code);
    const member = await this.repo.member(s.tenantId, memberId);
    if (!member) throw new BizError(Code.NO_DATA, M.notFound);
    const active = (await this.repo.activeOfMember(s.tenantId, memberId)).filter((e) => (only ? e.id === only : true));
    const mine = only && !active.length ? await this.repo.enrolments(s.tenantId, [only]) : active;
    const students: Student[] = mine.map((e) => ({ ...e, member_name: member.name, phone: member.phone }));
    const sessions = await this.todayOf(s, students);
    const marks = await this.repo.attendanceOf(
      s.tenantId,
      sessions.map((x) => x.id),
      students.map((e) => e.id),
    );
    const today = this.today();
    const markOf = (sessionId: number, enrolmentId: number) => marks.find((m) => m.session_id === sessionId && m.enrolment_id === enrolmentId)?.state ?? null;
    return {
      memberId: member.id,
      memberName: member.name,
      phone: member.phone,
      sessions: sessions.map((x) => ({
        sessionId: x.id,
        classId: x.class_id,
        className: x.class_name,
        courseName: x.course_name,
        coachName: x.coach_name,
        fieldName: x.field_name,
        useDate: x.use_date,
        beginTime: x.begin_time,
        endTime: x.end_time,
        students: students.filter((e) => e.class_id === x.class_id).map((e) => rosterRow(e, markOf(x.id, e.id), today)),
      })),
      packages: students.filter((e) => e.class_id === null && e.state === 'A').map((e) => rosterRow(e, null, today)),
    };
  }

  /** Signs in by a card number or a QR code: the session given, or the one of today whose sign-in is open (the one under way first). */
  async signByCode(s: UserSession, code: string, sessionId?: number) {
    const { memberId, only } = await this.resolve(s, code);
    const active = (await this.repo.activeOfMember(s.tenantId, memberId)).filter((e) => (only ? e.id === only : e.class_id !== null));
    if (only && !active.length) {
      const e = (await this.repo.enrolment(s.tenantId, only))!;
      throw refuse(signRefusal(e, null, this.today()) ?? M.noSessionToday);
    }
    const sessions = await this.todayOf(s, active);
    const nowMs = this.clock.now().getTime();
    let chosen = sessionId ? sessions.find((x) => x.id === sessionId) : undefined;
    if (sessionId && !chosen) throw refuse(M.noSessionToday);
    if (!chosen) {
      const open = sessions.filter((x) => Date.parse(x.starts_at) - EARLY_MS <= nowMs);
      const running = open.filter((x) => Date.parse(x.ends_at) > nowMs);
      const pick = running.length ? running : open;
      if (!pick.length) throw refuse(M.noSessionToday);
      if (pick.length > 1) throw refuse(M.manySessions);
      chosen = pick[0];
    }
    const students = active.filter((e) => e.class_id === chosen.class_id);
    const marks = await this.repo.attendanceOf(
      s.tenantId,
      [chosen.id],
      students.map((e) => e.id),
    );
    // Several students of one member (siblings): those signed or on leave already are left out, unless none is left.
    const open = students.filter((e) => !marks.some((m) => m.enrolment_id === e.id && m.state !== 'A'));
    return this.sign(
      s,
      chosen.id,
      (open.length ? open : students).map((e) => e.id),
    );
  }

  /** A private package's lesson taken with one of the course's coaches (no session): one TAKE row naming the coach. */
  async signPrivate(s: UserSession, enrolmentId: number, coachId: number, remark: string) {
    const e = await this.repo.enrolment(s.tenantId, enrolmentId);
    if (!e) throw notFound(M.enrolmentNotFound);
    assertVenue(s, e.venue_id);
    if (e.class_id !== null) throw refuse('班课学员请在课节中签到');
    const today = this.today();
    const why = signRefusal(e, null, today);
    if (why) throw refuse(why);
    if (!(await this.admin.coachTeaches(s.tenantId, e.course_id, coachId))) throw notFound(A.coachNotFound);
    const nowIso = this.clock.now().toISOString();
    const signed = await this.repo.transaction(async (trx) => {
      const left = await this.repo.take(trx, s.tenantId, e.id, 1, today);
      if (left === undefined) throw refuse(M.noLessons(e.student_name));
      const ledgerId = await this.repo.insertLedger(trx, {
        tenant_id: s.tenantId,
        enrolment_id: e.id,
        kind: 'TAKE',
        lessons: -1,
        balance_after: left,
        session_id: null,
        order_id: e.order_id,
        coach_id: coachId,
        user_id: s.userId,
        remark,
        created_at: nowIso,
      });
      return { enrolmentId: e.id, studentName: e.student_name, lessonsLeft: left, ledgerId };
    });
    return { sessionId: null, signed: [signed] };
  }

  /** A session's students (its class's active ones, and anyone with an attendance of it) with their sign-in state. */
  async roster(s: UserSession, sessionId: number) {
    const session = await this.sessionOf(s, sessionId);
    const [students, marks] = await Promise.all([this.repo.studentsOf(s.tenantId, [session.class_id]), this.repo.attendanceOf(s.tenantId, [session.id])]);
    const others = await this.repo.studentsById(
      s.tenantId,
      marks.map((m) => m.enrolment_id).filter((id) => !students.some((e) => e.id === id)),
    );
    const today = this.today();
    return {
      sessionId: session.id,
      className: session.class_name,
      courseName: session.course_name,
      coachName: session.coach_name,
      fieldName: session.field_name,
      useDate: session.use_date,
      beginTime: session.begin_time,
      endTime: session.end_time,
      state: session.state,
      students: [...students, ...others].map((e) => rosterRow(e, marks.find((m) => m.enrolment_id === e.id)?.state ?? null, today)),
    };
  }

  /**
   * The absence job (like booking's no-show job), one transaction of conditional writes, so two
   * processes running it at once write each row once: students of a session that ended, active and
   * enrolled before it began and valid that day, neither signed nor on leave, are absent (A); the session is done (D);
   * enrolments past their validity expire (E); a class with no planned session left is finished (F).
   */
  async markAbsences(): Promise<{ absent: number; sessions: number; expired: number; finished: number }> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const today = chinaDate(now);
    return this.db.transaction().execute(async (trx) => {
      const absent = await trx
        .insertInto('course_attendance')
        .columns(['tenant_id', 'session_id', 'enrolment_id', 'state', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('course_session as s')
            .innerJoin('course_enrolment as e', 'e.class_id', 's.class_id')
            .select(['s.tenant_id', 's.id', 'e.id', sql.lit('A').as('state'), sql.val(nowIso).as('created_at')])
            .where('s.state', '=', 'A')
            .where('s.ends_at', '<=', nowIso)
            .where('e.state', '=', 'A')
            .where('e.lessons_left', '>', 0)
            .whereRef('e.created_at', '<=', 's.starts_at')
            .whereRef('e.valid_until', '>=', 's.use_date')
            .where((w) =>
              w.not(
                w.exists(w.selectFrom('course_attendance as a').select('a.id').whereRef('a.session_id', '=', 's.id').whereRef('a.enrolment_id', '=', 'e.id')),
              ),
            ),
        )
        .onConflict((oc) => oc.columns(['session_id', 'enrolment_id']).doNothing())
        .executeTakeFirst();
      const done = await trx.updateTable('course_session').set({ state: 'D' }).where('state', '=', 'A').where('ends_at', '<=', nowIso).executeTakeFirst();
      const expired = await trx
        .updateTable('course_enrolment')
        .set({ state: 'E' })
        .where('state', '=', 'A')
        .where('valid_until', '<', today)
        .executeTakeFirst();
      const finished = await trx
        .updateTable('course_class')
        .set({ state: 'F' })
        .where('state', '=', 'A')
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('course_session as s').select('s.id').whereRef('s.class_id', '=', 'course_class.id').where('s.state', '=', 'A'))),
        )
        .executeTakeFirst();
      return {
        absent: Number(absent.numInsertedOrUpdatedRows ?? 0),
        sessions: Number(done.numUpdatedRows),
        expired: Number(expired.numUpdatedRows),
        finished: Number(finished.numUpdatedRows),
      };
    });
  }
}
