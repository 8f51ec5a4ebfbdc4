import { addChinaDays, chinaDate } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { SeedContext } from '../modules/module.ts';
import { instantOf, termDates } from '../modules/course/course-term.ts';

/** Demo enrolment QR codes: KDEMO1X0001 … */
export const courseDemoCode = (tenantId: number, n: number) => `KDEMO${tenantId}X${String(n).padStart(4, '0')}`;

const DAY_MS = 86_400_000;
/** The demo term started this many weeks ago and runs this many weeks. */
const PAST_WEEKS = 6;
const TERM_WEEKS = 14;

async function idOf(db: Kysely<Database>, table: 'sport_item', tenantId: number, name: string) {
  return (await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst())?.id;
}

/**
 * Issue 36's demo: three coaches (王教练 badminton, 李教练 swimming, 张教练 tennis and basketball), four
 * courses (青少年羽毛球初级班 G, 成人游泳提高班 G, 网球私教10次课 P, 篮球训练营 G) and four classes over a
 * term that started six weeks ago: each session occupies its field in the booking grid (one L order a
 * class), the past ones done with their history (sign-ins with their ledger rows, leaves, absences), a
 * transfer between the two badminton classes, a waiting list on the full one, children enrolled on
 * their parents' archives, private tennis lessons taken. Every enrolment is paid in cash.
 */
export async function seedCourses({ db, tenantId, venueIds, firstUserId, nowIso }: SeedContext): Promise<void> {
  const court = venueIds.get('城东羽毛球馆');
  const pool = venueIds.get('城东游泳馆');
  const tennis = venueIds.get('滨江网球中心');
  const [badminton, swimming, tennisItem, basketball] = await Promise.all(['羽毛球', '游泳', '网球', '篮球'].map((n) => idOf(db, 'sport_item', tenantId, n)));
  if (!court || !pool || !tennis || !badminton || !swimming || !tennisItem || !basketball) return;
  const courts = await db.selectFrom('booking_field').select(['id', 'name']).where('tenant_id', '=', tenantId).where('venue_id', '=', court).execute();
  const courtOf = (name: string) => courts.find((c) => c.name === name);
  if (!courtOf('5号场') || !courtOf('6号场')) return;
  const user = await db.selectFrom('users').select('username').where('id', '=', firstUserId).executeTakeFirstOrThrow();
  const now = Date.parse(nowIso);
  const today = chinaDate(now);
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();

  const field = async (venue: number, item: number, name: string) =>
    await db
      .insertInto('booking_field')
      .values({
        tenant_id: tenantId,
        venue_id: venue,
        item_id: item,
        name,
        sort: 9,
        state: 'A',
        sale_mode: 'F',
        capacity: 1,
        slot_minutes: 60,
        created_at: nowIso,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  const teachingPool = await field(pool, swimming, '教学池');
  const hoop = await field(tennis, basketball, '篮球1号场');

  const coach = async (venue: number, name: string, phone: string, rateFen: number, items: number[]) => {
    const { id } = await db
      .insertInto('course_coach')
      .values({ tenant_id: tenantId, venue_id: venue, name, phone, kind: 'O', user_id: null, hourly_rate_fen: rateFen, state: 'A', created_at: at(60) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('course_coach_item')
      .values(items.map((item_id) => ({ tenant_id: tenantId, coach_id: id, item_id })))
      .execute();
    return { id, name };
  };
  const wang = await coach(court, '王教练', '13600000001', 15000, [badminton]);
  const li = await coach(pool, '李教练', '13600000002', 12000, [swimming]);
  const zhang = await coach(tennis, '张教练', '13600000003', 20000, [tennisItem, basketball]);

  const newCourse = async (
    venue: number,
    item: number,
    name: string,
    category: 'G' | 'P',
    lessons: number,
    priceFen: number,
    ages: [number | null, number | null],
    coachId: number,
  ) => {
    const { id } = await db
      .insertInto('course')
      .values({
        tenant_id: tenantId,
        venue_id: venue,
        item_id: item,
        name,
        category,
        lessons,
        price_fen: priceFen,
        valid_days: 180,
        age_min: ages[0],
        age_max: ages[1],
        lesson_minutes: 60,
        state: 'A',
        created_at: at(60),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('course_coach_link').values({ tenant_id: tenantId, course_id: id, coach_id: coachId }).execute();
    return { id, name, venue, item, lessons, priceFen };
  };
  const youth = await newCourse(court, badminton, '青少年羽毛球初级班', 'G', 24, 288000, [6, 16], wang.id);
  const adultSwim = await newCourse(pool, swimming, '成人游泳提高班', 'G', 20, 240000, [18, null], li.id);
  const privateTennis = await newCourse(tennis, tennisItem, '网球私教10次课', 'P', 10, 300000, [null, null], zhang.id);
  const camp = await newCourse(tennis, basketball, '篮球训练营', 'G', 30, 180000, [8, 15], zhang.id);

  const start = addChinaDays(today, -PAST_WEEKS * 7);
  let code = 0;
  type Course = typeof youth;
  type Class = { id: number; name: string; course: Course; coachId: number; sessions: { id: number; starts_at: string; ends_at: string; done: boolean }[] };
  const newClass = async (
    course: Course,
    name: string,
    coachId: number,
    f: { id: number; name: string },
    weekdays: number[],
    begin: string,
    end: string,
    capacity: number,
  ) => {
    const dates = termDates(start, TERM_WEEKS, weekdays);
    const { id } = await db
      .insertInto('course_class')
      .values({
        tenant_id: tenantId,
        venue_id: course.venue,
        course_id: course.id,
        name,
        coach_id: coachId,
        field_id: f.id,
        capacity,
        start_date: start,
        weeks: TERM_WEEKS,
        weekdays: weekdays.join(','),
        begin_time: begin,
        end_time: end,
        state: 'A',
        occupancy_order_id: null,
        created_by: firstUserId,
        created_at: at(PAST_WEEKS * 7 + 7),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The class's occupancy of its field: one L order, a line per hour cell of every session.
    const order = await db
      .insertInto('booking_order')
      .values({
        tenant_id: tenantId,
        venue_id: course.venue,
        item_id: course.item,
        member_id: null,
        card_id: null,
        order_type: 'L',
        code: `BDEMO${tenantId}K${id}`,
        order_state: 'A',
        pay_state: 'P',
        price_pay_fen: 0,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        paid_at: at(PAST_WEEKS * 7 + 7),
        remark: `课程「${course.name}」${name}`,
        weeks: 1,
        created_by: firstUserId,
        username: user.username,
        created_at: at(PAST_WEEKS * 7 + 7),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('course_class').set({ occupancy_order_id: order.id }).where('id', '=', id).execute();
    const hour = (t: string) => Number(t.slice(0, 2));
    const cells = dates.flatMap((date) =>
      Array.from({ length: Math.ceil(Number(end.slice(0, 2)) + Number(end.slice(3)) / 60) - hour(begin) }, (_, i) => {
        const b = `${String(hour(begin) + i).padStart(2, '0')}:00`;
        const e = `${String(hour(begin) + i + 1).padStart(2, '0')}:00`;
        const endsAt = instantOf(date, e).toISOString();
        return {
          tenant_id: tenantId,
          order_id: order.id,
          field_id: f.id,
          field_name: f.name,
          use_date: date,
          begin_time: b,
          end_time: e,
          ends_at: endsAt,
          quantity: 1,
          price_fen: 0,
          state: endsAt <= nowIso ? ('N' as const) : ('A' as const),
          exclusive: 1,
          void_kind: null,
          voided_at: null,
          checked_by: null,
          checked_at: null,
        };
      }),
    );
    for (let i = 0; i < cells.length; i += 200)
      await db
        .insertInto('booking_line')
        .values(cells.slice(i, i + 200))
        .execute();
    const sessions = await db
      .insertInto('course_session')
      .values(
        dates.map((date) => {
          const endsAt = instantOf(date, end).toISOString();
          return {
            tenant_id: tenantId,
            class_id: id,
            coach_id: coachId,
            field_id: f.id,
            use_date: date,
            begin_time: begin,
            end_time: end,
            starts_at: instantOf(date, begin).toISOString(),
            ends_at: endsAt,
            state: endsAt <= nowIso ? ('D' as const) : ('A' as const),
          };
        }),
      )
      .returning(['id', 'starts_at', 'ends_at'])
      .execute();
    return { id, name, course, coachId, sessions: sessions.map((x) => ({ ...x, done: x.ends_at <= nowIso })) } as Class;
  };
  const youthOne = await newClass(youth, '青少年羽毛球初级一班', wang.id, courtOf('5号场')!, [3, 6], '16:00', '17:30', 6);
  const youthTwo = await newClass(youth, '青少年羽毛球初级二班', wang.id, courtOf('6号场')!, [2, 5], '16:00', '17:30', 10);
  const swimClass = await newClass(adultSwim, '成人游泳提高班（周二周四）', li.id, teachingPool, [2, 4], '19:00', '20:30', 12);
  const campClass = await newClass(camp, '篮球训练营A营', zhang.id, hoop, [1, 3, 5], '09:00', '11:00', 15);

  // Students: children on their parents' archives (relation 其他), and members themselves.
  const children = await db
    .selectFrom('member_family as f')
    .innerJoin('member as m', 'm.id', 'f.member_id')
    .select(['f.id', 'f.name', 'f.member_id'])
    .where('f.tenant_id', '=', tenantId)
    .where('f.relation', '=', 'O')
    .orderBy('f.id')
    .limit(12)
    .execute();
  const adults = await db.selectFrom('member').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('id').limit(20).execute();
  if (!adults.length) return;

  const pay = async (course: Course, memberId: number, enrolmentId: number, studentName: string, paidAt: string) => {
    const { id } = await db
      .insertInto('course_order')
      .values({
        tenant_id: tenantId,
        venue_id: course.venue,
        member_id: memberId,
        order_state: 'A',
        pay_state: 'P',
        price_pay_fen: course.priceFen,
        pay_mode: 'cashpay',
        pay_lock: null,
        pay_lock_until: null,
        paid_at: paidAt,
        course_id: course.id,
        item_id: course.item,
        created_by: firstUserId,
        username: user.username,
        created_at: paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('course_order_line')
      .values({
        tenant_id: tenantId,
        order_id: id,
        enrolment_id: enrolmentId,
        course_id: course.id,
        name: `${course.name}（${studentName}）`,
        quantity: course.lessons,
        price_fen: course.priceFen,
        paid_fen: course.priceFen,
      })
      .execute();
    await db
      .insertInto('pay_record')
      .values({
        tenant_id: tenantId,
        order_type: 'COURSE',
        order_id: id,
        attempt: 1,
        pay_mode: 'cashpay',
        pay_name: '现金',
        pay_type: null,
        card_id: null,
        consume_id: null,
        money_fen: course.priceFen,
        out_trade_no: null,
        channel_trade_no: null,
        state: 'P',
        message: '',
        created_by: firstUserId,
        created_at: paidAt,
        paid_at: paidAt,
        venue_id: course.venue,
      })
      .execute();
    return id;
  };
  const ledger = (
    enrolmentId: number,
    kind: 'BUY' | 'TAKE' | 'TRANSFER_OUT' | 'TRANSFER_IN',
    lessons: number,
    balance: number,
    when: string,
    more: { sessionId?: number; orderId?: number | null; coachId?: number; remark?: string } = {},
  ) =>
    db
      .insertInto('course_lesson_ledger')
      .values({
        tenant_id: tenantId,
        enrolment_id: enrolmentId,
        kind,
        lessons,
        balance_after: balance,
        session_id: more.sessionId ?? null,
        order_id: more.orderId ?? null,
        coach_id: more.coachId ?? null,
        user_id: firstUserId,
        remark: more.remark ?? '',
        created_at: when,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  type Student = { memberId: number; familyId: number | null; name: string };
  /** An enrolment paid before the term, its class's past sessions attended (every 7th on leave, every 9th absent) up to `until`. */
  const enrol = async (
    klass: Class | null,
    course: Course,
    st: Student,
    state: 'A' | 'W' = 'A',
    over: { from?: number; lessons?: number; orderId?: number; when?: string; sessionsFrom?: string; until?: string } = {},
  ) => {
    const when = over.when ?? at(PAST_WEEKS * 7 + 3);
    const lessons = over.lessons ?? course.lessons;
    const { id } = await db
      .insertInto('course_enrolment')
      .values({
        tenant_id: tenantId,
        venue_id: course.venue,
        course_id: course.id,
        class_id: klass?.id ?? null,
        member_id: st.memberId,
        family_id: st.familyId,
        student_name: st.name,
        student_birthday: null,
        code: courseDemoCode(tenantId, ++code),
        order_id: over.orderId ?? null,
        lessons_total: state === 'W' ? course.lessons : lessons,
        lessons_left: 0,
        valid_until: state === 'W' ? null : addChinaDays(chinaDate(Date.parse(when)), 179),
        state,
        from_enrolment_id: over.from ?? null,
        created_by: firstUserId,
        username: user.username,
        created_at: when,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (state === 'W') return { id, left: 0 };
    let orderId = over.orderId ?? null;
    if (over.from) {
      await db.updateTable('course_order_line').set({ enrolment_id: id }).where('enrolment_id', '=', over.from).execute();
      await ledger(id, 'TRANSFER_IN', lessons, lessons, when, { orderId, remark: `由报名 ${over.from} 转入` });
    } else {
      orderId = await pay(course, st.memberId, id, st.name, when);
      // The enrolment names its order, as a real payment leaves it (its 实收 and 退课 read through it).
      await db.updateTable('course_enrolment').set({ order_id: orderId }).where('id', '=', id).execute();
      await ledger(id, 'BUY', lessons, lessons, when, { orderId, remark: `课程订单 ${orderId} 支付` });
    }
    let left = lessons;
    const past = (klass?.sessions ?? []).filter((x) => x.done && x.starts_at >= (over.sessionsFrom ?? '') && x.starts_at < (over.until ?? '9999'));
    for (const [i, x] of past.entries()) {
      const mark = (i + id) % 9 === 4 ? 'A' : (i + id) % 7 === 2 ? 'L' : 'S';
      let ledgerId: number | null = null;
      if (mark === 'S') ledgerId = (await ledger(id, 'TAKE', -1, --left, x.starts_at, { sessionId: x.id, orderId })).id;
      await db
        .insertInto('course_attendance')
        .values({
          tenant_id: tenantId,
          session_id: x.id,
          enrolment_id: id,
          state: mark,
          ledger_id: ledgerId,
          user_id: mark === 'S' ? firstUserId : null,
          created_at: x.ends_at,
        })
        .execute();
    }
    await db.updateTable('course_enrolment').set({ lessons_left: left }).where('id', '=', id).execute();
    return { id, left, orderId };
  };

  const child = (i: number): Student =>
    children.length
      ? { memberId: children[i % children.length].member_id, familyId: children[i % children.length].id, name: children[i % children.length].name }
      : adult(i);
  const adult = (i: number): Student => ({ memberId: adults[i % adults.length].id, familyId: null, name: adults[i % adults.length].name });
  const used = new Set<string>();
  const once = (klass: Class | null, st: Student) => {
    const key = `${klass?.id ?? 0}|${st.memberId}|${st.familyId}`;
    if (used.has(key)) return false;
    used.add(key);
    return true;
  };

  // 一班 (6 seats): full, one child on its waiting list; one child moved to 二班 after three weeks.
  const transferAt = at(PAST_WEEKS * 7 - 21);
  let moved: { id: number; left: number; orderId?: number | null } | undefined;
  for (let i = 0; i < 6 && i < children.length; i++) {
    if (!once(youthOne, child(i))) continue;
    const e = await enrol(youthOne, youth, child(i), 'A', i === 0 ? { until: transferAt } : {});
    if (i === 0) moved = e;
  }
  if (moved) {
    await db.updateTable('course_enrolment').set({ state: 'T', lessons_left: 0 }).where('id', '=', moved.id).execute();
    await ledger(moved.id, 'TRANSFER_OUT', -moved.left, 0, transferAt, { orderId: moved.orderId, remark: `转入「${youthTwo.name}」` });
    await enrol(youthTwo, youth, child(0), 'A', {
      from: moved.id,
      lessons: moved.left,
      orderId: moved.orderId ?? undefined,
      when: transferAt,
      sessionsFrom: transferAt,
    });
    // Its seat went to the next child.
    if (children.length > 6 && once(youthOne, child(6))) await enrol(youthOne, youth, child(6), 'A', { when: transferAt, sessionsFrom: transferAt });
  }
  if (children.length > 7 && once(youthOne, child(7))) await enrol(youthOne, youth, child(7), 'W', { when: at(2) });
  for (let i = 8; i < 12 && i < children.length; i++) if (once(youthTwo, child(i))) await enrol(youthTwo, youth, child(i));
  for (let i = 0; i < 8; i++) if (once(swimClass, adult(i))) await enrol(swimClass, adultSwim, adult(i));
  for (let i = 1; i < 6; i++) if (once(campClass, child(i + 3))) await enrol(campClass, camp, child(i + 3));
  // Private tennis: two members, some lessons taken with 张教练.
  for (const [i, taken] of [
    [10, 4],
    [11, 1],
  ] as const) {
    const e = await enrol(null, privateTennis, adult(i));
    for (let n = 0; n < taken; n++)
      await ledger(e.id, 'TAKE', -1, e.left - n - 1, at(30 - n * 6), { orderId: e.orderId, coachId: zhang.id, remark: '私教上课' });
    await db
      .updateTable('course_enrolment')
      .set({ lessons_left: e.left - taken })
      .where('id', '=', e.id)
      .execute();
  }
}
