import { chinaDate, Code, course as contract, courseAdmin, fenToYuan, type BodyOut, type Enrolment, type QueryOut } from '@venue/contract';
import { BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { CourseAdminRepository } from './course-admin.repository.ts';
import { unusedRefundFen, type CourseKind } from './course-payable.ts';
import { newEnrolmentCode, type CourseSeats } from './course-seats.ts';
import { ageOn } from './course-term.ts';
import { timeText } from './course.mapper.ts';
import type { CourseRepository, ShownEnrolment } from './course.repository.ts';

const M = contract.COURSE_MSG;
const A = courseAdmin.COURSE_ADMIN_MSG;
const stateName = (state: string) => contract.ENROLMENT_STATE_LABELS[state as contract.EnrolmentState] ?? state;

export const toEnrolment = (r: ShownEnrolment): Enrolment => ({
  enrolmentId: r.id,
  code: r.code,
  venueId: r.venue_id,
  venueName: r.venue_name,
  courseId: r.course_id,
  courseName: r.course_name,
  category: r.category,
  itemId: r.item_id,
  classId: r.class_id,
  className: r.class_name,
  memberId: r.member_id,
  memberName: r.member_name,
  phone: r.phone,
  familyId: r.family_id,
  studentName: r.student_name,
  studentBirthday: r.student_birthday,
  orderId: r.order_id,
  payState: r.pay_state,
  price: fenToYuan(r.price_fen),
  paid: fenToYuan(r.paid_fen ?? 0),
  lessonsTotal: r.lessons_total,
  lessonsLeft: r.lessons_left,
  validUntil: r.valid_until,
  state: r.state,
  waitingNo: r.state === 'W' ? Number(r.waiting_no ?? 0) : null,
  fromEnrolmentId: r.from_enrolment_id,
  remark: r.remark,
  createName: r.username,
  createTime: timeText(r.created_at),
});

/**
 * 报名管理: enrolments of members and their family members, the waiting list, cancelling unpaid ones,
 * transfers between classes of a course, leave before a session, make-up in another class's session,
 * and refunds of unused lessons (through the checkout's refund of the course order).
 */
export class CourseEnrolService {
  constructor(
    private readonly repo: CourseRepository,
    private readonly admin: CourseAdminRepository,
    private readonly seats: CourseSeats,
    private readonly deps: {
      kind: CourseKind;
      checkout: CheckoutServices;
      audit: AuditService;
      sign: (s: UserSession, sessionId: number, enrolmentIds: number[], makeUp: boolean) => Promise<unknown>;
    },
    private readonly clock: Clock,
  ) {}

  private today() {
    return chinaDate(this.clock.now());
  }

  async shown(tenantId: number, id: number) {
    const [row] = await this.repo.enrolmentsById(tenantId, [id]);
    if (!row) throw notFound(M.enrolmentNotFound);
    return toEnrolment(row);
  }

  /** The tenant's enrolment in one of the caller's venues. */
  async ofUser(s: UserSession, id: number) {
    const e = await this.repo.enrolment(s.tenantId, id);
    if (!e) throw notFound(M.enrolmentNotFound);
    assertVenue(s, e.venue_id);
    return e;
  }

  async page(s: UserSession, q: QueryOut<typeof contract.enrolmentQuery>) {
    if (q.venueId) assertVenue(s, q.venueId);
    const { total, records } = await this.repo.enrolmentPage(s.tenantId, { visible: inUserVenues(s, 'e.venue_id'), ...q }, pageWindow(q));
    return { total, records: records.map(toEnrolment) };
  }

  /** An enrolment by its QR code or its number. */
  async get(s: UserSession, code: string) {
    const byCode = await this.repo.enrolmentOfCode(s.tenantId, code);
    const id = byCode?.id ?? (/^\d{1,9}$/.test(code) ? Number(code) : 0);
    const e = id ? await this.repo.enrolment(s.tenantId, id) : undefined;
    if (!e) throw new BizError(Code.NO_DATA, M.notFound);
    assertVenue(s, e.venue_id);
    return this.shown(s.tenantId, e.id);
  }

  async enrol(s: UserSession, b: BodyOut<typeof contract.enrol>): Promise<Enrolment> {
    const course = await this.admin.course(s.tenantId, b.courseId);
    if (!course) throw notFound(A.courseNotFound);
    assertVenue(s, course.venue_id);
    if (course.state !== 'A') throw refuse(A.courseStopped(course.name));
    const classId = course.category === 'G' ? (b.classId ?? null) : null;
    if (course.category === 'G' && !classId) throw refuse(M.classRequired);
    if (course.category === 'P' && b.classId) throw refuse(A.privateNoClass);
    if (classId) {
      const klass = await this.admin.klass(s.tenantId, classId);
      if (!klass) throw notFound(A.classNotFound);
      if (klass.course_id !== course.id) throw refuse(M.classNotOfCourse);
      if (klass.state !== 'A') throw refuse(M.classClosed);
    }
    const member = await this.repo.member(s.tenantId, b.memberId);
    if (!member) throw notFound(M.memberNotFound);
    const family = b.familyId ? await this.repo.family(s.tenantId, member.id, b.familyId) : undefined;
    if (b.familyId && !family) throw refuse(M.familyNotFound);
    const studentName = family?.name ?? member.name;
    const birthday = b.studentBirthday ?? (family ? null : member.birthday);
    if (birthday && (course.age_min !== null || course.age_max !== null)) {
      const age = ageOn(birthday.slice(0, 10), this.today());
      if (course.age_min !== null && age < course.age_min) throw refuse(M.tooYoung(studentName, age, course.age_min));
      if (course.age_max !== null && age > course.age_max) throw refuse(M.tooOld(studentName, age, course.age_max));
    }
    if (classId && (await this.repo.sameStudent(s.tenantId, classId, member.id, family?.id ?? null))) throw refuse(M.already(studentName));
    const id = await this.repo.transaction(async (trx) => {
      // The class's seats are counted and taken one writer at a time.
      const klass = classId ? await this.admin.lockClass(trx, s.tenantId, classId) : undefined;
      const full = !!klass && (await this.admin.seated(s.tenantId, klass.id, trx)) >= klass.capacity;
      const enrolmentId = await this.repo.insertEnrolment(trx, {
        tenant_id: s.tenantId,
        venue_id: course.venue_id,
        course_id: course.id,
        class_id: classId,
        member_id: member.id,
        family_id: family?.id ?? null,
        student_name: studentName,
        student_birthday: birthday ? birthday.slice(0, 10) : null,
        code: newEnrolmentCode(),
        order_id: null,
        lessons_total: course.lessons,
        lessons_left: 0,
        valid_until: null,
        state: full ? 'W' : 'P',
        from_enrolment_id: null,
        remark: b.remark ?? '',
        created_by: s.userId,
        username: s.username,
        created_at: this.clock.now().toISOString(),
      });
      if (!full) await this.seats.order(trx, s, course, member.id, enrolmentId, studentName);
      return enrolmentId;
    });
    return this.shown(s.tenantId, id);
  }

  /** Cancels an unpaid enrolment (its order closed) or a waiting one; the seat goes to the waiting list. */
  async cancel(s: UserSession, id: number): Promise<Enrolment> {
    const e = await this.ofUser(s, id);
    if (e.state === 'A') throw refuse(M.cancelPaid);
    if (e.state !== 'P' && e.state !== 'W') throw refuse(M.notActive(e.student_name, stateName(e.state)));
    await this.repo.transaction(async (trx) => {
      if (e.state === 'P' && e.order_id && !(await this.repo.closeOrder(trx, s.tenantId, e.order_id))) throw refuse('订单正在支付或已支付，不能取消');
      if (!(await this.repo.setState(trx, s.tenantId, e.id, [e.state], { state: 'C' }))) throw refuse(M.lessonsMoved);
      await this.deps.audit.record(trx, s, { action: 'enrolment.cancel', target: `课程报名 ${e.id}`, venueId: e.venue_id, before: { state: e.state } });
      if (e.state === 'P') await this.seats.promote(trx, s, e.class_id);
    });
    return this.shown(s.tenantId, e.id);
  }

  /** The auto-close job's part: the tenant's unpaid course orders created before the cutoff, their enrolments cancelled and seats offered. */
  async closeUnpaidBefore(tenantId: number, cutoffIso: string) {
    let closed = 0;
    for (const { id: orderId } of await this.repo.unpaidBefore(tenantId, cutoffIso)) {
      const done = await this.repo.transaction(async (trx) => {
        if (!(await this.repo.closeOrder(trx, tenantId, orderId))) return false;
        const lines = await this.repo.lines(tenantId, [orderId], trx);
        for (const l of lines) {
          const e = await this.repo.enrolment(tenantId, l.enrolment_id, trx);
          if (!e || !(await this.repo.setState(trx, tenantId, e.id, ['P'], { state: 'C' }))) continue;
          const order = await this.repo.findOrder(tenantId, orderId, trx);
          await this.seats.promote(trx, { tenantId, userId: order!.created_by, username: order!.username }, e.class_id);
        }
        return true;
      });
      if (done) closed++;
    }
    return closed;
  }

  /** Moves an active enrolment's lessons to another class of its course (T out, a new A in, both in the ledger). */
  async transfer(s: UserSession, b: BodyOut<typeof contract.transfer>) {
    const e = await this.ofUser(s, b.enrolmentId);
    if (e.state !== 'A') throw refuse(M.notActive(e.student_name, stateName(e.state)));
    if (!e.class_id) throw refuse(M.transferPrivate);
    if (e.class_id === b.classId) throw refuse(M.transferSameClass);
    const target = await this.admin.klass(s.tenantId, b.classId);
    if (!target) throw notFound(A.classNotFound);
    assertVenue(s, target.venue_id);
    if (target.course_id !== e.course_id) throw refuse(M.transferOtherCourse);
    if (target.state !== 'A') throw refuse(M.classClosed);
    if (await this.repo.sameStudent(s.tenantId, target.id, e.member_id, e.family_id)) throw refuse(M.already(e.student_name));
    const nowIso = this.clock.now().toISOString();
    const newId = await this.repo.transaction(async (trx) => {
      const locked = (await this.admin.lockClass(trx, s.tenantId, target.id))!;
      if ((await this.admin.seated(s.tenantId, target.id, trx)) >= locked.capacity) throw refuse(M.transferFull);
      const moved = await trx
        .updateTable('course_enrolment')
        .set({ state: 'T', lessons_left: 0 })
        .where('tenant_id', '=', s.tenantId)
        .where('id', '=', e.id)
        .where('state', '=', 'A')
        .where('lessons_left', '=', e.lessons_left)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw refuse(M.lessonsMoved);
      const id = await this.repo.insertEnrolment(trx, {
        tenant_id: s.tenantId,
        venue_id: e.venue_id,
        course_id: e.course_id,
        class_id: target.id,
        member_id: e.member_id,
        family_id: e.family_id,
        student_name: e.student_name,
        student_birthday: e.student_birthday,
        code: newEnrolmentCode(),
        order_id: e.order_id,
        lessons_total: e.lessons_left,
        lessons_left: e.lessons_left,
        valid_until: e.valid_until,
        state: 'A',
        from_enrolment_id: e.id,
        remark: b.remark ?? '',
        created_by: s.userId,
        username: s.username,
        created_at: nowIso,
      });
      // The order's line now sells the lessons the new enrolment holds: a refund takes them from it.
      await trx.updateTable('course_order_line').set({ enrolment_id: id }).where('tenant_id', '=', s.tenantId).where('enrolment_id', '=', e.id).execute();
      const ledger = { tenant_id: s.tenantId, session_id: null, order_id: e.order_id, coach_id: null, user_id: s.userId, created_at: nowIso };
      await this.repo.insertLedger(trx, {
        ...ledger,
        enrolment_id: e.id,
        kind: 'TRANSFER_OUT',
        lessons: -e.lessons_left,
        balance_after: 0,
        remark: `转入「${target.name}」`,
      });
      await this.repo.insertLedger(trx, {
        ...ledger,
        enrolment_id: id,
        kind: 'TRANSFER_IN',
        lessons: e.lessons_left,
        balance_after: e.lessons_left,
        remark: `由报名 ${e.id} 转入`,
      });
      await this.deps.audit.record(trx, s, {
        action: 'enrolment.transfer',
        target: `课程报名 ${e.id}`,
        venueId: e.venue_id,
        before: { classId: e.class_id },
        after: { classId: target.id, enrolmentId: id, lessons: e.lessons_left },
      });
      await this.seats.promote(trx, s, e.class_id);
      return id;
    });
    return { from: await this.shown(s.tenantId, e.id), to: await this.shown(s.tenantId, newId) };
  }

  /** 请假: an active student of the session's class, before it starts; no lesson is taken. */
  async leave(s: UserSession, b: BodyOut<typeof contract.leave>) {
    const e = await this.ofUser(s, b.enrolmentId);
    const session = await this.admin.session(s.tenantId, b.sessionId);
    if (!session) throw notFound(A.sessionNotFound);
    if (e.state !== 'A') throw refuse(M.notActive(e.student_name, stateName(e.state)));
    if (session.class_id !== e.class_id) throw refuse(M.notInSession(e.student_name));
    if (session.state === 'C') throw refuse(M.sessionCancelled);
    const nowIso = this.clock.now().toISOString();
    if (session.starts_at <= nowIso) throw refuse(M.leaveStarted);
    try {
      const attendance = {
        tenant_id: s.tenantId,
        session_id: session.id,
        enrolment_id: e.id,
        state: 'L' as const,
        ledger_id: null,
        user_id: s.userId,
        remark: b.remark ?? '',
        created_at: nowIso,
      };
      const id = await this.repo.transaction((trx) => this.repo.insertAttendance(trx, attendance));
      return {
        attendanceId: id,
        sessionId: session.id,
        enrolmentId: e.id,
        studentName: e.student_name,
        state: 'L' as const,
        lessonsLeft: e.lessons_left,
        time: timeText(nowIso),
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(M.leaveTwice(e.student_name));
      throw error;
    }
  }

  /** 补课: an active student of another class of the course signs into this session, while it has a free seat. */
  async makeUp(s: UserSession, b: BodyOut<typeof contract.makeUp>) {
    const e = await this.ofUser(s, b.enrolmentId);
    const session = await this.admin.session(s.tenantId, b.sessionId);
    if (!session) throw notFound(A.sessionNotFound);
    assertVenue(s, session.venue_id);
    if (!e.class_id || session.class_id === e.class_id) throw refuse(M.makeUpSameClass);
    if (session.course_id !== e.course_id) throw refuse(M.makeUpOtherCourse);
    await this.deps.sign(s, session.id, [e.id], true);
    const [row] = await this.repo.attendanceOf(s.tenantId, [session.id], [e.id]);
    const after = (await this.repo.enrolment(s.tenantId, e.id))!;
    return {
      attendanceId: row.id,
      sessionId: session.id,
      enrolmentId: e.id,
      studentName: e.student_name,
      state: row.state,
      lessonsLeft: after.lessons_left,
      time: timeText(row.created_at),
    };
  }

  /** Why the enrolment's unused lessons cannot be refunded now, or null; and its order line. */
  private async refundable(s: UserSession, id: number) {
    const e = await this.ofUser(s, id);
    const line = e.order_id ? (await this.repo.lines(s.tenantId, [e.order_id])).find((l) => l.enrolment_id === e.id) : undefined;
    const reason =
      e.state === 'P' || e.state === 'W'
        ? M.refundNotPaid
        : e.state === 'E'
          ? M.refundExpired
          : e.state !== 'A'
            ? M.notActive(e.student_name, stateName(e.state))
            : !line || e.lessons_left <= 0
              ? M.refundNothing
              : null;
    return { e, line, reason };
  }

  async refundPreview(s: UserSession, id: number) {
    const { e, line, reason } = await this.refundable(s, id);
    return {
      enrolmentId: e.id,
      lessonsTotal: line?.quantity ?? e.lessons_total,
      lessonsLeft: e.lessons_left,
      paid: fenToYuan(line?.paid_fen ?? 0),
      refund: reason || !line ? 0 : fenToYuan(unusedRefundFen(line.paid_fen, line.quantity, e.lessons_left)),
      refundable: !reason,
      reason,
    };
  }

  /** 退课: the unused lessons refunded through the order (原路 or another way); the enrolment becomes R. */
  async refund(s: UserSession, b: BodyOut<typeof contract.refund>) {
    const { e, line, reason } = await this.refundable(s, b.enrolmentId);
    if (reason || !line) throw refuse(reason ?? M.refundNothing);
    const done = await this.deps.checkout.refunds.refund(this.deps.kind, s, {
      orderId: line.order_id,
      lines: [{ detailId: line.id, quantity: e.lessons_left }],
      route: b.route,
      payMode: b.payMode,
      reason: b.reason || '退课',
      requestId: b.requestId,
    });
    return { enrolment: await this.shown(s.tenantId, e.id), lessons: e.lessons_left, refund: done };
  }
}
