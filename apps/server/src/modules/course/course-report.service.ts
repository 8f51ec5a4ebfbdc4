import { addChinaDays, chinaDate, chinaToIso, courseReport, fenToYuan, type QueryOut } from '@venue/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type Session } from '../../plugins/session.ts';
import { hoursOf, minutesOf } from './course-term.ts';

const R = courseReport.REPORT_MSG;
const DAY_MS = 86_400_000;
/** Percent, one decimal; 0 of nothing. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const num = (v: unknown) => Number(v ?? 0);

/** The first and last China date of a month "yyyy-MM". */
function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return [`${month}-01`, addChinaDays(next, -1)];
}

function checkRange(begin: string, end: string) {
  if (begin > end) throw refuse(R.order);
  if (Date.parse(end) - Date.parse(begin) > (courseReport.MAX_REPORT_DAYS - 1) * DAY_MS) throw refuse(R.tooLong);
}

/**
 * 课程培训's figures: coach hours for payroll, lessons sold, taken and owed by course, attendance by
 * class, and the /courseData board. Each from the recorded rows (sessions, the lesson ledger,
 * attendance) in the caller's venues.
 */
export class CourseReportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private scope(s: Session, venueId: number | undefined, column: string): RawBuilder<boolean> {
    if (venueId) {
      assertVenue(s, venueId);
      return sql<boolean>`${sql.ref(column)} = ${venueId}`;
    }
    return inUserVenues(s, column);
  }

  /** Hours per coach over China dates begin..end: class sessions done (their end passed, not cancelled), and private lessons taken. */
  private async hours(s: Session, venueId: number | undefined, begin: string, end: string) {
    const nowIso = this.clock.now().toISOString();
    const [sessions, privates, coaches] = await Promise.all([
      this.db
        .selectFrom('course_session as x')
        .innerJoin('course_class as k', 'k.id', 'x.class_id')
        .select(['x.coach_id', 'x.begin_time', 'x.end_time'])
        .where('x.tenant_id', '=', s.tenantId)
        .where(this.scope(s, venueId, 'k.venue_id'))
        .where('x.state', '!=', 'C')
        .where('x.ends_at', '<=', nowIso)
        .where('x.use_date', '>=', begin)
        .where('x.use_date', '<=', end)
        .execute(),
      this.db
        .selectFrom('course_lesson_ledger as g')
        .innerJoin('course_enrolment as e', 'e.id', 'g.enrolment_id')
        .innerJoin('course as c', 'c.id', 'e.course_id')
        .select(['g.coach_id', 'c.lesson_minutes'])
        .where('g.tenant_id', '=', s.tenantId)
        .where(this.scope(s, venueId, 'e.venue_id'))
        .where('g.kind', '=', 'TAKE')
        .where('g.coach_id', 'is not', null)
        .where('g.created_at', '>=', chinaToIso(begin))
        .where('g.created_at', '<=', chinaToIso(end, true))
        .execute(),
      this.db
        .selectFrom('course_coach as t')
        .select(['t.id', 't.name', 't.kind', 't.hourly_rate_fen'])
        .where('t.tenant_id', '=', s.tenantId)
        .where(this.scope(s, venueId, 't.venue_id'))
        .orderBy('t.id')
        .execute(),
    ]);
    return coaches.map((t) => {
      const mine = sessions.filter((x) => x.coach_id === t.id);
      const sessionMinutes = mine.reduce((sum, x) => sum + minutesOf(x.end_time) - minutesOf(x.begin_time), 0);
      const lessons = privates.filter((p) => p.coach_id === t.id);
      const privateMinutes = lessons.reduce((sum, p) => sum + p.lesson_minutes, 0);
      const minutes = sessionMinutes + privateMinutes;
      return {
        coachId: t.id,
        coachName: t.name,
        kind: t.kind,
        sessions: mine.length,
        sessionHours: hoursOf(sessionMinutes),
        privateLessons: lessons.length,
        privateHours: hoursOf(privateMinutes),
        hours: hoursOf(minutes),
        hourlyRate: fenToYuan(t.hourly_rate_fen),
        // Pay by the minutes (hours × rate, whole fen): no rounding of the hours first.
        payFen: Math.round((minutes * t.hourly_rate_fen) / 60),
      };
    });
  }

  async coachHours(s: Session, q: QueryOut<typeof courseReport.coachHours>) {
    const [begin, end] = monthRange(q.month);
    const rows = (await this.hours(s, q.venueId, begin, end)).filter((r) => r.sessions + r.privateLessons > 0);
    return {
      month: q.month,
      rows: rows.map(({ payFen, ...r }) => ({ ...r, pay: fenToYuan(payFen) })),
      totalHours: hoursOf(rows.reduce((sum, r) => sum + Math.round(r.hours * 60), 0)),
      totalPay: fenToYuan(rows.reduce((sum, r) => sum + r.payFen, 0)),
    };
  }

  async lessons(s: Session, q: QueryOut<typeof courseReport.lessons>) {
    checkRange(q.beginDate, q.endDate);
    const [beginIso, endIso] = [chinaToIso(q.beginDate), chinaToIso(q.endDate, true)];
    const [courses, moves, owed] = await Promise.all([
      this.db
        .selectFrom('course as c')
        .innerJoin('sport_item as i', 'i.id', 'c.item_id')
        .select(['c.id', 'c.name', 'c.category', 'i.name as item_name'])
        .where('c.tenant_id', '=', s.tenantId)
        .where(this.scope(s, q.venueId, 'c.venue_id'))
        .orderBy('c.id')
        .execute(),
      this.db
        .selectFrom('course_lesson_ledger as g')
        .innerJoin('course_enrolment as e', 'e.id', 'g.enrolment_id')
        .leftJoin('course_order_line as l', (j) => j.onRef('l.order_id', '=', 'g.order_id').onRef('l.course_id', '=', 'e.course_id'))
        .select(['e.course_id', 'g.kind'])
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('g.lessons').as('lessons'), eb.fn.sum<number>('l.paid_fen').as('paid')])
        .where('g.tenant_id', '=', s.tenantId)
        .where(this.scope(s, q.venueId, 'e.venue_id'))
        .where('g.kind', 'in', ['BUY', 'TAKE', 'REFUND'])
        .where('g.created_at', '>=', beginIso)
        .where('g.created_at', '<=', endIso)
        .groupBy(['e.course_id', 'g.kind'])
        .execute(),
      this.db
        .selectFrom('course_enrolment as e')
        .innerJoin('course_order_line as l', 'l.enrolment_id', 'e.id')
        .select(['e.course_id', 'e.lessons_left', 'l.paid_fen', 'l.quantity'])
        .where('e.tenant_id', '=', s.tenantId)
        .where(this.scope(s, q.venueId, 'e.venue_id'))
        .where('e.state', '=', 'A')
        .where('e.lessons_left', '>', 0)
        .execute(),
    ]);
    const of = (courseId: number, kind: string) => moves.find((m) => m.course_id === courseId && m.kind === kind);
    const rows = courses
      .map((c) => {
        const mine = owed.filter((o) => o.course_id === c.id);
        return {
          courseId: c.id,
          courseName: c.name,
          category: c.category,
          itemName: c.item_name,
          enrolments: num(of(c.id, 'BUY')?.n),
          sold: num(of(c.id, 'BUY')?.lessons),
          soldFen: num(of(c.id, 'BUY')?.paid),
          taken: -num(of(c.id, 'TAKE')?.lessons),
          refunded: -num(of(c.id, 'REFUND')?.lessons),
          outstanding: mine.reduce((sum, o) => sum + o.lessons_left, 0),
          // What the lessons owed were paid: each enrolment's paid share × left ÷ bought (whole fen, as a refund reckons it).
          owedFen: mine.reduce((sum, o) => sum + Math.floor((o.paid_fen * o.lessons_left) / o.quantity), 0),
        };
      })
      .filter((r) => r.enrolments + r.taken + r.refunded + r.outstanding > 0);
    const total = (k: 'enrolments' | 'sold' | 'soldFen' | 'taken' | 'refunded' | 'outstanding' | 'owedFen') => rows.reduce((sum, r) => sum + r[k], 0);
    const shown = ({ soldFen, owedFen, ...r }: (typeof rows)[number]) => ({ ...r, soldAmount: fenToYuan(soldFen), outstandingAmount: fenToYuan(owedFen) });
    return {
      rows: rows.map(shown),
      total: {
        enrolments: total('enrolments'),
        sold: total('sold'),
        soldAmount: fenToYuan(total('soldFen')),
        taken: total('taken'),
        refunded: total('refunded'),
        outstanding: total('outstanding'),
        outstandingAmount: fenToYuan(total('owedFen')),
      },
    };
  }

  async attendance(s: Session, q: QueryOut<typeof courseReport.attendance>) {
    checkRange(q.beginDate, q.endDate);
    let classes = this.db
      .selectFrom('course_class as k')
      .innerJoin('course as c', 'c.id', 'k.course_id')
      .innerJoin('course_coach as t', 't.id', 'k.coach_id')
      .select(['k.id', 'k.name', 'c.name as course_name', 't.name as coach_name'])
      .where('k.tenant_id', '=', s.tenantId)
      .where(this.scope(s, q.venueId, 'k.venue_id'));
    if (q.courseId) classes = classes.where('k.course_id', '=', q.courseId);
    const [rows, marks] = await Promise.all([
      classes.orderBy('k.id').execute(),
      this.db
        .selectFrom('course_session as x')
        .innerJoin('course_class as k', 'k.id', 'x.class_id')
        .leftJoin('course_attendance as a', 'a.session_id', 'x.id')
        .select(['x.class_id', 'a.state'])
        .select((eb) => eb.fn.count<number>('a.id').as('n'))
        .where('x.tenant_id', '=', s.tenantId)
        .where(this.scope(s, q.venueId, 'k.venue_id'))
        .where('x.state', '=', 'D')
        .where('x.use_date', '>=', q.beginDate)
        .where('x.use_date', '<=', q.endDate)
        .groupBy(['x.class_id', 'a.state'])
        .execute(),
    ]);
    const sessionsOf = await this.db
      .selectFrom('course_session as x')
      .innerJoin('course_class as k', 'k.id', 'x.class_id')
      .select(['x.class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('x.tenant_id', '=', s.tenantId)
      .where(this.scope(s, q.venueId, 'k.venue_id'))
      .where('x.state', '=', 'D')
      .where('x.use_date', '>=', q.beginDate)
      .where('x.use_date', '<=', q.endDate)
      .groupBy('x.class_id')
      .execute();
    const count = (classId: number, state: string) => num(marks.find((m) => m.class_id === classId && m.state === state)?.n);
    return {
      rows: rows
        .map((k) => {
          const [signed, leave, absent, makeUp] = [count(k.id, 'S'), count(k.id, 'L'), count(k.id, 'A'), count(k.id, 'M')];
          const expected = signed + leave + absent;
          return {
            classId: k.id,
            className: k.name,
            courseName: k.course_name,
            coachName: k.coach_name,
            sessions: num(sessionsOf.find((x) => x.class_id === k.id)?.n),
            expected,
            signed,
            leave,
            absent,
            makeUp,
            rate: rate(signed, expected),
          };
        })
        .filter((r) => r.sessions > 0),
    };
  }

  /** The /courseData board: today's sessions, attendance today and this month, coach hours, lessons sold and taken, enrolments by course. */
  async board(s: Session, q: { venueId?: number }) {
    const venueId = q.venueId ?? (s.kind === 'anonymous' ? s.venueId : undefined);
    const now = this.clock.now();
    const today = chinaDate(now);
    const month = today.slice(0, 7);
    const [monthBegin, monthEnd] = monthRange(month);
    const nowIso = now.toISOString();
    const classScope = this.scope(s, venueId, 'k.venue_id');
    const [sessions, enrolledBy, todayMarks, monthMarks, hours, ledger, owed, byCourse] = await Promise.all([
      this.db
        .selectFrom('course_session as x')
        .innerJoin('course_class as k', 'k.id', 'x.class_id')
        .innerJoin('course as c', 'c.id', 'k.course_id')
        .innerJoin('course_coach as t', 't.id', 'x.coach_id')
        .innerJoin('booking_field as f', 'f.id', 'x.field_id')
        .select([
          'x.id',
          'x.class_id',
          'x.begin_time',
          'x.end_time',
          'x.state',
          'x.starts_at',
          'k.name as class_name',
          'c.name as course_name',
          't.name as coach_name',
          'f.name as field_name',
        ])
        .where('x.tenant_id', '=', s.tenantId)
        .where(classScope)
        .where('x.use_date', '=', today)
        .where('x.state', '!=', 'C')
        .orderBy('x.begin_time')
        .orderBy('x.id')
        .execute(),
      this.db
        .selectFrom('course_enrolment as e')
        .innerJoin('course_class as k', 'k.id', 'e.class_id')
        .select(['e.class_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('e.tenant_id', '=', s.tenantId)
        .where(classScope)
        .where('e.state', '=', 'A')
        .groupBy('e.class_id')
        .execute(),
      this.db
        .selectFrom('course_attendance as a')
        .innerJoin('course_session as x', 'x.id', 'a.session_id')
        .innerJoin('course_class as k', 'k.id', 'x.class_id')
        .select(['a.session_id', 'a.state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('a.tenant_id', '=', s.tenantId)
        .where(classScope)
        .where('x.use_date', '=', today)
        .groupBy(['a.session_id', 'a.state'])
        .execute(),
      this.db
        .selectFrom('course_attendance as a')
        .innerJoin('course_session as x', 'x.id', 'a.session_id')
        .innerJoin('course_class as k', 'k.id', 'x.class_id')
        .select(['a.state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('a.tenant_id', '=', s.tenantId)
        .where(classScope)
        .where('x.state', '=', 'D')
        .where('x.use_date', '>=', monthBegin)
        .where('x.use_date', '<=', monthEnd)
        .groupBy('a.state')
        .execute(),
      this.hours(s, venueId, monthBegin, monthEnd),
      this.db
        .selectFrom('course_lesson_ledger as g')
        .innerJoin('course_enrolment as e', 'e.id', 'g.enrolment_id')
        .select(['g.kind', (eb) => eb.fn.sum<number>('g.lessons').as('lessons')])
        .where('g.tenant_id', '=', s.tenantId)
        .where(this.scope(s, venueId, 'e.venue_id'))
        .where('g.kind', 'in', ['BUY', 'TAKE'])
        .where('g.created_at', '>=', chinaToIso(monthBegin))
        .where('g.created_at', '<=', chinaToIso(monthEnd, true))
        .groupBy('g.kind')
        .execute(),
      this.db
        .selectFrom('course_enrolment as e')
        .select((eb) => eb.fn.sum<number>('e.lessons_left').as('n'))
        .where('e.tenant_id', '=', s.tenantId)
        .where(this.scope(s, venueId, 'e.venue_id'))
        .where('e.state', '=', 'A')
        .executeTakeFirst(),
      this.db
        .selectFrom('course_enrolment as e')
        .innerJoin('course as c', 'c.id', 'e.course_id')
        .select(['c.name', (eb) => eb.fn.countAll<number>().as('n')])
        .where('e.tenant_id', '=', s.tenantId)
        .where(this.scope(s, venueId, 'e.venue_id'))
        .where('e.state', '=', 'A')
        .groupBy(['c.id', 'c.name'])
        .execute(),
    ]);
    const markOf = (sessionId: number, state: string) => num(todayMarks.find((m) => m.session_id === sessionId && m.state === state)?.n);
    const enrolledOf = (classId: number) => num(enrolledBy.find((e) => e.class_id === classId)?.n);
    const begun = sessions.filter((x) => x.starts_at <= nowIso);
    const todaySigned = begun.reduce((sum, x) => sum + markOf(x.id, 'S'), 0);
    const todayExpected = begun.reduce((sum, x) => sum + Math.max(0, enrolledOf(x.class_id) - markOf(x.id, 'L')), 0);
    const monthOf = (state: string) => num(monthMarks.find((m) => m.state === state)?.n);
    return {
      date: today,
      month,
      sessions: sessions.map((x) => ({
        sessionId: x.id,
        beginTime: x.begin_time,
        endTime: x.end_time,
        className: x.class_name,
        courseName: x.course_name,
        coachName: x.coach_name,
        fieldName: x.field_name,
        state: x.state,
        signed: markOf(x.id, 'S') + markOf(x.id, 'M'),
        enrolled: enrolledOf(x.class_id),
      })),
      attendanceToday: rate(todaySigned, todayExpected),
      attendanceMonth: rate(monthOf('S'), monthOf('S') + monthOf('L') + monthOf('A')),
      coachHours: hours
        .filter((h) => h.hours > 0)
        .sort((a, b) => b.hours - a.hours)
        .map((h) => ({ coachName: h.coachName, hours: h.hours })),
      lessonsSold: num(ledger.find((l) => l.kind === 'BUY')?.lessons),
      lessonsTaken: -num(ledger.find((l) => l.kind === 'TAKE')?.lessons),
      lessonsOutstanding: num(owed?.n),
      byCourse: byCourse.map((c) => ({ courseName: c.name, enrolments: num(c.n) })).sort((a, b) => b.enrolments - a.enrolments),
    };
  }
}
