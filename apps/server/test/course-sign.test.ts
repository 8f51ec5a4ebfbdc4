import { expect, it } from 'vitest';
import { course, courseAdmin } from '@venue/contract';
import { dateIn, moveTo } from './booking.helpers.ts';
import { addClass, enrolPaid, family, ledgerOf, members, ok, relogin, sessionsOf, setup } from './course.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';

describeEachEngine('course sign-in, leave, make-up, transfer and refund on %s', (server) => {
  it('signs in by pick, card number and QR code, several at once; refuses 已签到, 课时不足, 已过期 and two desks signing one student twice', async () => {
    const { admin } = server;
    const { field, coach, course: made } = await setup(server, admin, { lessons: 2, ageMin: null, ageMax: null });
    const klass = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: dateIn(server, 1),
        weeks: 1,
        beginTime: '10:00',
        endTime: '11:00',
      }),
    );
    const parent = await family(server, 2);
    const child = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: parent.memberId, familyId: parent.familyId });
    const [m] = await members(server, 1, 80);
    const adult = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: m.id });
    const vip = await cardByNo(admin, DEMO.vip);
    const zhang = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: vip.memberId });
    // 已过期: a one-day course paid today, its class from tomorrow.
    const short = await setup(server, admin, { lessons: 5, validDays: 1, ageMin: null, ageMax: null });
    const shortClass = await ok(
      addClass(admin, {
        courseId: short.course.courseId,
        coachId: short.coach.coachId,
        fieldId: short.field.fieldId,
        startDate: dateIn(server, 1),
        weeks: 1,
        beginTime: '10:00',
        endTime: '11:00',
      }),
    );
    const lapsed = await enrolPaid(admin, { courseId: short.course.courseId, classId: shortClass.classId, memberId: m.id });
    const [s0, s1, s2] = await sessionsOf(admin, klass.classId);

    const early = await admin.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [child.enrolmentId] } });
    expect(early.body.msg).toBe(`未到签到时间（${s0.useDate} 09:30起可签到）`);

    moveTo(server, s0.useDate, '09:45');
    const { admin: desk, cashier } = await relogin(server);
    const picked = await ok(cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [child.enrolmentId, adult.enrolmentId] } }));
    expect(picked.signed.map((x) => [x.studentName, x.lessonsLeft])).toEqual([
      [parent.childName, 1],
      [m.name, 1],
    ]);
    expect(await ledgerOf(server, child.enrolmentId)).toEqual([
      { kind: 'BUY', lessons: 2, balance_after: 2 },
      { kind: 'TAKE', lessons: -1, balance_after: 1 },
    ]);
    expect((await cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [adult.enrolmentId, child.enrolmentId] } })).body.msg).toBe(
      `「${m.name}」已签到`,
    );
    // By the member card: 张三's enrolment in the session under way.
    const byCard = await ok(cashier.call(course.checkCode, { body: { code: DEMO.vip } }));
    expect(byCard).toMatchObject({ sessionId: s0.sessionId, signed: [{ enrolmentId: zhang.enrolmentId, lessonsLeft: 1 }] });
    const looked = await ok(cashier.call(course.lookup, { query: { code: adult.code } }));
    expect(looked).toMatchObject({ memberId: m.id, packages: [] });
    expect(looked.sessions.map((x) => [x.sessionId, x.students.map((st) => [st.enrolmentId, st.attendance, st.refusal])])).toEqual([
      [s0.sessionId, [[adult.enrolmentId, 'S', `「${m.name}」已签到`]]],
    ]);
    // The one-day course has lapsed by its first session.
    const [shortSession] = await sessionsOf(desk, shortClass.classId);
    expect((await cashier.call(course.check, { body: { sessionId: shortSession.sessionId, enrolmentIds: [lapsed.enrolmentId] } })).body.msg).toBe(
      `「${m.name}」报名已过期`,
    );

    // Two desks sign one student at once: one sign-in, one lesson taken.
    moveTo(server, s1.useDate, '10:05');
    const desks = await relogin(server);
    const both = await Promise.all([
      desks.cashier.call(course.check, { body: { sessionId: s1.sessionId, enrolmentIds: [adult.enrolmentId] } }),
      desks.admin.call(course.check, { body: { sessionId: s1.sessionId, enrolmentIds: [adult.enrolmentId] } }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([-9000, 200]);
    expect(both.find((r) => r.body.code !== 200)!.body.msg).toBe(`「${m.name}」已签到`);
    expect((await ledgerOf(server, adult.enrolmentId)).filter((l) => l.kind === 'TAKE')).toHaveLength(2);
    // By the child's QR code: the last lesson.
    expect(await ok(desks.cashier.call(course.checkCode, { body: { code: child.code } }))).toMatchObject({ signed: [{ lessonsLeft: 0 }] });
    // The day after s0, its sign-in is closed.
    expect((await desks.cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [zhang.enrolmentId] } })).body.msg).toBe(
      '课节已过签到时间',
    );

    moveTo(server, s2.useDate, '10:00');
    const late = await relogin(server);
    expect((await late.cashier.call(course.check, { body: { sessionId: s2.sessionId, enrolmentIds: [child.enrolmentId] } })).body.msg).toBe(
      `「${parent.childName}」课时不足`,
    );
    expect((await late.cashier.call(course.checkCode, { body: { code: child.code } })).body.msg).toBe(`「${parent.childName}」课时不足`);
    const balance = await server.db.selectFrom('course_enrolment').select('lessons_left').where('id', '=', child.enrolmentId).executeTakeFirstOrThrow();
    expect(balance.lessons_left).toBe(0);
  });

  it('takes leave before a session (no lesson taken) and makes it up in another class’s session with a free seat', async () => {
    const { admin } = await relogin(server);
    const { field, coach, course: made } = await setup(server, admin, { lessons: 10, ageMin: null, ageMax: null });
    const start = dateIn(server, 1);
    const a = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: start,
        weeks: 1,
        capacity: 5,
        beginTime: '10:00',
        endTime: '11:00',
      }),
    );
    const b = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: start,
        weeks: 1,
        capacity: 1,
        beginTime: '14:00',
        endTime: '15:00',
      }),
    );
    const [mx, my] = await members(server, 2, 90);
    const x = await enrolPaid(admin, { courseId: made.courseId, classId: a.classId, memberId: mx.id });
    const y = await enrolPaid(admin, { courseId: made.courseId, classId: b.classId, memberId: my.id });
    const [a0] = await sessionsOf(admin, a.classId);
    const [b0] = await sessionsOf(admin, b.classId);

    const onLeave = await ok(admin.call(course.leave, { body: { enrolmentId: x.enrolmentId, sessionId: a0.sessionId, remark: '生病' } }));
    expect(onLeave).toMatchObject({ state: 'L', lessonsLeft: 10, studentName: mx.name });
    expect((await admin.call(course.leave, { body: { enrolmentId: x.enrolmentId, sessionId: a0.sessionId } })).body.msg).toBe(
      `「${mx.name}」本节已请假或已签到`,
    );
    expect((await admin.call(course.leave, { body: { enrolmentId: x.enrolmentId, sessionId: b0.sessionId } })).body.msg).toBe(`「${mx.name}」不是本节课的学员`);

    moveTo(server, a0.useDate, '10:10');
    const { cashier } = await relogin(server);
    expect((await cashier.call(course.check, { body: { sessionId: a0.sessionId, enrolmentIds: [x.enrolmentId] } })).body.msg).toBe(`「${mx.name}」本节已请假`);
    expect((await cashier.call(course.leave, { body: { enrolmentId: x.enrolmentId, sessionId: a0.sessionId } })).body.msg).toBe('课节已开始，不能请假');
    // B's sign-in opens half an hour before it: class B (one seat) is full, no make-up until its student takes leave.
    moveTo(server, b0.useDate, '13:35');
    expect((await cashier.call(course.makeUp, { body: { enrolmentId: x.enrolmentId, sessionId: b0.sessionId } })).body.msg).toBe('该课节没有空余名额');
    expect((await cashier.call(course.makeUp, { body: { enrolmentId: x.enrolmentId, sessionId: a0.sessionId } })).body.msg).toBe('补课请选择其他班级的课节');
    await ok(cashier.call(course.leave, { body: { enrolmentId: y.enrolmentId, sessionId: b0.sessionId } }));
    const madeUp = await ok(cashier.call(course.makeUp, { body: { enrolmentId: x.enrolmentId, sessionId: b0.sessionId } }));
    expect(madeUp).toMatchObject({ state: 'M', lessonsLeft: 9, sessionId: b0.sessionId });
    expect((await cashier.call(course.makeUp, { body: { enrolmentId: x.enrolmentId, sessionId: b0.sessionId } })).body.msg).toBe(
      `「${mx.name}」已在该课节补课`,
    );
    expect(await ledgerOf(server, x.enrolmentId)).toEqual([
      { kind: 'BUY', lessons: 10, balance_after: 10 },
      { kind: 'TAKE', lessons: -1, balance_after: 9 },
    ]);
    const roster = await ok(cashier.call(course.roster, { query: { sessionId: b0.sessionId } }));
    expect(roster.students.map((st) => [st.enrolmentId, st.attendance])).toEqual([
      [y.enrolmentId, 'L'],
      [x.enrolmentId, 'M'],
    ]);
    const listed = (await ok(cashier.call(courseAdmin.sessionQuery, { query: { classId: b.classId } })))[0];
    expect(listed).toMatchObject({ leave: 1, makeUp: 1, signed: 1, expected: 1 });
  });

  it('transfers the balance to another class of the course with ledger rows; the freed seat goes to the waiting list', async () => {
    const { admin } = await relogin(server);
    const { field, coach, course: made } = await setup(server, admin, { lessons: 12, ageMin: null, ageMax: null });
    const start = dateIn(server, 1);
    const a = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: start,
        weeks: 1,
        capacity: 1,
        beginTime: '08:00',
        endTime: '09:00',
      }),
    );
    const b = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: start,
        weeks: 1,
        capacity: 1,
        beginTime: '12:00',
        endTime: '13:00',
      }),
    );
    const [mx, mw, mz] = await members(server, 3, 100);
    const x = await enrolPaid(admin, { courseId: made.courseId, classId: a.classId, memberId: mx.id });
    const w = await ok(admin.call(course.enrol, { body: { courseId: made.courseId, classId: a.classId, memberId: mw.id } }));
    expect(w.state).toBe('W');
    const [a0] = await sessionsOf(admin, a.classId);
    moveTo(server, a0.useDate, '08:00');
    const { admin: desk } = await relogin(server);
    await ok(desk.call(course.check, { body: { sessionId: a0.sessionId, enrolmentIds: [x.enrolmentId] } }));

    const other = await setup(server, desk, { ageMin: null, ageMax: null });
    const elsewhere = await ok(
      addClass(desk, {
        courseId: other.course.courseId,
        coachId: other.coach.coachId,
        fieldId: other.field.fieldId,
        startDate: dateIn(server, 1),
        weeks: 1,
        beginTime: '08:00',
        endTime: '09:00',
      }),
    );
    expect((await desk.call(course.transfer, { body: { enrolmentId: x.enrolmentId, classId: elsewhere.classId } })).body.msg).toBe(
      '只能转入同一课程的其他班级',
    );
    const z = await enrolPaid(desk, { courseId: made.courseId, classId: b.classId, memberId: mz.id });
    expect((await desk.call(course.transfer, { body: { enrolmentId: x.enrolmentId, classId: b.classId } })).body.msg).toBe('目标班级已满');
    await ok(desk.call(courseAdmin.classEdit, { body: { classId: b.classId, className: b.className, capacity: 2 } }));

    const moved = await ok(desk.call(course.transfer, { body: { enrolmentId: x.enrolmentId, classId: b.classId, remark: '时间冲突' } }));
    expect(moved.from).toMatchObject({ state: 'T', lessonsLeft: 0, classId: a.classId });
    expect(moved.to).toMatchObject({
      state: 'A',
      lessonsLeft: 11,
      classId: b.classId,
      fromEnrolmentId: x.enrolmentId,
      orderId: x.orderId,
      validUntil: x.validUntil,
    });
    expect(await ledgerOf(server, x.enrolmentId)).toEqual([
      { kind: 'BUY', lessons: 12, balance_after: 12 },
      { kind: 'TAKE', lessons: -1, balance_after: 11 },
      { kind: 'TRANSFER_OUT', lessons: -11, balance_after: 0 },
    ]);
    expect(await ledgerOf(server, moved.to.enrolmentId)).toEqual([{ kind: 'TRANSFER_IN', lessons: 11, balance_after: 11 }]);
    // A's seat went to its waiting list: now to be paid.
    expect(await ok(desk.call(course.enrolmentGet, { query: { code: w.code } }))).toMatchObject({ state: 'P', payState: 'U' });
    expect((await desk.call(course.transfer, { body: { enrolmentId: x.enrolmentId, classId: b.classId } })).body.msg).toBe(
      `「${mx.name}」报名状态为已转出，不能操作`,
    );
    const ledger = await ok(desk.call(course.ledgerQuery, { query: { courseId: made.courseId, kind: 'TRANSFER_IN' } }));
    expect(ledger.records).toMatchObject([{ enrolmentId: moved.to.enrolmentId, lessons: 11, balanceAfter: 11, className: b.className, studentName: mx.name }]);
    expect(z.state).toBe('A');
  });

  it('refunds unused lessons (paid share × unused ÷ bought, whole fen), once, with a REFUND row; private lessons name their coach', async () => {
    const { admin } = await relogin(server);
    const { field, coach, course: made } = await setup(server, admin, { lessons: 12, price: 1000, ageMin: null, ageMax: null });
    const klass = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: dateIn(server, 1),
        weeks: 1,
        beginTime: '18:00',
        endTime: '19:00',
      }),
    );
    const [m] = await members(server, 1, 120);
    const e = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: m.id });
    const [s0] = await sessionsOf(admin, klass.classId);
    moveTo(server, s0.useDate, '18:00');
    const { admin: desk, cashier } = await relogin(server);
    await ok(cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [e.enrolmentId] } }));
    // 1000 元 for 12 lessons, 11 unused: 1000 × 11 ÷ 12 = 916.666… → 916.66.
    expect(await ok(desk.call(course.refundPreview, { query: { enrolmentId: e.enrolmentId } }))).toEqual({
      enrolmentId: e.enrolmentId,
      lessonsTotal: 12,
      lessonsLeft: 11,
      paid: 1000,
      refund: 916.66,
      refundable: true,
      reason: null,
    });
    expect((await cashier.call(course.refund, { body: { enrolmentId: e.enrolmentId } })).status).toBe(403);
    const done = await ok(desk.call(course.refund, { body: { enrolmentId: e.enrolmentId, route: 'T', reason: '搬家' } }));
    expect(done).toMatchObject({ lessons: 11, enrolment: { state: 'R', lessonsLeft: 0 }, refund: { amount: 916.66, state: 'R' } });
    expect(await ledgerOf(server, e.enrolmentId)).toEqual([
      { kind: 'BUY', lessons: 12, balance_after: 12 },
      { kind: 'TAKE', lessons: -1, balance_after: 11 },
      { kind: 'REFUND', lessons: -11, balance_after: 0 },
    ]);
    const order = await server.db.selectFrom('course_order').select(['pay_state', 'refunded_fen']).where('id', '=', e.orderId!).executeTakeFirstOrThrow();
    expect(order).toEqual({ pay_state: 'PR', refunded_fen: 91666 });
    expect((await desk.call(course.refund, { body: { enrolmentId: e.enrolmentId } })).body.msg).toBe(`「${m.name}」报名状态为已退课，不能操作`);
    expect((await cashier.call(course.check, { body: { sessionId: s0.sessionId, enrolmentIds: [e.enrolmentId] } })).body.msg).toBe(`「${m.name}」已签到`);

    // A private package: a lesson taken with the course's coach, named in the ledger.
    const tennis = await server.db.selectFrom('course').select(['id']).where('tenant_id', '=', 1).where('category', '=', 'P').executeTakeFirstOrThrow();
    const pkg = await enrolPaid(desk, { courseId: tennis.id, memberId: m.id });
    const zhangCoach = await server.db.selectFrom('course_coach_link').select('coach_id').where('course_id', '=', tennis.id).executeTakeFirstOrThrow();
    expect((await desk.call(course.checkPrivate, { body: { enrolmentId: pkg.enrolmentId, coachId: coach.coachId } })).body.msg).toBe('教练不存在');
    const taken = await ok(desk.call(course.checkPrivate, { body: { enrolmentId: pkg.enrolmentId, coachId: zhangCoach.coach_id } }));
    expect(taken).toMatchObject({ sessionId: null, signed: [{ lessonsLeft: 9 }] });
    const rows = await ok(desk.call(course.ledgerQuery, { query: { enrolmentId: pkg.enrolmentId } }));
    expect(rows.records.map((r) => [r.kind, r.lessons, r.balanceAfter, r.coachName])).toEqual([
      ['TAKE', -1, 9, '张教练'],
      ['BUY', 10, 10, null],
    ]);
  });
});
