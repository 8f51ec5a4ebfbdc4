import { chinaToIso, course as contract, type LedgerRow, type QueryOut } from '@venue/contract';
import { refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import { timeText } from './course.mapper.ts';
import type { CourseRepository } from './course.repository.ts';

/** 课时流水: every move of every enrolment's lessons (bought, taken, moved, refunded), newest first. */
export class CourseLedgerService {
  constructor(private readonly repo: CourseRepository) {}

  async page(s: UserSession, q: QueryOut<typeof contract.ledgerQuery>) {
    if (q.venueId) assertVenue(s, q.venueId);
    if (q.beginDate && q.endDate && q.beginDate > q.endDate) throw refuse('开始日期不能晚于结束日期');
    const { total, records } = await this.repo.ledgerPage(
      s.tenantId,
      {
        visible: inUserVenues(s, 'e.venue_id'),
        venueId: q.venueId,
        enrolmentId: q.enrolmentId,
        courseId: q.courseId,
        kind: q.kind,
        beginIso: q.beginDate ? chinaToIso(q.beginDate) : undefined,
        endIso: q.endDate ? chinaToIso(q.endDate, true) : undefined,
        keyword: q.keyword,
      },
      pageWindow(q),
    );
    return {
      total,
      records: records.map((r): LedgerRow => ({
        ledgerId: r.id,
        enrolmentId: r.enrolment_id,
        venueId: r.venue_id,
        courseName: r.course_name,
        className: r.class_name,
        studentName: r.student_name,
        memberName: r.member_name,
        kind: r.kind,
        lessons: r.lessons,
        balanceAfter: r.balance_after,
        sessionId: r.session_id,
        sessionText: r.use_date ? `${r.use_date} ${r.begin_time}-${r.end_time}` : null,
        orderId: r.order_id,
        coachName: r.coach_name,
        createName: r.create_name,
        remark: r.remark,
        createTime: timeText(r.created_at),
      })),
    };
  }
}
