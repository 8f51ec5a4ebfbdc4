import { courseAdmin, yuanToFen, type BodyOut, type Coach, type Course, type QueryOut } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { CourseAdminRepository } from './course-admin.repository.ts';
import { toCoach, toCourse } from './course.mapper.ts';

const M = courseAdmin.COURSE_ADMIN_MSG;
type CoachBody = BodyOut<typeof courseAdmin.coachAdd>;
type CourseBody = BodyOut<typeof courseAdmin.courseAdd>;

/** 教练管理 and 课程管理: coaches (the items they teach, their hourly rate) and courses (their coaches). */
export class CourseAdminService {
  constructor(
    private readonly repo: CourseAdminRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async coaches(s: UserSession, q: QueryOut<typeof courseAdmin.coachQuery> & { ids?: number[] }): Promise<Coach[]> {
    if (q.venueId) assertVenue(s, q.venueId);
    const rows = await this.repo.coaches(s.tenantId, { visible: inUserVenues(s, 'c.venue_id'), ...q });
    const items = await this.repo.coachItems(rows.map((r) => r.id));
    return rows.map((r) => toCoach(r, items));
  }

  private async coachOf(s: UserSession, coachId: number) {
    const [coach] = await this.coaches(s, { ids: [coachId] });
    if (!coach) throw notFound(M.coachNotFound);
    return coach;
  }

  async saveCoach(s: UserSession, id: number | null, b: CoachBody): Promise<Coach> {
    assertVenue(s, b.venueId);
    const before = id === null ? null : await this.coachOf(s, id);
    if (before) assertVenue(s, before.venueId);
    const itemIds = [...new Set(b.itemIds)];
    for (const itemId of itemIds) if (!(await this.repo.venueHasItem(s.tenantId, b.venueId, itemId))) throw refuse(M.itemNotOffered);
    if (b.kind === 'S' && !b.userId) throw refuse(M.userRequired);
    if (b.userId && !(await this.repo.userOfTenant(s.tenantId, b.userId))) throw notFound(M.userNotFound);
    if (await this.repo.nameTaken('course_coach', s.tenantId, b.venueId, b.coachName, id)) throw alreadyExists(M.coachName);
    const values = {
      venue_id: b.venueId,
      name: b.coachName,
      phone: b.phone,
      kind: b.kind,
      user_id: b.userId ?? null,
      hourly_rate_fen: yuanToFen(b.hourlyRate),
      state: b.state,
      remark: b.remark ?? '',
    };
    const coachId = await this.repo.transaction(async (trx) => {
      const saved = await this.repo.saveCoach(trx, s.tenantId, id, values, itemIds, iso(this.clock.now()));
      await this.audit.record(trx, s, {
        action: id === null ? 'coach.add' : 'coach.edit',
        target: `教练 ${b.coachName}`,
        venueId: b.venueId,
        before,
        after: { ...b, itemIds },
      });
      return saved;
    });
    return this.coachOf(s, coachId);
  }

  async courses(s: UserSession, q: QueryOut<typeof courseAdmin.courseQuery> & { ids?: number[] }): Promise<Course[]> {
    if (q.venueId) assertVenue(s, q.venueId);
    const rows = await this.repo.courses(s.tenantId, { visible: inUserVenues(s, 'c.venue_id'), ...q });
    const coaches = await this.repo.courseCoaches(rows.map((r) => r.id));
    return rows.map((r) => toCourse(r, coaches));
  }

  async courseOf(s: UserSession, courseId: number) {
    const [found] = await this.courses(s, { ids: [courseId] });
    if (!found) throw notFound(M.courseNotFound);
    return found;
  }

  async saveCourse(s: UserSession, id: number | null, b: CourseBody): Promise<Course> {
    assertVenue(s, b.venueId);
    const before = id === null ? null : await this.courseOf(s, id);
    if (before && before.venueId !== b.venueId && before.students + before.openClasses > 0) throw refuse('课程已有班级或学员，不能更换场馆');
    if (!(await this.repo.venueHasItem(s.tenantId, b.venueId, b.itemId))) throw refuse(M.itemNotOffered);
    if (b.ageMin != null && b.ageMax != null && b.ageMin > b.ageMax) throw refuse(M.ageOrder);
    const coachIds = [...new Set(b.coachIds)];
    const coaches = await this.coaches(s, { ids: coachIds });
    for (const coachId of coachIds) {
      const coach = coaches.find((c) => c.coachId === coachId);
      if (!coach || coach.venueId !== b.venueId) throw notFound(M.coachNotFound);
      if (!coach.itemIds.includes(b.itemId)) throw refuse(M.coachNotForItem(coach.coachName, await this.repo.itemName(s.tenantId, b.itemId)));
    }
    if (await this.repo.nameTaken('course', s.tenantId, b.venueId, b.courseName, id)) throw alreadyExists(M.courseName);
    const values = {
      venue_id: b.venueId,
      item_id: b.itemId,
      name: b.courseName,
      category: b.category,
      lessons: b.lessons,
      price_fen: yuanToFen(b.price),
      valid_days: b.validDays,
      age_min: b.ageMin ?? null,
      age_max: b.ageMax ?? null,
      lesson_minutes: b.lessonMinutes,
      state: b.state,
      remark: b.remark ?? '',
    };
    const courseId = await this.repo.transaction(async (trx) => {
      const saved = await this.repo.saveCourse(trx, s.tenantId, id, values, coachIds, iso(this.clock.now()));
      await this.audit.record(trx, s, {
        action: id === null ? 'course.add' : 'course.edit',
        target: `课程 ${b.courseName}`,
        venueId: b.venueId,
        before,
        after: { ...b, coachIds },
      });
      return saved;
    });
    return this.courseOf(s, courseId);
  }
}
