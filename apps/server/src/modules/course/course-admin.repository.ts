import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { CourseClassTable, CourseCoachTable, CourseSessionTable, CourseTable } from '../../db/course-tables.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

export type CoachValues = Omit<Insertable<CourseCoachTable>, 'id' | 'tenant_id' | 'created_at'>;
export type CourseValues = Omit<Insertable<CourseTable>, 'id' | 'tenant_id' | 'created_at'>;
export type NewClass = Omit<Insertable<CourseClassTable>, 'id'>;
export type NewSession = Omit<Insertable<CourseSessionTable>, 'id'>;
export type CoachRow = Awaited<ReturnType<CourseAdminRepository['coaches']>>[number];
export type CourseRow = Awaited<ReturnType<CourseAdminRepository['courses']>>[number];
export type ClassRow = Awaited<ReturnType<CourseAdminRepository['classes']>>[number];
export type SessionRow = Awaited<ReturnType<CourseAdminRepository['sessions']>>[number];

/** Enrolments holding a seat of a class: active, or waiting for their payment. */
export const SEATED = ['A', 'P'] as const;

/** Coaches, courses, classes and sessions of 课程培训. */
export class CourseAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(work);
  }

  // ---- Coaches ----
  coaches(tenantId: number, f: { visible: RawBuilder<boolean>; venueId?: number; ids?: number[]; itemId?: number; state?: 'A' | 'D'; keyword?: string }) {
    let q = this.db
      .selectFrom('course_coach as c')
      .innerJoin('venue as v', 'v.id', 'c.venue_id')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['v.name as venue_name', 'u.real_name as user_name'])
      .where('c.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.venueId) q = q.where('c.venue_id', '=', f.venueId);
    if (f.ids) q = q.where('c.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.state) q = q.where('c.state', '=', f.state);
    if (f.keyword) q = q.where((eb) => eb.or([eb('c.name', 'like', `%${f.keyword}%`), eb('c.phone', 'like', `%${f.keyword}%`)]));
    const itemId = f.itemId;
    if (itemId)
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('course_coach_item as ci').select('ci.id').whereRef('ci.coach_id', '=', 'c.id').where('ci.item_id', '=', itemId)),
      );
    return q.orderBy('c.venue_id').orderBy('c.id').execute();
  }

  coachItems(coachIds: number[]) {
    if (!coachIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('course_coach_item as ci')
      .innerJoin('sport_item as i', 'i.id', 'ci.item_id')
      .select(['ci.coach_id', 'ci.item_id', 'i.name'])
      .where('ci.coach_id', 'in', coachIds)
      .orderBy('ci.item_id')
      .execute();
  }

  async coach(tenantId: number, coachId: number, db: Executor = this.db) {
    return db.selectFrom('course_coach').selectAll().where('tenant_id', '=', tenantId).where('id', '=', coachId).executeTakeFirst();
  }

  async nameTaken(table: 'course_coach' | 'course', tenantId: number, venueId: number, name: string, exceptId: number | null) {
    let q = this.db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async saveCoach(trx: Executor, tenantId: number, id: number | null, v: CoachValues, itemIds: number[], nowIso: string) {
    const coachId =
      id ??
      (
        await trx
          .insertInto('course_coach')
          .values({ ...v, tenant_id: tenantId, created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (id !== null) {
      await trx.updateTable('course_coach').set(v).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      await trx.deleteFrom('course_coach_item').where('tenant_id', '=', tenantId).where('coach_id', '=', id).execute();
    }
    await trx
      .insertInto('course_coach_item')
      .values(itemIds.map((item_id) => ({ tenant_id: tenantId, coach_id: coachId, item_id })))
      .execute();
    return coachId;
  }

  /**
   * Takes the coach's row lock (PostgreSQL) or the write lock (SQLite) for the rest of the transaction:
   * two classes scheduling one coach check each other's sessions one after the other.
   */
  async lockCoach(trx: Executor, tenantId: number, coachId: number) {
    await trx
      .updateTable('course_coach')
      .set({ name: sql<string>`name` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', coachId)
      .execute();
  }

  async venueHasItem(tenantId: number, venueId: number, itemId: number) {
    return !!(await this.db
      .selectFrom('venue_item')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('item_id', '=', itemId)
      .executeTakeFirst());
  }

  async itemName(tenantId: number, itemId: number) {
    return (
      (await this.db.selectFrom('sport_item').select('name').where('tenant_id', '=', tenantId).where('id', '=', itemId).executeTakeFirst())?.name ?? '该项目'
    );
  }

  async userOfTenant(tenantId: number, userId: number) {
    return !!(await this.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst());
  }

  // ---- Courses ----
  courses(tenantId: number, f: { visible: RawBuilder<boolean>; venueId?: number; ids?: number[]; itemId?: number; category?: 'G' | 'P'; state?: 'A' | 'D' }) {
    let q = this.db
      .selectFrom('course as c')
      .innerJoin('venue as v', 'v.id', 'c.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'c.item_id')
      .selectAll('c')
      .select(['v.name as venue_name', 'i.name as item_name'])
      .select((eb) => [
        eb
          .selectFrom('course_class as k')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('k.course_id', '=', 'c.id')
          .where('k.state', '=', 'A')
          .as('open_classes'),
        eb
          .selectFrom('course_enrolment as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.course_id', '=', 'c.id')
          .where('e.state', 'in', [...SEATED])
          .as('students'),
      ])
      .where('c.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.venueId) q = q.where('c.venue_id', '=', f.venueId);
    if (f.ids) q = q.where('c.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.itemId) q = q.where('c.item_id', '=', f.itemId);
    if (f.category) q = q.where('c.category', '=', f.category);
    if (f.state) q = q.where('c.state', '=', f.state);
    return q.orderBy('c.venue_id').orderBy('c.id').execute();
  }

  courseCoaches(courseIds: number[]) {
    if (!courseIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('course_coach_link as l')
      .innerJoin('course_coach as c', 'c.id', 'l.coach_id')
      .select(['l.course_id', 'l.coach_id', 'c.name'])
      .where('l.course_id', 'in', courseIds)
      .orderBy('l.id')
      .execute();
  }

  course(tenantId: number, courseId: number, db: Executor = this.db) {
    return db.selectFrom('course').selectAll().where('tenant_id', '=', tenantId).where('id', '=', courseId).executeTakeFirst();
  }

  async saveCourse(trx: Executor, tenantId: number, id: number | null, v: CourseValues, coachIds: number[], nowIso: string) {
    const courseId =
      id ??
      (
        await trx
          .insertInto('course')
          .values({ ...v, tenant_id: tenantId, created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (id !== null) {
      await trx.updateTable('course').set(v).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      await trx.deleteFrom('course_coach_link').where('tenant_id', '=', tenantId).where('course_id', '=', id).execute();
    }
    await trx
      .insertInto('course_coach_link')
      .values(coachIds.map((coach_id) => ({ tenant_id: tenantId, course_id: courseId, coach_id })))
      .execute();
    return courseId;
  }

  async coachTeaches(tenantId: number, courseId: number, coachId: number) {
    return !!(await this.db
      .selectFrom('course_coach_link')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('course_id', '=', courseId)
      .where('coach_id', '=', coachId)
      .executeTakeFirst());
  }

  // ---- Classes ----
  classes(
    tenantId: number,
    f: { visible: RawBuilder<boolean>; venueId?: number; ids?: number[]; courseId?: number; coachId?: number; state?: 'A' | 'F' | 'C' },
  ) {
    let q = this.db
      .selectFrom('course_class as k')
      .innerJoin('course as c', 'c.id', 'k.course_id')
      .innerJoin('course_coach as t', 't.id', 'k.coach_id')
      .innerJoin('booking_field as f', 'f.id', 'k.field_id')
      .selectAll('k')
      .select(['c.name as course_name', 'c.item_id', 't.name as coach_name', 'f.name as field_name'])
      .select((eb) => [
        eb
          .selectFrom('course_enrolment as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.class_id', '=', 'k.id')
          .where('e.state', 'in', [...SEATED])
          .as('enrolled'),
        eb
          .selectFrom('course_enrolment as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.class_id', '=', 'k.id')
          .where('e.state', '=', 'W')
          .as('waiting'),
        eb
          .selectFrom('course_session as s')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('s.class_id', '=', 'k.id')
          .where('s.state', '!=', 'C')
          .as('sessions'),
        eb
          .selectFrom('course_session as s')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('s.class_id', '=', 'k.id')
          .where('s.state', '=', 'D')
          .as('sessions_done'),
        eb
          .selectFrom('course_session as s')
          .select(sql<string | null>`max(s.use_date)`.as('d'))
          .whereRef('s.class_id', '=', 'k.id')
          .where('s.state', '!=', 'C')
          .as('end_date'),
      ])
      .where('k.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.venueId) q = q.where('k.venue_id', '=', f.venueId);
    if (f.ids) q = q.where('k.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.courseId) q = q.where('k.course_id', '=', f.courseId);
    if (f.coachId) q = q.where('k.coach_id', '=', f.coachId);
    if (f.state) q = q.where('k.state', '=', f.state);
    return q.orderBy('k.venue_id').orderBy('k.id').execute();
  }

  klass(tenantId: number, classId: number, db: Executor = this.db) {
    return db.selectFrom('course_class').selectAll().where('tenant_id', '=', tenantId).where('id', '=', classId).executeTakeFirst();
  }

  /** Takes the class's row lock (its seats are counted and taken one writer at a time); answers the class as locked. */
  lockClass(trx: Executor, tenantId: number, classId: number) {
    return trx
      .updateTable('course_class')
      .set({ capacity: sql<number>`capacity` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', classId)
      .returningAll()
      .executeTakeFirst();
  }

  async classNameTaken(tenantId: number, courseId: number, name: string, exceptId: number | null) {
    let q = this.db.selectFrom('course_class').select('id').where('tenant_id', '=', tenantId).where('course_id', '=', courseId).where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async insertClass(trx: Executor, row: NewClass) {
    return (await trx.insertInto('course_class').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  async insertSessions(trx: Executor, rows: NewSession[]) {
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('course_session')
        .values(rows.slice(i, i + 200))
        .execute();
  }

  /** Seats taken (A, P) of a class. */
  async seated(tenantId: number, classId: number, db: Executor = this.db) {
    const row = await db
      .selectFrom('course_enrolment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('class_id', '=', classId)
      .where('state', 'in', [...SEATED])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- Sessions ----
  /**
   * The live sessions (not cancelled) of a coach or a field on these dates, with their class's name: the
   * double-scheduling check reads them inside the class's transaction.
   */
  busy(trx: Executor, tenantId: number, by: { coachId: number; fieldId: number }, dates: string[]) {
    if (!dates.length) return Promise.resolve([]);
    return trx
      .selectFrom('course_session as s')
      .innerJoin('course_class as k', 'k.id', 's.class_id')
      .select(['s.coach_id', 's.field_id', 's.use_date', 's.begin_time', 's.end_time', 'k.name as class_name'])
      .where('s.tenant_id', '=', tenantId)
      .where('s.state', '!=', 'C')
      .where('s.use_date', 'in', dates)
      .where((eb) => eb.or([eb('s.coach_id', '=', by.coachId), eb('s.field_id', '=', by.fieldId)]))
      .orderBy('s.use_date')
      .orderBy('s.begin_time')
      .execute();
  }

  sessions(
    tenantId: number,
    f: {
      visible: RawBuilder<boolean>;
      ids?: number[];
      venueId?: number;
      classId?: number;
      coachId?: number;
      /** The sessions of the coaches who log in as this user. */
      userId?: number;
      beginDate?: string;
      endDate?: string;
      liveOnly?: boolean;
    },
  ) {
    let q = this.db
      .selectFrom('course_session as s')
      .innerJoin('course_class as k', 'k.id', 's.class_id')
      .innerJoin('course as c', 'c.id', 'k.course_id')
      .innerJoin('course_coach as t', 't.id', 's.coach_id')
      .innerJoin('booking_field as f', 'f.id', 's.field_id')
      .selectAll('s')
      .select(['k.name as class_name', 'k.course_id', 'k.venue_id', 'k.capacity', 'c.name as course_name', 't.name as coach_name', 'f.name as field_name'])
      .select((eb) => [
        eb
          .selectFrom('course_enrolment as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.class_id', '=', 's.class_id')
          .where('e.state', '=', 'A')
          .as('enrolled'),
        ...(['S', 'L', 'A', 'M'] as const).map((state) =>
          eb
            .selectFrom('course_attendance as a')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('a.session_id', '=', 's.id')
            .where('a.state', '=', state)
            .as(`n_${state}`),
        ),
      ])
      .where('s.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.ids) q = q.where('s.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.venueId) q = q.where('k.venue_id', '=', f.venueId);
    if (f.classId) q = q.where('s.class_id', '=', f.classId);
    if (f.coachId) q = q.where('s.coach_id', '=', f.coachId);
    if (f.userId) q = q.where('t.user_id', '=', f.userId);
    if (f.beginDate) q = q.where('s.use_date', '>=', f.beginDate);
    if (f.endDate) q = q.where('s.use_date', '<=', f.endDate);
    if (f.liveOnly) q = q.where('s.state', '!=', 'C');
    return q.orderBy('s.use_date').orderBy('s.begin_time').orderBy('s.id').execute();
  }

  /** What a sign-in tap needs of a session: its class, venue, state and times (two rows by their keys). */
  sessionHead(tenantId: number, sessionId: number) {
    return this.db
      .selectFrom('course_session as s')
      .innerJoin('course_class as k', 'k.id', 's.class_id')
      .select(['s.id', 's.class_id', 's.state', 's.starts_at', 's.use_date', 'k.venue_id'])
      .where('s.tenant_id', '=', tenantId)
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  }

  /** A session with its class (venue, course, capacity, occupancy) as sign-in, leave and make-up read it. */
  session(tenantId: number, sessionId: number, db: Executor = this.db) {
    return db
      .selectFrom('course_session as s')
      .innerJoin('course_class as k', 'k.id', 's.class_id')
      .innerJoin('course as c', 'c.id', 'k.course_id')
      .innerJoin('course_coach as t', 't.id', 's.coach_id')
      .innerJoin('booking_field as f', 'f.id', 's.field_id')
      .selectAll('s')
      .select([
        'k.name as class_name',
        'k.course_id',
        'k.venue_id',
        'k.capacity',
        'k.occupancy_order_id',
        'c.name as course_name',
        't.name as coach_name',
        'f.name as field_name',
      ])
      .where('s.tenant_id', '=', tenantId)
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  }

  /** Cancels a planned session that has not started (A → C); answers whether it did. */
  async cancelSession(trx: Executor, tenantId: number, sessionId: number, reason: string, nowIso: string) {
    const done = await trx
      .updateTable('course_session')
      .set({ state: 'C', cancel_reason: reason })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .where('state', '=', 'A')
      .where('starts_at', '>', nowIso)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** The class's sessions not started yet (a class cancelled cancels them). */
  futureSessions(trx: Executor, tenantId: number, classId: number, nowIso: string) {
    return trx
      .selectFrom('course_session')
      .select(['id', 'use_date', 'begin_time', 'end_time'])
      .where('tenant_id', '=', tenantId)
      .where('class_id', '=', classId)
      .where('state', '=', 'A')
      .where('starts_at', '>', nowIso)
      .execute();
  }
}
