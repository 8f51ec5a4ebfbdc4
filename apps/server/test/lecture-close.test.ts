import { expect, it } from 'vitest';
import { lecture } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { dayShift, TICKET_VENUE } from './ticket.helpers.ts';

const MINUTE = 60_000;

// The job runs every 100 ms here; the suite's fake clock decides which sign-ups are old enough (30 minutes by default).
describeEachEngine(
  'closing unpaid lecture sign-ups on %s',
  (server) => {
    const { admin, cashier, other } = server;
    const session = async (capacity: number) => {
      const now = server.clock.now().getTime();
      const { body } = await admin.call(lecture.add, {
        body: {
          lectureName: `关闭测试${Math.random().toString(36).slice(2, 8)}`,
          speaker: '',
          venueId: TICKET_VENUE,
          state: 'A',
          sessions: [{ useBeginDate: dayShift(now, 0), useEndDate: dayShift(now, 5), useBeginTime: '00:00', useEndTime: '23:59', capacity }],
          tickets: [{ ticketName: '成人票', price: 20 }],
        },
      });
      return body.data!;
    };
    const signUp = async (l: lecture.Lecture, n: number) => {
      const users = Array.from({ length: n }, (_, i) => ({ userName: `参会人${i}`, phone: `1390000${2000 + i}` }));
      const { body } = await cashier.call(lecture.createOrder, {
        body: { venueId: TICKET_VENUE, sessionId: l.sessions[0].sessionId, ticketId: l.tickets[0].ticketId, users },
      });
      if (body.code !== 200) throw new Error(`createOrder: ${body.msg}`);
      return body.data;
    };
    const sold = async (l: lecture.Lecture) =>
      (await admin.call(lecture.query, { query: { current: 1, size: 10, lectureName: l.lectureName } })).body.data!.records[0].sessions[0].sold;
    const close = (orderId: number, as = cashier) => as.call(lecture.closeOrder, { body: { orderId } });

    it('closes an unpaid sign-up by hand and gives its seats back; a closed one refuses payment; a paid one is not closed', async () => {
      const l = await session(3);
      const order = await signUp(l, 3);
      expect(await sold(l)).toBe(3);
      expect((await close(order.orderId, other)).body.msg).toBe('讲座订单不存在');
      expect((await close(order.orderId)).body).toMatchObject({ code: 200, data: { orderId: order.orderId, orderState: 'C', payState: 'C' } });
      expect(await sold(l)).toBe(0);
      expect((await close(order.orderId)).body.data).toMatchObject({ payState: 'C' });
      expect(await sold(l)).toBe(0);
      const paid = await cashier.call(lecture.payOrder, { body: { orderId: order.orderId, payMode: 'cashpay', money: order.pricePay } });
      expect(paid.body).toMatchObject({ code: -9000, msg: '订单已关闭，不能支付' });

      const again = await signUp(l, 3);
      expect((await cashier.call(lecture.payOrder, { body: { orderId: again.orderId, payMode: 'cashpay', money: again.pricePay } })).body.code).toBe(200);
      expect((await close(again.orderId)).body).toMatchObject({ code: -9000, msg: '只能关闭未支付的订单' });
      expect(await sold(l)).toBe(3);
    });

    it('closes a sign-up left unpaid past the limit with its seats, and leaves a younger one', async () => {
      const l = await session(5);
      const old = await signUp(l, 2);
      server.clock.advance(20 * MINUTE);
      const young = await signUp(l, 1);
      server.clock.advance(11 * MINUTE);
      const state = async (orderId: number) =>
        (await cashier.call(lecture.orderQuery, { query: { current: 1, size: 1, orderId } })).body.data!.records[0].payState;
      await expect.poll(() => state(old.orderId), { timeout: 5000 }).toBe('C');
      expect(await state(young.orderId)).toBe('U');
      expect(await sold(l)).toBe(1);
    });
  },
  { jobEveryMs: 100 },
);
