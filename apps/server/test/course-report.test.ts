import { expect, it } from 'vitest';
import { course, courseReport } from '@venue/contract';
import { boardHears, dateIn, moveTo } from './booking.helpers.ts';
import { addClass, enrolPaid, members, ok, relogin, sessionsOf, setup, VENUE } from './course.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { readXlsx } from './member-card.helpers.ts';

describeEachEngine(
  'course reports and the /courseData board on %s',
  (server) => {
    it('counts coach hours × rate, lessons sold, taken and owed, attendance by class, exports them, and moves the board on a sign-in', async () => {
      const { admin } = server;
      const today = dateIn(server, 0);
      const { field, coach, course: made } = await setup(server, admin, { lessons: 10, price: 500, ageMin: null, ageMax: null });
      const klass = await ok(
        addClass(admin, {
          courseId: made.courseId,
          coachId: coach.coachId,
          fieldId: field.fieldId,
          startDate: dateIn(server, 1),
          weeks: 1,
          beginTime: '10:00',
          endTime: '11:30',
        }),
      );
      const [mx, my] = await members(server, 2, 170);
      const x = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: mx.id });
      const y = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: my.id });
      const [s0] = await sessionsOf(admin, klass.classId);
      await ok(admin.call(course.leave, { body: { enrolmentId: y.enrolmentId, sessionId: s0.sessionId } }));

      moveTo(server, s0.useDate, '10:05');
      const token = await server.api.login('admin', 'admin123');
      const desk = server.api.as(token);
      const before = await ok(desk.call(courseReport.boardQuery, { query: { venueId: VENUE } }));
      expect(before.sessions.find((x) => x.sessionId === s0.sessionId)).toMatchObject({
        className: klass.className,
        coachName: coach.coachName,
        fieldName: field.fieldName,
        signed: 0,
        enrolled: 2,
      });
      // A sign-in moves the board's events, whichever process wrote it.
      const heard = await boardHears(server.api.url, token, () =>
        ok(desk.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [x.enrolmentId] } })),
      );
      expect(heard).toBeLessThan(5000);
      const after = await ok(desk.call(courseReport.boardQuery, { query: { venueId: VENUE } }));
      expect(after.sessions.find((x) => x.sessionId === s0.sessionId)).toMatchObject({ signed: 1, enrolled: 2 });
      expect(after.lessonsTaken - before.lessonsTaken).toBe(1);
      expect(before.lessonsOutstanding - after.lessonsOutstanding).toBe(1);
      expect(after.byCourse.find((c) => c.courseName === made.courseName)).toEqual({ courseName: made.courseName, enrolments: 2 });

      moveTo(server, s0.useDate, '11:31');
      const { admin: office } = await relogin(server);
      await expect
        .poll(async () => (await server.db.selectFrom('course_session').select('state').where('id', '=', s0.sessionId).executeTakeFirstOrThrow()).state, {
          timeout: 5000,
        })
        .toBe('D');

      // Coach hours of the session's month: 1.5 h at 150 元.
      const month = s0.useDate.slice(0, 7);
      const hours = await ok(office.call(courseReport.coachHours, { query: { venueId: VENUE, month } }));
      expect(hours.rows.find((r) => r.coachId === coach.coachId)).toEqual({
        coachId: coach.coachId,
        coachName: coach.coachName,
        kind: 'O',
        sessions: 1,
        sessionHours: 1.5,
        privateLessons: 0,
        privateHours: 0,
        hours: 1.5,
        hourlyRate: 150,
        pay: 225,
      });
      // Lessons: 20 sold for 1000 元, 1 taken, 19 owed worth 450 + 500 元.
      const lessons = await ok(office.call(courseReport.lessons, { query: { venueId: VENUE, beginDate: today, endDate: s0.useDate } }));
      expect(lessons.rows.find((r) => r.courseId === made.courseId)).toEqual({
        courseId: made.courseId,
        courseName: made.courseName,
        category: 'G',
        itemName: '乒乓球',
        enrolments: 2,
        sold: 20,
        soldAmount: 1000,
        taken: 1,
        refunded: 0,
        outstanding: 19,
        outstandingAmount: 950,
      });
      const attendance = await ok(
        office.call(courseReport.attendance, { query: { venueId: VENUE, beginDate: today, endDate: s0.useDate, courseId: made.courseId } }),
      );
      expect(attendance.rows).toEqual([
        {
          classId: klass.classId,
          className: klass.className,
          courseName: made.courseName,
          coachName: coach.coachName,
          sessions: 1,
          expected: 2,
          signed: 1,
          leave: 1,
          absent: 0,
          makeUp: 0,
          rate: 50,
        },
      ]);
      expect((await office.call(courseReport.lessons, { query: { beginDate: s0.useDate, endDate: today } })).body.msg).toBe('开始日期不能晚于结束日期');
      expect((await (await relogin(server)).cashier.call(courseReport.coachHours, { query: { month } })).status).toBe(403);

      const sheet = async (path: string, query: Record<string, string>) => {
        const file = await office.download(path, { query });
        expect(file.status).toBe(200);
        return readXlsx(file.bytes);
      };
      const hoursSheet = await sheet(courseReport.exportCoachHours.path, { venueId: String(VENUE), month });
      expect(hoursSheet[0]).toEqual(['教练', '类型', '课节数', '课节小时', '私教课时', '私教小时', '合计小时', '课时费（元/小时）', '应发课时费（元）']);
      expect(hoursSheet.find((r) => r[0] === coach.coachName)).toEqual([coach.coachName, '外聘教练', '1', '1.5', '0', '0', '1.5', '150', '225']);
      const lessonSheet = await sheet(courseReport.exportLessons.path, { venueId: String(VENUE), beginDate: today, endDate: s0.useDate });
      expect(lessonSheet.find((r) => r[0] === made.courseName)).toEqual([made.courseName, '班课', '乒乓球', '2', '20', '1000', '1', '0', '19', '950']);
      const attendanceSheet = await sheet(courseReport.exportAttendance.path, { venueId: String(VENUE), beginDate: today, endDate: s0.useDate });
      expect(attendanceSheet.find((r) => r[0] === klass.className)).toEqual([
        klass.className,
        made.courseName,
        coach.coachName,
        '1',
        '2',
        '1',
        '1',
        '0',
        '0',
        '50',
      ]);

      // The board of another tenant's admin shows nothing of these.
      const other = server.api.as(await server.api.login('admin2', 'admin123'));
      const theirs = await ok(other.call(courseReport.boardQuery, { query: {} }));
      expect(theirs).toMatchObject({ sessions: [], byCourse: [], lessonsOutstanding: 0 });
    });

    it('shows the demo term: classes with history, a waiting list, a transfer and children on their parents’ archives', async () => {
      const { admin } = await relogin(server);
      // The seed's classes: the first four of tenant 1 (other tests of the suite add their own).
      const classes = await server.db.selectFrom('course_class').select(['id', 'name', 'capacity']).where('tenant_id', '=', 1).orderBy('id').limit(4).execute();
      expect(classes.map((k) => k.name)).toEqual(['青少年羽毛球初级一班', '青少年羽毛球初级二班', '成人游泳提高班（周二周四）', '篮球训练营A营']);
      const states = await server.db
        .selectFrom('course_enrolment')
        .select(['state', 'family_id'])
        .where(
          'class_id',
          'in',
          classes.map((k) => k.id),
        )
        .execute();
      expect(states.filter((e) => e.state === 'T')).toHaveLength(1);
      expect(states.filter((e) => e.state === 'W')).toHaveLength(1);
      expect(states.filter((e) => e.family_id !== null).length).toBeGreaterThan(5);
      const [one] = classes;
      const grid = await ok(admin.call(course.classAttendance, { query: { classId: one.id } }));
      const marks = grid.students.flatMap((st) => Object.values(st.marks)).filter((m) => m !== null);
      expect(new Set(marks)).toEqual(new Set(['S', 'L', 'A']));
      const ledger = await ok(admin.call(course.ledgerQuery, { query: { kind: 'TRANSFER_OUT' } }));
      expect(ledger.records.filter((r) => r.className === '青少年羽毛球初级一班')).toHaveLength(1);
      // A seeded enrolment names its paid order, so the desk sees what was paid and can refund the unused lessons.
      const active = await server.db
        .selectFrom('course_enrolment')
        .select(['id', 'order_id', 'lessons_left'])
        .where('class_id', '=', one.id)
        .where('state', '=', 'A')
        .where('from_enrolment_id', 'is', null)
        .where('lessons_left', '>', 0)
        .executeTakeFirstOrThrow();
      expect(active.order_id).not.toBeNull();
      const preview = await ok(admin.call(course.refundPreview, { query: { enrolmentId: active.id } }));
      expect(preview.paid).toBeGreaterThan(0);
    });
  },
  { jobEveryMs: 100 },
);
