import { expect, it } from 'vitest';
import { lecture, type CallBody } from '@venue/contract';
import type { Client } from './client.ts';
import { describeEachEngine } from './harness.ts';
import { dayShift, TICKET_VENUE } from './ticket.helpers.ts';

const VENUE = TICKET_VENUE;
type LectureBody = CallBody<typeof lecture.add>;

describeEachEngine('lectures on %s', (server) => {
  const { admin, cashier, other } = server;
  const addLecture = async (over: Partial<LectureBody> = {}) => {
    const now = server.clock.now().getTime();
    const { body } = await admin.call(lecture.add, {
      body: {
        lectureName: `测试讲座${Math.random().toString(36).slice(2, 8)}`,
        speaker: '李老师',
        venueId: VENUE,
        state: 'A',
        sessions: [{ useBeginDate: dayShift(now, -1), useEndDate: dayShift(now, 10), useBeginTime: '00:00', useEndTime: '23:59', capacity: 10 }],
        tickets: [{ ticketName: '成人票', price: 30 }],
        ...over,
      },
    });
    if (body.code !== 200) throw new Error(`lecture.add: ${body.msg}`);
    return body.data;
  };
  const signUp = (as: Client, l: lecture.Lecture, names: string[], sessionIndex = 0) =>
    as.call(lecture.createOrder, {
      body: {
        venueId: VENUE,
        sessionId: l.sessions[sessionIndex].sessionId,
        ticketId: l.tickets[0].ticketId,
        users: names.map((userName, i) => ({ userName, phone: `1390000${String(1000 + i)}` })),
      },
    });
  const signUpPaid = async (l: lecture.Lecture, names: string[], sessionIndex = 0) => {
    const created = await signUp(cashier, l, names, sessionIndex);
    if (created.body.code !== 200) throw new Error(`createOrder: ${created.body.msg}`);
    const { orderId, pricePay } = created.body.data;
    const paid = await cashier.call(lecture.payOrder, { body: { orderId, payMode: 'cashpay', money: pricePay } });
    if (paid.body.code !== 200) throw new Error(`payOrder: ${paid.body.msg}`);
    return (await cashier.call(lecture.getLectureOrder, { query: { ticketId: String(orderId) } })).body.data;
  };
  const verify = (as: Client, orderId: number, userIds: number[]) => as.call(lecture.check, { body: { orderId, userIds } });

  it('finds the seeded lecture order by a ticket code or its number and verifies two of its three participants', async () => {
    const byCode = await cashier.call(lecture.getLectureOrder, { query: { ticketId: 'LDEMO1X0002' } });
    expect(byCode.body).toMatchObject({ code: 200, data: { lectureName: '青少年运动安全讲座', ticketName: '成人票', phone: '138****1111' } });
    const order = byCode.body.data;
    expect(order.details.map((d) => [d.userName, d.state])).toEqual([
      ['张小明', 'A'],
      ['李小红', 'A'],
      ['王小刚', 'A'],
    ]);
    expect(order.details[0]).toMatchObject({ useBeginTime: '00:00', useEndTime: '23:59', phone: '138****1111' });
    const byNumber = await cashier.call(lecture.getLectureOrder, { query: { ticketId: String(order.orderId) } });
    expect(byNumber.body.data.orderId).toBe(order.orderId);

    const done = await verify(cashier, order.orderId, [order.details[0].userId, order.details[2].userId]);
    expect(done.body).toMatchObject({ code: 200, data: { checked: 2, orderId: order.orderId } });
    const after = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: 'LDEMO1X0001' } })).body.data;
    expect(after.details.map((d) => d.state)).toEqual(['U', 'A', 'U']);
    expect((await verify(cashier, order.orderId, [order.details[0].userId])).body).toMatchObject({ code: -9000, msg: '张小明：参会人已核销' });
    expect((await verify(cashier, order.orderId, [])).body).toMatchObject({ msg: '请选择需要核销的参会人' });
  });

  it('signs up through the till: unpaid participants are refused, paid ones verify once when desks race', async () => {
    const l = await addLecture();
    const created = await signUp(cashier, l, ['甲', '乙']);
    expect(created.body).toMatchObject({ code: 200, data: { orderState: 'P', payState: 'U', pricePay: 60 } });
    const { orderId } = created.body.data;
    const unpaid = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: String(orderId) } })).body.data;
    expect(unpaid.details[0].ticketCode).toMatch(/^L[A-Z2-9]{20}$/);
    expect((await verify(cashier, orderId, [unpaid.details[0].userId])).body).toMatchObject({ code: -9000, msg: '甲：订单未支付，不能核销' });
    const forPay = await cashier.call(lecture.queryOrderForPay, { query: { orderId } });
    expect(forPay.body.data).toMatchObject({ totalPrice: 60, details: [{ goodsName: '讲座票 甲', pricePay: 30 }, { pricePay: 30 }] });
    expect((await cashier.call(lecture.payOrder, { body: { orderId, payMode: 'cashpay', money: 60 } })).body).toMatchObject({
      code: 200,
      data: { orderState: 'A', payState: 'P' },
    });

    const userId = unpaid.details[1].userId;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => verify(i % 2 ? admin : cashier, orderId, [userId])));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body.msg)).toEqual(Array(7).fill('乙：参会人已核销'));
    const rows = await server.db.selectFrom('lecture_participant').select(['user_name', 'state']).where('order_id', '=', orderId).orderBy('id').execute();
    expect(rows).toEqual([
      { user_name: '甲', state: 'A' },
      { user_name: '乙', state: 'U' },
    ]);
    // A participant of another order is not this order's.
    const seeded = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: 'LDEMO1X0002' } })).body.data;
    expect((await verify(cashier, orderId, [seeded.details[1].userId])).body).toMatchObject({ code: -9000, msg: '参会人不属于该订单' });
  });

  it("keeps a session's capacity when sign-ups race", async () => {
    const l = await addLecture({
      sessions: [
        {
          useBeginDate: dayShift(server.clock.now().getTime(), 0),
          useEndDate: dayShift(server.clock.now().getTime(), 2),
          useBeginTime: '09:00',
          useEndTime: '11:00',
          capacity: 3,
        },
      ],
    });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(i % 2 ? admin : cashier, l, [`人${i}`])));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body.msg)).toEqual(Array(3).fill('该场次名额不足（剩余0个）'));
    const listed = (await admin.call(lecture.query, { query: { current: 1, size: 10, lectureName: l.lectureName } })).body.data;
    expect(listed.records[0].sessions[0]).toMatchObject({ capacity: 3, sold: 3 });
    const shrink = await admin.call(lecture.edit, {
      body: {
        lectureId: l.lectureId,
        lectureName: l.lectureName,
        speaker: '',
        venueId: VENUE,
        state: 'A',
        tickets: l.tickets,
        sessions: [{ ...l.sessions[0], capacity: 2 }],
      },
    });
    expect(shrink.body).toMatchObject({ code: -9000, msg: '场次名额不能少于已报名人数（3人）' });
  });

  it('refuses a participant before its session begins and after it ends, in the venue time zone', async () => {
    const now = server.clock.now().getTime();
    const l = await addLecture({
      sessions: [
        { useBeginDate: dayShift(now, 1), useEndDate: dayShift(now, 1), useBeginTime: '09:00', useEndTime: '11:00', capacity: 5 },
        { useBeginDate: dayShift(now, -2), useEndDate: dayShift(now, 0), useBeginTime: '00:00', useEndTime: '23:59', capacity: 5 },
      ],
    });
    // Sessions list by their dates: the one ending today first.
    const early = await signUpPaid(l, ['早'], 1);
    expect((await verify(cashier, early.orderId, [early.details[0].userId])).body.msg).toBe(`早：讲座未开始（${dayShift(now, 1)}起可核销）`);
    const late = await signUpPaid(l, ['晚'], 0);
    // Past 23:59 of the last day (venue time): ended.
    const c = new Date(now + 8 * 3600_000);
    const toEnd = (24 * 60 - (c.getUTCHours() * 60 + c.getUTCMinutes()) - 1) * 60_000;
    server.clock.advance(toEnd);
    expect((await verify(cashier, late.orderId, [late.details[0].userId])).body.msg).toBe(`晚：讲座已结束（${dayShift(now, 0)} 23:59止）`);
  });

  it("does not know another tenant's lecture codes or orders", async () => {
    const seeded = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: 'LDEMO1X0003' } })).body.data;
    expect((await other.call(lecture.getLectureOrder, { query: { ticketId: 'LDEMO1X0003' } })).body).toMatchObject({
      code: -1300,
      msg: '未查询到讲座订单信息',
    });
    expect((await other.call(lecture.getLectureOrder, { query: { ticketId: String(seeded.orderId) } })).body.code).toBe(-1300);
    expect((await verify(other, seeded.orderId, [seeded.details[1].userId])).body).toMatchObject({ code: -1300 });
    const theirs = await other.call(lecture.add, {
      body: {
        lectureName: '越权讲座',
        venueId: VENUE,
        sessions: [{ useBeginDate: '2026-01-01', useEndDate: '2026-01-02', useBeginTime: '09:00', useEndTime: '10:00', capacity: 1 }],
        tickets: [{ ticketName: '票', price: 1 }],
      },
    });
    expect(theirs.body).toMatchObject({ code: -1100, msg: '场馆不存在' });
    const row = await server.db.selectFrom('lecture_participant').select('state').where('code', '=', 'LDEMO1X0002').executeTakeFirstOrThrow();
    expect(row.state).toBe('A');
  });
});
