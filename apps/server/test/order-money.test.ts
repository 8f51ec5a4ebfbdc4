import { expect, it } from 'vitest';
import { hand, lease, lecture, member, sale, ticket, yuanToFen } from '@venue/contract';
import { setStock, stockOf } from './goods.helpers.ts';
import { lend, register } from './hand.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';
import { addType, check, dayShift, TICKET_VENUE, venueNow } from './ticket.helpers.ts';

const ALL_WEEK = [{ beginWeek: 1, endWeek: 7, beginTime: '00:00', endTime: '23:59' }];
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
type ForPayCall =
  | typeof ticket.queryOrderForPay
  | typeof lease.queryOrderForPay
  | typeof hand.queryOrderForPay
  | typeof lecture.queryOrderForPay
  | typeof ticket.timeoutForPay;
type PayCall = typeof ticket.payOrder | typeof lease.payOrder | typeof hand.payOrder | typeof lecture.payOrder | typeof ticket.timeoutPay;

/**
 * Issue 29: money moves only with its order, for every kind of order a card pays. 消费退回 refuses the
 * card payment of each, naming the order; each kind is refunded through its own order, its tickets,
 * seats, stock or band following, and the money back on the card.
 */
describeEachEngine('card money moves only with its order on %s', (server) => {
  const { admin, cashier } = server;
  const balanceFen = async () => yuanToFen((await cardByNo(admin, DEMO.vip)).balance);
  const consumeOf = (orderType: string, orderId: number) =>
    server.db
      .selectFrom('card_consume')
      .select('id')
      .where('order_type', '=', orderType)
      .where('order_id', '=', orderId)
      .where('kind', '=', 'CONSUME')
      .executeTakeFirstOrThrow();
  /** Pays an order of any kind whole with the demo VIP card, through the kind's own forPay and pay calls. */
  const payByCard = async (forPayCall: ForPayCall, payCall: PayCall, orderId: number) => {
    // The kinds' calls share their request and answer shapes; only their paths and permissions differ.
    const [forPay, pay] = [forPayCall as typeof ticket.queryOrderForPay, payCall as typeof ticket.payOrder];
    const vip = await cardByNo(admin, DEMO.vip);
    const due = (await admin.call(forPay, { query: { orderId, payMode: 'cardpay', cardIds: String(vip.cardId) } })).body.data.totalPrice;
    const paid = await admin.call(pay, { body: { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: due } });
    expect(paid.body.code).toBe(200);
    return due;
  };
  /** 消费退回 of the order's card payment: refused with the order named, the card and the order unchanged. */
  const expectRefused = async (orderType: string, orderId: number, msg: string) => {
    const before = await balanceFen();
    const consume = await consumeOf(orderType, orderId);
    const refused = await admin.call(member.refundCardConsume, { body: { consumeId: consume.id } });
    expect([refused.status, refused.body]).toEqual([400, { code: 400, msg, data: null }]);
    expect(await balanceFen()).toBe(before);
    const vip = await cardByNo(admin, DEMO.vip);
    const listed = (await admin.call(member.queryOrderConsume, { query: { cardId: vip.cardId, kind: 'CONSUME', size: 100 } })).body.data.records;
    expect(listed.find((r) => r.consumeId === consume.id)).toMatchObject({ refundable: false, orderId });
  };

  it('a ticket order: refused at the card, refunded through the order (unused tickets void)', async () => {
    const itemId = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data[0].itemId;
    const type = await addType(admin, { useTimeList: ALL_WEEK }, itemId);
    const created = (await admin.call(ticket.createOrder, { body: { venueId: TICKET_VENUE, details: [{ typeId: type.typeId, quantity: 2 }] } })).body.data;
    const before = await balanceFen();
    const due = await payByCard(ticket.queryOrderForPay, ticket.payOrder, created.orderId);
    await expectRefused(ticket.TICKET_ORDER_TYPE, created.orderId, `该消费记录属于售票订单 ${created.orderId}，请在售票订单中退款`);
    expect((await admin.call(ticket.orderQuery, { query: { orderId: created.orderId } })).body.data.records[0].payState).toBe('P');

    const back = await admin.call(ticket.refundOrder, { body: { orderId: created.orderId, route: 'T' } });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', amount: due, parts: [{ payMode: 'cardpay', money: due, state: 'R' }] } });
    expect(await balanceFen()).toBe(before);
    const tickets = await server.db.selectFrom('ticket_detail').select('detail_state').where('order_id', '=', created.orderId).execute();
    expect(tickets.map((t) => t.detail_state)).toEqual(['C', 'C']);
  });

  it('a rental: refused at the card, the deposit back with the goods through 归还', async () => {
    const { body } = await admin.call(lease.goodsAll, { query: { venueId: VENUE } });
    const racket = body.data.find((g) => g.goodsName === '租赁羽毛球拍')!;
    await setStock(server, racket.goodsId, 10);
    const vip = await cardByNo(admin, DEMO.vip);
    const order = (
      await admin.call(lease.createOrder, {
        body: { details: [{ goodsId: racket.leaseGoodsId, quantity: 1 }], itemId: racket.itemId, venueId: VENUE, memberId: vip.memberId },
      })
    ).body.data;
    const before = await balanceFen();
    const due = await payByCard(lease.queryOrderForPay, lease.payOrder, order.orderId);
    expect(await stockOf(server.db, racket.goodsId)).toBe(9);
    await expectRefused(lease.LEASE_ORDER_TYPE, order.orderId, `该消费记录属于租赁订单 ${order.orderId}，请在租赁订单中退款`);
    expect(await stockOf(server.db, racket.goodsId)).toBe(9);

    const [line] = (await admin.call(lease.orderById, { params: { id: order.orderId } })).body.data.details;
    const back = await admin.call(lease.returnGoods, {
      body: { orderId: order.orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1, damage: 0 }] },
    });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', parts: [{ payMode: 'cardpay', state: 'R' }] } });
    // The deposit back (the rent paid stays paid); the racket back in stock.
    expect(await balanceFen()).toBe(before - yuanToFen(due) + yuanToFen(back.body.data.amount));
    expect(back.body.data.amount).toBeGreaterThan(0);
    expect(await stockOf(server.db, racket.goodsId)).toBe(10);
  });

  it('a band settlement: refused at the card, refunded through the orders charged to the band, back to the card', async () => {
    const band = await register(admin, 'MONEY001', 20);
    const deposit = await lend(cashier, band.handId);
    await cashier.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'cashpay', money: 20 } });
    const drink = await goodsWithPrice(server.db, 500, 6);
    await setStock(server, drink.id, 10);
    const saleId = await orders.createId(cashier, [{ goodsId: drink.id, quantity: 2 }]);
    await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: saleId, handId: band.handId } });
    const settle = (await cashier.call(hand.createHandSettleOrder, { body: { orderId: deposit.orderId } })).body.data;
    const before = await balanceFen();
    // The charges were priced when booked: the 9折 card pays them whole.
    const due = await payByCard(hand.queryOrderForPay, hand.payOrder, settle.orderId);
    expect(due).toBe(10);
    expect(await balanceFen()).toBe(before - yuanToFen(due));
    await expectRefused(hand.HAND_SETTLE_ORDER_TYPE, settle.orderId, `该消费记录属于手牌结算单 ${settle.orderId}，请在挂账的订单中退款`);

    const back = await admin.call(sale.refundOrder, { body: { orderId: saleId, route: 'T' } });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', amount: 10, parts: [{ payMode: 'cardpay', money: due, state: 'R' }] } });
    expect(await balanceFen()).toBe(before);
    expect(await stockOf(server.db, drink.id)).toBe(10);
  });

  it('a lecture order: refused at the card, refunded through the order for participants not verified, their seats back', async () => {
    const now = server.clock.now().getTime();
    const l = (
      await admin.call(lecture.add, {
        body: {
          lectureName: '退款讲座',
          speaker: '李老师',
          venueId: TICKET_VENUE,
          state: 'A',
          sessions: [{ useBeginDate: dayShift(now, -1), useEndDate: dayShift(now, 10), useBeginTime: '00:00', useEndTime: '23:59', capacity: 10 }],
          tickets: [{ ticketName: '成人票', price: 30 }],
        },
      })
    ).body.data;
    const created = (
      await admin.call(lecture.createOrder, {
        body: {
          venueId: TICKET_VENUE,
          sessionId: l.sessions[0].sessionId,
          ticketId: l.tickets[0].ticketId,
          users: [
            { userName: '甲', phone: '13900001001' },
            { userName: '乙', phone: '13900001002' },
          ],
        },
      })
    ).body.data;
    const before = await balanceFen();
    const due = await payByCard(lecture.queryOrderForPay, lecture.payOrder, created.orderId);
    await expectRefused(lecture.LECTURE_ORDER_TYPE, created.orderId, `该消费记录属于讲座订单 ${created.orderId}，请在讲座订单中退款`);
    const sold = async () =>
      (await server.db.selectFrom('lecture_session').select('sold').where('id', '=', l.sessions[0].sessionId).executeTakeFirstOrThrow()).sold;
    expect(await sold()).toBe(2);

    // 甲 verified: only 乙 can be refunded, half of what was paid.
    const order = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: String(created.orderId) } })).body.data;
    await cashier.call(lecture.check, { body: { orderId: created.orderId, userIds: [order.details[0].userId] } });
    const used = await admin.call(lecture.refundOrder, {
      body: { orderId: created.orderId, route: 'T', lines: [{ detailId: order.details[0].userId, quantity: 1 }] },
    });
    expect([used.status, used.body.msg]).toEqual([400, '商品「讲座票 甲」最多可退 0 件']);
    const back = await admin.call(lecture.refundOrder, { body: { orderId: created.orderId, route: 'T' } });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', amount: due / 2, parts: [{ payMode: 'cardpay', money: due / 2, state: 'R' }] } });
    expect(await balanceFen()).toBe(before - yuanToFen(due / 2));
    const after = (await cashier.call(lecture.getLectureOrder, { query: { ticketId: String(created.orderId) } })).body.data;
    expect(after.details.map((d) => d.state)).toEqual(['U', 'C']);
    expect(await sold()).toBe(1);
    const paid = (await admin.call(lecture.orderQuery, { query: { orderId: created.orderId } })).body.data.records[0];
    expect(paid.payState).toBe('PR');
    // What the 退款 screen works its amount from: each participant's list price (the card's discount is on the order) and the money given back.
    expect([paid.refundType, paid.refundedAmount, paid.details.map((d) => d.price)]).toEqual(['P', due / 2, [l.tickets[0].price, l.tickets[0].price]]);
    // Nothing left to refund.
    expect((await admin.call(lecture.refundOrder, { body: { orderId: created.orderId, route: 'T' } })).body.msg).toBe('该订单已全额退款');
  });

  it('an overstay order: refused at the card, the fee refunded through the order, the exit standing', async () => {
    let c = venueNow(server.clock.now().getTime());
    const mins = () => Number(c.time.slice(0, 2)) * 60 + Number(c.time.slice(3));
    if (mins() + 3 >= 24 * 60) {
      server.clock.advance((24 * 60 - mins() + 5) * 60_000);
      c = venueNow(server.clock.now().getTime());
    }
    const itemId = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data[0].itemId;
    const type = await addType(
      admin,
      { useTimeList: [{ beginWeek: c.week, endWeek: c.week, beginTime: hhmm(Math.max(mins() - 1, 0)), endTime: hhmm(mins() + 1) }] },
      itemId,
    );
    const sold = (await admin.call(ticket.createOrder, { body: { venueId: TICKET_VENUE, details: [{ typeId: type.typeId, quantity: 1 }] } })).body.data;
    await admin.call(ticket.payOrder, { body: { orderId: sold.orderId, payMode: 'cashpay', money: sold.pricePay } });
    const [t] = (await admin.call(ticket.getPrintDetail, { query: { orderIds: String(sold.orderId) } })).body.data;
    expect((await check(cashier, t.detailId)).body.code).toBe(200);
    server.clock.advance(48 * 60_000);
    const exit = (await cashier.call(ticket.sceneBalance, { body: { qrCode: t.qrCode } })).body.data;
    const timeoutOrderId = exit.timeoutOrderId!;
    const before = await balanceFen();
    const due = await payByCard(ticket.timeoutForPay, ticket.timeoutPay, timeoutOrderId);
    expect(due).toBeGreaterThan(0);
    await expectRefused(ticket.TIMEOUT_ORDER_TYPE, timeoutOrderId, `该消费记录属于超时订单 ${timeoutOrderId}，请在超时订单中退款`);

    const back = await admin.call(ticket.timeoutRefund, { body: { orderId: timeoutOrderId, route: 'T' } });
    expect(back.body).toMatchObject({ code: 200, data: { state: 'R', amount: due, parts: [{ payMode: 'cardpay', money: due, state: 'R' }] } });
    expect(await balanceFen()).toBe(before);
    const row = await server.db
      .selectFrom('ticket_timeout_order')
      .select(['pay_state', 'refunded_fen'])
      .where('id', '=', timeoutOrderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pay_state: 'FR', refunded_fen: yuanToFen(due) });
    // Still gone: the exit stands.
    expect((await cashier.call(ticket.sceneBalance, { body: { qrCode: t.qrCode } })).body).toMatchObject({ code: -1300 });
    expect((await admin.call(ticket.timeoutRefund, { body: { orderId: timeoutOrderId, route: 'T' } })).body.msg).toBe('该订单已全额退款');
    // The cashier (no 售票退款) may not.
    expect((await cashier.call(ticket.timeoutRefund, { body: { orderId: timeoutOrderId, route: 'T' } })).status).toBe(403);
    expect(await ledgerMismatches(server)).toEqual([]);
  });
});
