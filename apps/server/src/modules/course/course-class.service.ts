import { chinaDate, courseAdmin, type BodyOut, type CourseClass, type QueryOut } from '@venue/contract';
import type { Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { BookingOccupancy, OccupancyField, OccupiedSpan } from '../booking/index.ts';
import type { CourseAdminRepository, NewSession } from './course-admin.repository.ts';
import type { CourseSeats } from './course-seats.ts';
import { instantOf, overlaps, termDates } from './course-term.ts';
import { toClass, toSession } from './course.mapper.ts';
import type { CourseRepository } from './course.repository.ts';

const M = courseAdmin.COURSE_ADMIN_MSG;
type ClassBody = BodyOut<typeof courseAdmin.classAdd>;

/**
 * 班级管理: a group course's classes, each a term of weekly sessions generated from its start date,
 * weekdays and times (closure days skipped), every session occupying its field through the booking
 * module's occupancy (an L order of the class). Neither a coach nor a field is double-scheduled: the
 * coach's row is locked and its sessions checked in the class's transaction, the field's cells are held
 * by the booking lines' unique key; a conflict is refused naming it.
 */
export class CourseClassService {
  constructor(
    private readonly admin: CourseAdminRepository,
    private readonly repo: CourseRepository,
    private readonly occupancy: BookingOccupancy,
    private readonly seats: CourseSeats,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async classes(s: UserSession, q: QueryOut<typeof courseAdmin.classQuery> & { ids?: number[] }): Promise<CourseClass[]> {
    if (q.venueId) assertVenue(s, q.venueId);
    return (await this.admin.classes(s.tenantId, { visible: inUserVenues(s, 'k.venue_id'), ...q })).map(toClass);
  }

  async classOf(s: UserSession, classId: number) {
    const [found] = await this.classes(s, { ids: [classId] });
    if (!found) throw notFound(M.classNotFound);
    return found;
  }

  /** Creates a class and its term: the sessions, their field's occupancy, the conflict checks; all or nothing. */
  async add(s: UserSession, b: ClassBody) {
    // Every read at once (PostgreSQL: on as many connections).
    const [course, coach, field, nameTaken, teaches] = await Promise.all([
      this.admin.course(s.tenantId, b.courseId),
      this.admin.coach(s.tenantId, b.coachId),
      this.occupancy.field(s.tenantId, b.fieldId),
      this.admin.classNameTaken(s.tenantId, b.courseId, b.className, null),
      this.admin.coachTeaches(s.tenantId, b.courseId, b.coachId),
    ]);
    if (!course) throw notFound(M.courseNotFound);
    assertVenue(s, course.venue_id);
    if (course.state !== 'A') throw refuse(M.courseStopped(course.name));
    if (course.category !== 'G') throw refuse(M.privateNoClass);
    if (b.beginTime >= b.endTime) throw refuse(M.timeOrder);
    if (!coach) throw notFound(M.coachNotFound);
    if (coach.state !== 'A') throw refuse(M.coachStopped(coach.name));
    if (!teaches) throw refuse(M.coachNotOfCourse(coach.name, course.name));
    if (!field) throw notFound(M.fieldNotFound);
    if (field.venue_id !== course.venue_id) throw refuse(M.fieldNotOfVenue);
    if (field.state !== 'A') throw refuse(M.fieldStopped(field.name));
    const today = chinaDate(this.clock.now());
    if (b.startDate < today) throw refuse(M.startPast);
    if (nameTaken) throw alreadyExists(M.className);

    const weekdays = [...new Set(b.weekdays)].sort();
    const dates = termDates(b.startDate, b.weeks, weekdays);
    const nowMs = this.clock.now().getTime();
    // The closures and the field's cells of every date of the term at once; the dates skipped are left out of the plan after.
    const [closed, planned] = await Promise.all([
      this.occupancy.closedDays(s.tenantId, course.venue_id, field.item_id, dates),
      this.occupancy.plan(
        s.tenantId,
        field,
        dates.map((date) => ({ date, begin: b.beginTime, end: b.endTime })),
      ),
    ]);
    const skipped: { date: string; reason: string }[] = [];
    const spans: OccupiedSpan[] = [];
    for (const date of dates) {
      const reason = closed.get(date) ?? (instantOf(date, b.beginTime).getTime() <= nowMs ? '已过上课时间' : null);
      if (reason) skipped.push({ date, reason });
      else spans.push({ date, begin: b.beginTime, end: b.endTime });
    }
    if (!spans.length) throw refuse(M.noSessions);
    const kept = new Set(spans.map((x) => x.date));
    const plan = { cells: planned.cells.filter((c) => kept.has(c.date)), conflicts: planned.conflicts.filter((c) => kept.has(c.date)) };

    const nowIso = this.clock.now().toISOString();
    let classId: number;
    try {
      classId = await this.admin.transaction(async (trx) => {
        // The coach's sessions, then the field's, read under the coach's lock: a class scheduled at once by another desk is seen.
        await this.admin.lockCoach(trx, s.tenantId, coach.id);
        const spanDates = spans.map((x) => x.date);
        const busy = (await this.admin.busy(trx, s.tenantId, { coachId: coach.id, fieldId: field.id }, spanDates)).filter((x) =>
          overlaps(x, b.beginTime, b.endTime),
        );
        const busyCoach = busy.find((x) => x.coach_id === coach.id);
        if (busyCoach) throw refuse(M.coachBusy(coach.name, busyCoach.use_date, busyCoach.begin_time, busyCoach.end_time, busyCoach.class_name));
        const busyField = busy.find((x) => x.field_id === field.id);
        if (busyField) throw refuse(M.fieldBusy(field.name, busyField.use_date, busyField.begin_time, busyField.end_time, busyField.class_name));
        if (plan.conflicts.length) throw this.occupancy.refusal(plan.conflicts);
        const id = await this.admin.insertClass(trx, {
          tenant_id: s.tenantId,
          venue_id: course.venue_id,
          course_id: course.id,
          name: b.className,
          coach_id: coach.id,
          field_id: field.id,
          capacity: b.capacity,
          start_date: b.startDate,
          weeks: b.weeks,
          weekdays: weekdays.join(','),
          begin_time: b.beginTime,
          end_time: b.endTime,
          state: 'A',
          occupancy_order_id: null,
          created_by: s.userId,
          created_at: nowIso,
        });
        const orderId = await this.occupancy.write(trx, s, field, plan.cells, `课程「${course.name}」${b.className}`);
        await trx.updateTable('course_class').set({ occupancy_order_id: orderId }).where('id', '=', id).execute();
        const sessions: NewSession[] = spans.map((x) => ({
          tenant_id: s.tenantId,
          class_id: id,
          coach_id: coach.id,
          field_id: field.id,
          use_date: x.date,
          begin_time: x.begin,
          end_time: x.end,
          starts_at: instantOf(x.date, x.begin).toISOString(),
          ends_at: instantOf(x.date, x.end).toISOString(),
          state: 'A',
        }));
        await this.admin.insertSessions(trx, sessions);
        await this.audit.record(trx, s, {
          action: 'courseClass.add',
          target: `班级 ${b.className}`,
          venueId: course.venue_id,
          after: { ...b, sessions: sessions.length, skipped: skipped.length, occupancyOrderId: orderId },
        });
        return id;
      });
    } catch (error) {
      throw (await this.occupancy.explain(error, s.tenantId, field as OccupancyField, spans)) ?? error;
    }
    return { ...(await this.classOf(s, classId)), skipped };
  }

  /** Renames a class or changes its capacity (never below its seats taken); new seats go to the waiting list. */
  async edit(s: UserSession, b: BodyOut<typeof courseAdmin.classEdit>) {
    const before = await this.classOf(s, b.classId);
    if (await this.admin.classNameTaken(s.tenantId, before.courseId, b.className, before.classId)) throw alreadyExists(M.className);
    await this.admin.transaction(async (trx) => {
      await this.admin.lockClass(trx, s.tenantId, before.classId);
      const seated = await this.admin.seated(s.tenantId, before.classId, trx);
      if (b.capacity < seated) throw refuse(M.capacityBelow(seated));
      await trx
        .updateTable('course_class')
        .set({ name: b.className, capacity: b.capacity })
        .where('tenant_id', '=', s.tenantId)
        .where('id', '=', before.classId)
        .execute();
      await this.audit.record(trx, s, {
        action: 'courseClass.edit',
        target: `班级 ${b.className}`,
        venueId: before.venueId,
        before: { className: before.className, capacity: before.capacity },
        after: { className: b.className, capacity: b.capacity },
      });
      await this.seats.promote(trx, s, before.classId);
    });
    return this.classOf(s, before.classId);
  }

  /** Cancels a class with no student seated: its sessions not started are cancelled and their cells freed. */
  async cancel(s: UserSession, classId: number) {
    const before = await this.classOf(s, classId);
    if (before.state !== 'A') throw refuse(M.classClosed);
    const nowIso = this.clock.now().toISOString();
    await this.admin.transaction(async (trx) => {
      await this.admin.lockClass(trx, s.tenantId, classId);
      if ((await this.admin.seated(s.tenantId, classId, trx)) > 0) throw refuse(M.classHasStudents);
      const future = await this.admin.futureSessions(trx, s.tenantId, classId, nowIso);
      for (const x of future) await this.admin.cancelSession(trx, s.tenantId, x.id, '班级取消', nowIso);
      if (before.occupancyOrderId)
        await this.occupancy.release(
          trx,
          s.tenantId,
          before.occupancyOrderId,
          future.map((x) => ({ date: x.use_date, begin: x.begin_time, end: x.end_time })),
        );
      await trx.updateTable('course_class').set({ state: 'C' }).where('tenant_id', '=', s.tenantId).where('id', '=', classId).execute();
      // The waiting list has no seat to wait for.
      await trx
        .updateTable('course_enrolment')
        .set({ state: 'C' })
        .where('tenant_id', '=', s.tenantId)
        .where('class_id', '=', classId)
        .where('state', '=', 'W')
        .execute();
      await this.audit.record(trx, s, {
        action: 'courseClass.cancel',
        target: `班级 ${before.className}`,
        venueId: before.venueId,
        after: { sessions: future.length },
      });
    });
    return this.classOf(s, classId);
  }

  async sessions(s: UserSession, q: QueryOut<typeof courseAdmin.sessionQuery>) {
    if (q.venueId) assertVenue(s, q.venueId);
    if (q.beginDate && q.endDate && q.beginDate > q.endDate) throw refuse(M.rangeOrder);
    if (q.beginDate && q.endDate && Date.parse(q.endDate) - Date.parse(q.beginDate) > 92 * 86_400_000) throw refuse(M.rangeTooLong);
    const rows = await this.admin.sessions(s.tenantId, {
      visible: inUserVenues(s, 'k.venue_id'),
      ...q,
      liveOnly: q.liveOnly === 'true',
      // A staff coach's own screen: the sessions of the coaches this user is (none: an empty list).
      userId: q.mine === 'true' ? s.userId : undefined,
    });
    return rows.map(toSession);
  }

  /** Cancels one session not started: its cells are freed; nobody's lesson is taken. */
  async cancelSession(s: UserSession, sessionId: number, reason: string) {
    const session = await this.admin.session(s.tenantId, sessionId);
    if (!session) throw notFound(M.sessionNotFound);
    assertVenue(s, session.venue_id);
    if (session.state === 'C') throw refuse(M.sessionCancelled);
    const nowIso = this.clock.now().toISOString();
    await this.admin.transaction(async (trx) => {
      if (!(await this.admin.cancelSession(trx, s.tenantId, session.id, reason, nowIso))) throw refuse(M.sessionStarted);
      if (session.occupancy_order_id)
        await this.occupancy.release(trx, s.tenantId, session.occupancy_order_id, [
          { date: session.use_date, begin: session.begin_time, end: session.end_time },
        ]);
      await this.audit.record(trx, s, {
        action: 'courseSession.cancel',
        target: `课节 ${session.class_name} ${session.use_date} ${session.begin_time}`,
        venueId: session.venue_id,
        after: { reason },
      });
    });
    const [row] = await this.admin.sessions(s.tenantId, { visible: inUserVenues(s, 'k.venue_id'), ids: [session.id] });
    return toSession(row);
  }

  /** The attendance grid of a class: its sessions × its students (those who ever held a seat), each mark. */
  async attendance(s: UserSession, classId: number) {
    const klass = await this.classOf(s, classId);
    const sessions = await this.admin.sessions(s.tenantId, { visible: inUserVenues(s, 'k.venue_id'), classId: klass.classId, liveOnly: true });
    const students = await this.repo.studentsOf(s.tenantId, [klass.classId], ['A', 'T', 'R', 'E']);
    const marks = await this.repo.attendanceOf(
      s.tenantId,
      sessions.map((x) => x.id),
    );
    return {
      classId: klass.classId,
      sessions: sessions.map((x) => ({ sessionId: x.id, useDate: x.use_date, beginTime: x.begin_time, state: x.state })),
      students: students.map((e) => ({
        enrolmentId: e.id,
        studentName: e.student_name,
        state: e.state,
        lessonsLeft: e.lessons_left,
        marks: Object.fromEntries(sessions.map((x) => [String(x.id), marks.find((m) => m.session_id === x.id && m.enrolment_id === e.id)?.state ?? null])),
      })),
    };
  }
}
