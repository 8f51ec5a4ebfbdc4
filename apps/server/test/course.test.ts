import { expect, it } from 'vitest';
import { booking, bookingAdmin, course, courseAdmin, venue } from '@venue/contract';
import { cellOf, dateIn, reservePaid } from './booking.helpers.ts';
import { addClass, enrolPaid, family, members, ok, sessionsOf, setup, VENUE } from './course.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';

describeEachEngine('course training on %s', (server) => {
  const { admin, cashier } = server;

  it('keeps coaches and courses with Chinese refusals; a coach must teach the course’s item', async () => {
    const { item, coach, course: made } = await setup(server);
    expect(coach).toMatchObject({ kind: 'O', hourlyRate: 150, itemIds: [item], state: 'A' });
    expect(made).toMatchObject({ category: 'G', lessons: 12, price: 1200, validDays: 90, ageMin: 6, ageMax: 16, coachIds: [coach.coachId], lessonMinutes: 60 });
    const again = await admin.call(courseAdmin.coachAdd, { body: { venueId: VENUE, coachName: coach.coachName, hourlyRate: 1, itemIds: [item] } });
    expect(again.body.msg).toBe('该场馆已有同名教练');
    const staff = await admin.call(courseAdmin.coachAdd, { body: { venueId: VENUE, coachName: '馆内教练', kind: 'S', hourlyRate: 1, itemIds: [item] } });
    expect(staff.body.msg).toBe('本馆教练请选择对应的系统用户');
    const swim = (await server.db.selectFrom('sport_item').select('id').where('tenant_id', '=', 1).where('name', '=', '游泳').executeTakeFirstOrThrow()).id;
    const notOffered = await admin.call(courseAdmin.coachAdd, { body: { venueId: VENUE, coachName: '游泳教练', hourlyRate: 1, itemIds: [swim] } });
    expect(notOffered.body.msg).toBe('该场馆未开设此运动项目');
    const badAge = await admin.call(courseAdmin.courseAdd, {
      body: {
        venueId: VENUE,
        itemId: item,
        courseName: '年龄错',
        category: 'G',
        lessons: 1,
        price: 1,
        validDays: 1,
        ageMin: 10,
        ageMax: 8,
        coachIds: [coach.coachId],
      },
    });
    expect(badAge.body.msg).toBe('最小年龄不能大于最大年龄');
    const badge = (await server.db.selectFrom('sport_item').select('id').where('tenant_id', '=', 1).where('name', '=', '羽毛球').executeTakeFirstOrThrow()).id;
    const otherItem = await admin.call(courseAdmin.courseAdd, {
      body: { venueId: VENUE, itemId: badge, courseName: '项目错', category: 'G', lessons: 1, price: 1, validDays: 1, coachIds: [coach.coachId] },
    });
    expect(otherItem.body.msg).toBe(`教练「${coach.coachName}」不教授羽毛球`);
    expect(
      (
        await cashier.call(courseAdmin.courseAdd, {
          body: { venueId: VENUE, itemId: item, courseName: 'x', category: 'G', lessons: 1, price: 1, validDays: 1, coachIds: [coach.coachId] },
        })
      ).status,
    ).toBe(403);
    const listed = await ok(cashier.call(courseAdmin.courseQuery, { query: { venueId: VENUE } }));
    expect(listed.map((c) => c.courseId)).toContain(made.courseId);
  });

  it('generates a term skipping closure days, occupies the field in the booking grid, and refuses coach and field conflicts by name', async () => {
    const { item, field, coach, course: made } = await setup(server);
    const start = dateIn(server, 3);
    const closed = dateIn(server, 5);
    await admin.call(venue.editCloseInfo, { body: { venueId: VENUE, closures: [{ itemId: item, startDate: closed, endDate: closed, reason: '设备检修' }] } });
    try {
      const klass = await ok(
        addClass(admin, { courseId: made.courseId, coachId: coach.coachId, fieldId: field.fieldId, startDate: start, weeks: 1, className: '周末班' }),
      );
      expect(klass.skipped).toEqual([{ date: closed, reason: '设备检修' }]);
      expect(klass).toMatchObject({ className: '周末班', sessions: 6, capacity: 10, state: 'A', endDate: dateIn(server, 9) });
      const sessions = await sessionsOf(admin, klass.classId);
      expect(sessions.map((x) => x.useDate)).not.toContain(closed);
      // 10:00-11:30 takes the 10:00 and 11:00 cells of the field, as an occupancy (L) of the class.
      expect(await cellOf(cashier, item, start, field.fieldId, '10:00')).toMatchObject({ state: 'occupied', orderType: 'L', orderId: klass.occupancyOrderId });
      expect(await cellOf(cashier, item, start, field.fieldId, '11:00')).toMatchObject({ state: 'occupied' });
      expect(await cellOf(cashier, item, start, field.fieldId, '12:00')).toMatchObject({ state: 'closed' });

      // The same coach at an overlapping time on another field: refused naming the coach, date, time and class.
      const other = await setup(server);
      await ok(admin.call(courseAdmin.courseEdit, { body: { ...other.course, coachIds: [other.coach.coachId, coach.coachId] } }));
      const coachClash = await addClass(admin, {
        courseId: other.course.courseId,
        coachId: coach.coachId,
        fieldId: other.field.fieldId,
        startDate: start,
        weeks: 1,
        beginTime: '11:00',
        endTime: '12:00',
      });
      expect(coachClash.body).toMatchObject({ code: -9000, msg: `「${coach.coachName}」${start} 10:00-11:30 已有课程「周末班」` });
      // Another coach on the same field then: refused naming the field.
      const fieldClash = await addClass(admin, {
        courseId: other.course.courseId,
        coachId: other.coach.coachId,
        fieldId: field.fieldId,
        startDate: start,
        weeks: 1,
        beginTime: '09:00',
        endTime: '10:30',
      });
      expect(fieldClash.body.msg).toBe(`「${field.fieldName}」${start} 10:00-11:30 已有课程「周末班」`);
      // A paid booking of the field: a class over it is refused naming the cell.
      const later = dateIn(server, 20);
      await ok(
        admin.call(bookingAdmin.priceSave, {
          body: { venueId: VENUE, itemId: other.item, ruleName: '课测', fieldIds: [other.field.fieldId], beginTime: '08:00', endTime: '22:00', price: 30 },
        }),
      );
      await reservePaid(admin, other.item, [{ fieldId: other.field.fieldId, date: later, beginTime: '15:00' }]);
      const cellClash = await addClass(admin, {
        courseId: other.course.courseId,
        coachId: other.coach.coachId,
        fieldId: other.field.fieldId,
        startDate: later,
        weeks: 1,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        beginTime: '14:30',
        endTime: '16:00',
      });
      expect(cellClash.body.msg).toBe(`${booking.cellName(other.field.fieldName, later, '15:00', '16:00')}已被预订，请选择其他时段`);
      // Nothing of a refused class was written.
      expect((await ok(admin.call(courseAdmin.classQuery, { query: { courseId: other.course.courseId } }))).length).toBe(0);
      // Outside the opening hours, and a start in the past.
      const late = await addClass(admin, {
        courseId: other.course.courseId,
        coachId: other.coach.coachId,
        fieldId: other.field.fieldId,
        startDate: dateIn(server, 40),
        weeks: 1,
        weekdays: [1],
        beginTime: '21:30',
        endTime: '22:30',
      });
      expect(late.body.msg).toContain('不在营业时间内');
      const past = await addClass(admin, {
        courseId: other.course.courseId,
        coachId: other.coach.coachId,
        fieldId: other.field.fieldId,
        startDate: dateIn(server, -1),
      });
      expect(past.body.msg).toBe('开班日期不能早于今天');

      // Cancelling a session frees its cells; the class keeps the others.
      const first = sessions[0];
      const cancelled = await ok(admin.call(courseAdmin.sessionCancel, { body: { sessionId: first.sessionId, reason: '教练请假' } }));
      expect(cancelled.state).toBe('C');
      // The field has no price of its own: a free cell of it shows closed (不可预订), held by nobody.
      expect(await cellOf(cashier, item, first.useDate, field.fieldId, '10:00')).toMatchObject({ state: 'closed', orderId: null });
      expect(await cellOf(cashier, item, sessions[1].useDate, field.fieldId, '10:00')).toMatchObject({ state: 'occupied' });
      // Now the coach is free then: a class of the other course takes that slot.
      const refill = await addClass(admin, {
        courseId: other.course.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: first.useDate,
        weeks: 1,
        weekdays: [((new Date(`${first.useDate}T00:00:00Z`).getUTCDay() + 6) % 7) + 1],
      });
      expect(refill.body.code).toBe(200);
    } finally {
      await admin.call(venue.editCloseInfo, { body: { venueId: VENUE, closures: [] } });
    }
  });

  it('enrols a child through a parent’s archive, checks the age range, and keeps a waiting list promoted in order', async () => {
    const { field, coach, course: made } = await setup(server);
    const klass = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: dateIn(server, 30),
        capacity: 2,
        beginTime: '08:00',
        endTime: '09:00',
      }),
    );
    const parent = await family(server);
    const today = dateIn(server, 0);
    const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;
    const tooYoung = await cashier.call(course.enrol, {
      body: { courseId: made.courseId, classId: klass.classId, memberId: parent.memberId, familyId: parent.familyId, studentBirthday: yearsAgo(4) },
    });
    expect(tooYoung.body.msg).toBe(`「${parent.childName}」4岁，低于课程最小年龄6岁`);
    const child = await ok(
      cashier.call(course.enrol, {
        body: { courseId: made.courseId, classId: klass.classId, memberId: parent.memberId, familyId: parent.familyId, studentBirthday: yearsAgo(8) },
      }),
    );
    expect(child).toMatchObject({
      state: 'P',
      studentName: parent.childName,
      memberName: parent.memberName,
      familyId: parent.familyId,
      lessonsTotal: 12,
      lessonsLeft: 0,
      payState: 'U',
    });
    expect(
      (await cashier.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: parent.memberId, familyId: parent.familyId } }))
        .body.msg,
    ).toBe(`「${parent.childName}」已报名该班级`);
    const strangers = await server.db
      .selectFrom('member_family')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('member_id', '!=', parent.memberId)
      .executeTakeFirstOrThrow();
    expect(
      (await cashier.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: parent.memberId, familyId: strangers.id } })).body
        .msg,
    ).toBe('家庭成员不属于该会员');
    // Paid in cash: active with its 12 lessons, valid 90 days, a BUY row.
    const paid = await ok(cashier.call(course.payOrder, { body: { orderId: child.orderId!, payMode: 'cashpay', money: 1200 } }));
    expect(paid).toMatchObject({ payState: 'P' });
    const active = await ok(cashier.call(course.enrolmentGet, { query: { code: child.code } }));
    expect(active).toMatchObject({ state: 'A', lessonsLeft: 12, paid: 1200, validUntil: dateIn(server, 89) });

    const [a, b, c] = await members(server, 3);
    const second = await ok(cashier.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: a.id } }));
    expect(second.state).toBe('P');
    const third = await ok(cashier.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: b.id } }));
    const fourth = await ok(cashier.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: c.id } }));
    expect([third.state, third.waitingNo, third.orderId, fourth.waitingNo]).toEqual(['W', 1, null, 2]);
    expect(await ok(admin.call(courseAdmin.classQuery, { query: { courseId: made.courseId } }))).toMatchObject([{ enrolled: 2, waiting: 2 }]);
    // The unpaid seat is given up: the first waiting gets it, with an order to pay.
    expect((await ok(cashier.call(course.cancel, { body: { enrolmentId: second.enrolmentId } }))).state).toBe('C');
    const promoted = await ok(cashier.call(course.enrolmentGet, { query: { code: third.code } }));
    expect(promoted).toMatchObject({ state: 'P', waitingNo: null, payState: 'U' });
    expect((await ok(cashier.call(course.enrolmentGet, { query: { code: fourth.code } }))).waitingNo).toBe(1);
    // A bigger class seats the next one.
    await ok(admin.call(courseAdmin.classEdit, { body: { classId: klass.classId, className: klass.className, capacity: 3 } }));
    expect((await ok(cashier.call(course.enrolmentGet, { query: { code: fourth.code } }))).state).toBe('P');
    expect((await admin.call(courseAdmin.classEdit, { body: { classId: klass.classId, className: klass.className, capacity: 2 } })).body.msg).toBe(
      '班级容量不能小于已报名人数（3人）',
    );
    // A paid enrolment is not cancelled: it is refunded.
    expect((await cashier.call(course.cancel, { body: { enrolmentId: child.enrolmentId } })).body.msg).toBe('已支付的报名请使用退课');
  });

  it('pays by a stored-value card only where its type covers the course’s item', async () => {
    const { field, coach, course: made, item } = await setup(server, admin, { price: 100 });
    const klass = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: dateIn(server, 33),
        beginTime: '08:00',
        endTime: '09:00',
      }),
    );
    const vip = await cardByNo(cashier, DEMO.vip);
    const e = await ok(cashier.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: vip.memberId } }));
    const times = await cardByNo(cashier, DEMO.times);
    const byTimes = await cashier.call(course.payOrder, {
      body: { orderId: e.orderId!, payMode: 'cardpay', payType: 'T', authCode: String(times.cardId), money: 100 },
    });
    expect(byTimes.body.msg).toBe('该会员卡不能用于课程培训，请使用储值卡或其他收款方式');
    // 储值卡 limited to 游泳: refused for a 乒乓球 course, nothing charged.
    const typeId = (await server.db.selectFrom('card').select('card_type_id').where('id', '=', vip.cardId).executeTakeFirstOrThrow()).card_type_id;
    const swim = (await server.db.selectFrom('sport_item').select('id').where('tenant_id', '=', 1).where('name', '=', '游泳').executeTakeFirstOrThrow()).id;
    await server.db.insertInto('card_type_item').values({ tenant_id: 1, card_type_id: typeId, item_id: swim }).execute();
    try {
      const quote = await ok(cashier.call(course.queryOrderForPay, { query: { orderId: e.orderId!, payMode: 'cardpay', cardIds: String(vip.cardId) } }));
      const refused = await cashier.call(course.payOrder, {
        body: { orderId: e.orderId!, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: quote.totalPrice },
      });
      expect(refused.body.msg).toBe('该会员卡不适用于当前项目');
      expect((await cardByNo(cashier, DEMO.vip)).balance).toBe(vip.balance);
      await server.db.insertInto('card_type_item').values({ tenant_id: 1, card_type_id: typeId, item_id: item }).execute();
      const paid = await cashier.call(course.payOrder, {
        body: { orderId: e.orderId!, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: quote.totalPrice },
      });
      expect(paid.body).toMatchObject({ code: 200, data: { payState: 'P' } });
      // 储值卡 is 9折: 100 元 takes 90 from the card.
      expect((await cardByNo(cashier, DEMO.vip)).balance).toBe(Math.round((vip.balance - 90) * 100) / 100);
      expect((await ok(cashier.call(course.enrolmentGet, { query: { code: e.code } }))).paid).toBe(90);
    } finally {
      await server.db.deleteFrom('card_type_item').where('card_type_id', '=', typeId).execute();
    }
  });

  it('shows a staff coach their own sessions (the coach’s sign-in screen) and no one else’s', async () => {
    const { item, field, course: made } = await setup(server);
    const user = await server.db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow();
    const staff = await ok(
      admin.call(courseAdmin.coachAdd, { body: { venueId: VENUE, coachName: '馆内李教练', kind: 'S', userId: user.id, hourlyRate: 80, itemIds: [item] } }),
    );
    expect(staff).toMatchObject({ kind: 'S', userId: user.id, userName: '收银员小李' });
    await ok(admin.call(courseAdmin.courseEdit, { body: { ...made, coachIds: [...made.coachIds, staff.coachId] } }));
    const klass = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: staff.coachId,
        fieldId: field.fieldId,
        startDate: dateIn(server, 2),
        weeks: 1,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        beginTime: '12:00',
        endTime: '13:00',
      }),
    );
    const day = dateIn(server, 2);
    const mine = await ok(cashier.call(courseAdmin.sessionQuery, { query: { mine: 'true', beginDate: day, endDate: day } }));
    expect(mine.map((x) => [x.classId, x.coachName, x.useDate])).toEqual([[klass.classId, '馆内李教练', day]]);
    expect(await ok(admin.call(courseAdmin.sessionQuery, { query: { mine: 'true', beginDate: day, endDate: day } }))).toEqual([]);
  });

  it('answers another tenant and another venue nothing of the courses', async () => {
    const { field, coach, course: made } = await setup(server);
    const klass = await ok(
      addClass(admin, {
        courseId: made.courseId,
        coachId: coach.coachId,
        fieldId: field.fieldId,
        startDate: dateIn(server, 36),
        beginTime: '08:00',
        endTime: '09:00',
      }),
    );
    const [m] = await members(server, 1, 60);
    const e = await enrolPaid(admin, { courseId: made.courseId, classId: klass.classId, memberId: m.id });
    const [session] = await sessionsOf(admin, klass.classId);
    const { other } = server;
    expect(await ok(other.call(courseAdmin.coachQuery, { query: {} }))).toEqual([]);
    expect(await ok(other.call(courseAdmin.courseQuery, { query: {} }))).toEqual([]);
    expect(await ok(other.call(courseAdmin.classQuery, { query: {} }))).toEqual([]);
    expect((await ok(other.call(course.enrolmentQuery, { query: {} }))).total).toBe(0);
    const refused = [
      await other.call(course.enrolmentGet, { query: { code: e.code } }),
      await other.call(course.roster, { query: { sessionId: session.sessionId } }),
      await other.call(course.check, { body: { sessionId: session.sessionId, enrolmentIds: [e.enrolmentId] } }),
      await other.call(course.leave, { body: { sessionId: session.sessionId, enrolmentId: e.enrolmentId } }),
      await other.call(course.transfer, { body: { enrolmentId: e.enrolmentId, classId: klass.classId } }),
      await other.call(course.refund, { body: { enrolmentId: e.enrolmentId } }),
      await other.call(courseAdmin.sessionCancel, { body: { sessionId: session.sessionId, reason: '越权' } }),
      await other.call(courseAdmin.classEdit, { body: { classId: klass.classId, className: '越权', capacity: 99 } }),
      await other.call(course.enrol, { body: { courseId: made.courseId, classId: klass.classId, memberId: m.id } }),
    ];
    expect(refused.map((r) => r.body.code === 200)).toEqual(refused.map(() => false));
    // The cashier works at 城东 (venues 1, 2): a course of 滨江网球中心 (3) is refused.
    const tennis = await server.db
      .selectFrom('course')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('venue_id', '=', 3)
      .where('category', '=', 'P')
      .executeTakeFirstOrThrow();
    expect((await cashier.call(course.enrol, { body: { courseId: tennis.id, memberId: m.id } })).status).toBe(403);
    expect((await ok(cashier.call(courseAdmin.courseQuery, { query: {} }))).every((c) => c.venueId !== 3)).toBe(true);
    expect((await cashier.call(courseAdmin.courseQuery, { query: { venueId: 3 } })).status).toBe(403);
  });
});
