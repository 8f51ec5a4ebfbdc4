// Issue 36: sign-in (签到消课) at 20 desks, each tapping students of its own sessions one by one (p99 under 50 ms), and a
// 16-week term generated for 30 classes through the API with the coach and field conflict checks (under 2 s in all),
// on each engine. DESKS, SECONDS and WEEKS may be set in the environment.
import { addChinaDays, chinaDate } from '@venue/contract';
import { loginToken, productServer } from './lib.ts';

const DESKS = Number(process.env.DESKS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WEEKS = Number(process.env.WEEKS ?? 16);
const CLASSES = 30;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : '-');
type Answer = { code: number; msg: string; data: Record<string, unknown> | null };

for (const [label, databaseUrl] of engines) {
  const product = await productServer(databaseUrl);
  const db = product.db.kysely;
  const tenantId = 1;
  const venueId = 1;
  const token = await loginToken(product.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${product.url}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as Answer };
  };
  const item = await db.selectFrom('sport_item').select('id').where('tenant_id', '=', tenantId).where('name', '=', '乒乓球').executeTakeFirstOrThrow();
  const nowIso = new Date().toISOString();

  // ---- The term: 10 tables, 10 coaches, 3 times a day; class (table i, time j) taught by coach (i + j) mod 10 ----
  const fields = await db
    .insertInto('booking_field')
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        tenant_id: tenantId,
        venue_id: venueId,
        item_id: item.id,
        name: `训练台${i + 1}`,
        sort: i,
        state: 'A' as const,
        sale_mode: 'F' as const,
        capacity: 1,
        slot_minutes: 60,
        created_at: nowIso,
      })),
    )
    .returning('id')
    .execute();
  const coaches: number[] = [];
  for (let i = 0; i < 10; i++) {
    const made = await post('course/coach/add', { venueId, coachName: `测速教练${i + 1}`, hourlyRate: 100, itemIds: [item.id] });
    if (made.body.code !== 200) throw new Error(`coach: ${made.body.msg}`);
    coaches.push(made.body.data!.coachId as number);
  }
  const course = await post('course/course/add', {
    venueId,
    itemId: item.id,
    courseName: '测速乒乓球班',
    category: 'G',
    lessons: 999,
    price: 100,
    validDays: 365,
    coachIds: coaches,
  });
  if (course.body.code !== 200) throw new Error(`course: ${course.body.msg}`);
  const courseId = course.body.data!.courseId as number;
  const times = [
    ['08:00', '09:30'],
    ['10:00', '11:30'],
    ['14:00', '15:30'],
  ];
  const startDate = addChinaDays(chinaDate(Date.now()), 1);
  const started = performance.now();
  let sessions = 0;
  let refused = '';
  for (let k = 0; k < CLASSES; k++) {
    const [i, j] = [k % 10, Math.floor(k / 10)];
    const made = await post('course/class/add', {
      courseId,
      className: `测速${k + 1}班`,
      coachId: coaches[(i + j) % 10],
      fieldId: fields[i].id,
      capacity: 20,
      startDate,
      weeks: WEEKS,
      weekdays: [2, 4],
      beginTime: times[j][0],
      endTime: times[j][1],
    });
    if (made.body.code !== 200) refused ||= made.body.msg;
    else sessions += made.body.data!.sessions as number;
  }
  const termMs = performance.now() - started;
  // One more class of a coach already teaching then: refused with the conflict named.
  const clash = await post('course/class/add', {
    courseId,
    className: '冲突班',
    coachId: coaches[0],
    fieldId: fields[5].id,
    capacity: 20,
    startDate,
    weeks: WEEKS,
    weekdays: [2],
    beginTime: '08:30',
    endTime: '09:00',
  });

  // ---- Sign-in: each desk a class of its own, sessions open now, 40 students ----
  const today = chinaDate(Date.now());
  const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
  const endsAt = new Date(Date.now() + 70 * 60_000).toISOString();
  const members = await db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).orderBy('id').limit(200).execute();
  const deskWork: { sessions: number[]; students: number[] }[] = [];
  for (let d = 0; d < DESKS; d++) {
    const { id: classId } = await db
      .insertInto('course_class')
      .values({
        tenant_id: tenantId,
        venue_id: venueId,
        course_id: courseId,
        name: `签到测速${d + 1}班`,
        coach_id: coaches[d % 10],
        field_id: fields[d % 10].id,
        capacity: 40,
        start_date: today,
        weeks: 1,
        weekdays: '1,2,3,4,5,6,7',
        begin_time: '00:00',
        end_time: '23:59',
        state: 'A',
        occupancy_order_id: null,
        created_by: 1,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await db
      .insertInto('course_session')
      .values(
        Array.from({ length: 60 }, () => ({
          tenant_id: tenantId,
          class_id: classId,
          coach_id: coaches[d % 10],
          field_id: fields[d % 10].id,
          use_date: today,
          begin_time: '00:00',
          end_time: '23:59',
          starts_at: startsAt,
          ends_at: endsAt,
          state: 'A' as const,
        })),
      )
      .returning('id')
      .execute();
    const students = await db
      .insertInto('course_enrolment')
      .values(
        Array.from({ length: 40 }, (_, s) => ({
          tenant_id: tenantId,
          venue_id: venueId,
          course_id: courseId,
          class_id: classId,
          member_id: members[(d * 40 + s) % members.length].id,
          family_id: null,
          student_name: `学员${d + 1}-${s + 1}`,
          student_birthday: null,
          code: `KBENCH${d}X${s}`,
          order_id: null,
          lessons_total: 1000,
          lessons_left: 1000,
          valid_until: addChinaDays(today, 30),
          state: 'A' as const,
          from_enrolment_id: null,
          created_by: 1,
          username: 'admin',
          created_at: nowIso,
        })),
      )
      .returning('id')
      .execute();
    deskWork.push({ sessions: rows.map((r) => r.id), students: students.map((r) => r.id) });
  }
  const signs: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    deskWork.map(async ({ sessions: mine, students }) => {
      for (let n = 0; performance.now() < until && n < mine.length * students.length; n++) {
        const at = performance.now();
        const signed = await post('course/check/sign', { sessionId: mine[Math.floor(n / students.length)], enrolmentIds: [students[n % students.length]] });
        signs.push(performance.now() - at);
        if (signed.body.code !== 200) {
          failures++;
          firstFailure ||= signed.body.msg;
        }
      }
    }),
  );
  signs.sort((a, b) => a - b);
  const taken = await db
    .selectFrom('course_lesson_ledger')
    .select(db.fn.countAll<number>().as('n'))
    .where('kind', '=', 'TAKE')
    .where('created_at', '>=', nowIso)
    .executeTakeFirstOrThrow();

  console.log(`\n${label}`);
  console.log(
    `  term: ${CLASSES} classes x ${WEEKS} weeks (2 days a week) with coach and field checks: ${sessions} sessions in ${termMs.toFixed(0)} ms${refused ? `, refused: ${refused}` : ''}  (target < 2000 ms)`,
  );
  console.log(`  a coach double-booked: ${clash.body.code === 200 ? 'ACCEPTED (wrong)' : `refused: ${clash.body.msg}`}`);
  console.log(
    `  sign-in (${DESKS} desks, one student a tap): ${signs.length} sign-ins, ${(signs.length / SECONDS).toFixed(1)}/s, p50 ${pct(signs, 50)} ms, p99 ${pct(signs, 99)} ms, ${failures} failed${firstFailure ? ` (${firstFailure})` : ''}; ${taken.n} lessons taken  (target p99 < 50 ms)`,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  await product.close();
}
