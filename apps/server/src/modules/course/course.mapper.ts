import { chinaText, fenToYuan, type Coach, type Course, type CourseClass, type Session } from '@venue/contract';
import type { ClassRow, CoachRow, CourseRow, SessionRow } from './course-admin.repository.ts';

export const toCoach = (r: CoachRow, items: { coach_id: number; item_id: number; name: string }[]): Coach => {
  const mine = items.filter((i) => i.coach_id === r.id);
  return {
    coachId: r.id,
    venueId: r.venue_id,
    venueName: r.venue_name,
    coachName: r.name,
    phone: r.phone,
    kind: r.kind,
    userId: r.user_id,
    userName: r.user_name,
    hourlyRate: fenToYuan(r.hourly_rate_fen),
    itemIds: mine.map((i) => i.item_id),
    itemNames: mine.map((i) => i.name),
    state: r.state,
    remark: r.remark,
  };
};

export const toCourse = (r: CourseRow, coaches: { course_id: number; coach_id: number; name: string }[]): Course => {
  const mine = coaches.filter((c) => c.course_id === r.id);
  return {
    courseId: r.id,
    venueId: r.venue_id,
    venueName: r.venue_name,
    itemId: r.item_id,
    itemName: r.item_name,
    courseName: r.name,
    category: r.category,
    lessons: r.lessons,
    price: fenToYuan(r.price_fen),
    validDays: r.valid_days,
    ageMin: r.age_min,
    ageMax: r.age_max,
    lessonMinutes: r.lesson_minutes,
    coachIds: mine.map((c) => c.coach_id),
    coachNames: mine.map((c) => c.name),
    state: r.state,
    remark: r.remark,
    openClasses: Number(r.open_classes ?? 0),
    students: Number(r.students ?? 0),
  };
};

export const toClass = (r: ClassRow): CourseClass => ({
  classId: r.id,
  venueId: r.venue_id,
  courseId: r.course_id,
  courseName: r.course_name,
  itemId: r.item_id,
  className: r.name,
  coachId: r.coach_id,
  coachName: r.coach_name,
  fieldId: r.field_id,
  fieldName: r.field_name,
  capacity: r.capacity,
  enrolled: Number(r.enrolled ?? 0),
  waiting: Number(r.waiting ?? 0),
  startDate: r.start_date,
  endDate: (r.end_date as string | null) ?? null,
  weeks: r.weeks,
  weekdays: r.weekdays.split(',').map(Number),
  beginTime: r.begin_time,
  endTime: r.end_time,
  state: r.state,
  sessions: Number(r.sessions ?? 0),
  sessionsDone: Number(r.sessions_done ?? 0),
  occupancyOrderId: r.occupancy_order_id,
});

export const toSession = (r: SessionRow): Session => {
  const leave = Number(r.n_L ?? 0);
  const makeUp = Number(r.n_M ?? 0);
  return {
    sessionId: r.id,
    classId: r.class_id,
    className: r.class_name,
    courseId: r.course_id,
    courseName: r.course_name,
    venueId: r.venue_id,
    coachId: r.coach_id,
    coachName: r.coach_name,
    fieldId: r.field_id,
    fieldName: r.field_name,
    useDate: r.use_date,
    beginTime: r.begin_time,
    endTime: r.end_time,
    state: r.state,
    capacity: r.capacity,
    expected: Math.max(0, Number(r.enrolled ?? 0) - leave) + makeUp,
    signed: Number(r.n_S ?? 0) + makeUp,
    leave,
    absent: Number(r.n_A ?? 0),
    makeUp,
  };
};

/** China time text of an instant (yyyy-MM-dd HH:mm:ss). */
export const timeText = (isoText: string) => chinaText(new Date(isoText));
