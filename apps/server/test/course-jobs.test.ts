import { expect, it } from 'vitest';
import { course, courseAdmin } from '@venue/contract';
import { createServices } from '../src/modules.ts';
import { dateIn, moveTo } from './booking.helpers.ts';
import { addClass, enrolPaid, ledgerOf, members, ok, relogin, sessionsOf, setup } from './course.helpers.ts';
import { describeEachEngine } from './harness.ts';

const MINUTE = 60_000;

// The jobs run every 100 ms here; the suite's clock decides what is old enough or over.
describeEachEngine(
  'course jobs on %s',
  (server) => {
    it('closes an unpaid enrolment past the auto-close minutes and offers its seat to the waiting list', async () => {
      const { admin } = server;
      const { field, coach, course: made } = await setup(server, admin, { ageMin: null, ageMax: null });
      const klass = await ok(
        addClass(admin, { courseId: made.courseId, coachId: coach.coachId, fieldId: field.fieldId, startDate: dateIn(server, 2), capacity: 1 }),
      );
      const [mx, my] = await members(server, 2, 140);
      const x = await ok(admin.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: mx.id } }));
      const y = await ok(admin.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: my.id } }));
      expect([x.state, y.state]).toEqual(['P', 'W']);
      server.clock.advance(31 * MINUTE);
      const state = async (id: number) => (await server.db.selectFrom('course_enrolment').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
      await expect.poll(() => state(x.enrolmentId), { timeout: 5000 }).toBe('C');
      expect(await state(y.enrolmentId)).toBe('P');
      const order = await server.db.selectFrom('course_order').select('pay_state').where('id', '=', x.orderId!).executeTakeFirstOrThrow();
      expect(order.pay_state).toBe('C');
      expect((await ok(admin.call(course.enrolmentGet, { query: { code: y.code } }))).payState).toBe('U');
    });

    it('marks students absent when a session ends unsigned (not those signed or on leave), each once whoever runs the job; a late sign-in that day turns it into a lesson taken', async () => {
      const { admin } = await relogin(server);
      const { field, coach, course: made } = await setup(server, admin, { lessons: 5, validDays: 3, ageMin: null, ageMax: null });
      const klass = await ok(
        addClass(admin, {
          courseId: made.courseId,
          coachId: coach.coachId,
          fieldId: field.fieldId,
          startDate: dateIn(server, 1),
          weeks: 1,
          beginTime: '09:00',
          endTime: '10:00',
        }),
      );
      const [ma, mb, mc] = await members(server, 3, 150);
      const [a, b, c] = [
        await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: ma.id }),
        await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: mb.id }),
        await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: mc.id }),
      ];
      const [s0, s1, s2] = await sessionsOf(admin, klass.classId);
      await ok(admin.call(course.leave, { body: { enrolmentId: b.enrolmentId, sessionId: s0.sessionId } }));
      moveTo(server, s0.useDate, '09:10');
      const { cashier } = await relogin(server);
      await ok(cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [a.enrolmentId] } }));

      moveTo(server, s0.useDate, '10:01');
      const mark = async (enrolmentId: number) =>
        (
          await server.db
            .selectFrom('course_attendance')
            .select('state')
            .where('session_id', '=', s0.sessionId)
            .where('enrolment_id', '=', enrolmentId)
            .executeTakeFirst()
        )?.state;
      await expect.poll(() => mark(c.enrolmentId), { timeout: 5000 }).toBe('A');
      // Two more processes run the pass at once: nothing is written twice.
      const others = [
        createServices(server.database.db, server.clock, server.database.dataDir),
        createServices(server.database.db, server.clock, server.database.dataDir),
      ];
      await Promise.all(others.map((o) => o.courses.absences()));
      const rows = await server.db
        .selectFrom('course_attendance')
        .select(['enrolment_id', 'state'])
        .where('session_id', '=', s0.sessionId)
        .orderBy('enrolment_id')
        .execute();
      expect(rows).toEqual([
        { enrolment_id: a.enrolmentId, state: 'S' },
        { enrolment_id: b.enrolmentId, state: 'L' },
        { enrolment_id: c.enrolmentId, state: 'A' },
      ]);
      expect((await server.db.selectFrom('course_session').select('state').where('id', '=', s0.sessionId).executeTakeFirstOrThrow()).state).toBe('D');
      expect((await server.db.selectFrom('course_session').select('state').where('id', '=', s1.sessionId).executeTakeFirstOrThrow()).state).toBe('A');
      const listed = (await ok(cashier.call(courseAdmin.sessionQuery, { query: { classId: klass.classId } })))[0];
      expect(listed).toMatchObject({ state: 'D', signed: 1, leave: 1, absent: 1, expected: 2 });
      // Absent, then signed late the same day: one lesson taken, the mark becomes 签到.
      const late = await ok(cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [c.enrolmentId] } }));
      expect(late.signed[0].lessonsLeft).toBe(4);
      expect(await mark(c.enrolmentId)).toBe('S');
      expect(await ledgerOf(server, b.enrolmentId)).toEqual([{ kind: 'BUY', lessons: 5, balance_after: 5 }]);

      // Valid three days from payment (to s1's date): s1 ended unsigned counts them absent; then they expire, and s2 counts nobody.
      moveTo(server, s2.useDate, '10:30');
      await expect
        .poll(async () => (await server.db.selectFrom('course_enrolment').select('state').where('id', '=', a.enrolmentId).executeTakeFirstOrThrow()).state, {
          timeout: 5000,
        })
        .toBe('E');
      await expect
        .poll(async () => (await server.db.selectFrom('course_session').select('state').where('id', '=', s2.sessionId).executeTakeFirstOrThrow()).state, {
          timeout: 5000,
        })
        .toBe('D');
      const marks = async (sessionId: number) =>
        (await server.db.selectFrom('course_attendance').select('state').where('session_id', '=', sessionId).execute()).map((r) => r.state);
      expect(await marks(s1.sessionId)).toEqual(['A', 'A', 'A']);
      expect(await marks(s2.sessionId)).toEqual([]);
      const expiredSign = await (await relogin(server)).cashier.call(course.check, { body: { sessionId: s2.sessionId, enrolmentIds: [a.enrolmentId] } });
      expect(expiredSign.body.msg).toBe(`「${ma.name}」报名已过期`);
    });
  },
  { jobEveryMs: 100 },
);
