import { expect, it } from 'vitest';
import { ticket } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { addType, check, dayShift, sellPaid, TICKET_VENUE, venueNow } from './ticket.helpers.ts';

const ALL_WEEK = [{ beginWeek: 1, endWeek: 7, beginTime: '00:00', endTime: '23:59' }];
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

describeEachEngine('admission tickets on %s', (server) => {
  const { admin, cashier, other } = server;
  let itemId = 0;
  const people = async () => {
    const { body } = await cashier.call(ticket.queryPeopleCount, { query: { venueId: TICKET_VENUE } });
    return body.data.reduce((sum, r) => sum + r.count, 0);
  };
  /** A type whose one slot runs from now to `minutesLeft` from now (venue time); the clock moves past midnight first. */
  const slotType = async (minutesLeft: number) => {
    let c = venueNow(server.clock.now().getTime());
    const mins = () => Number(c.time.slice(0, 2)) * 60 + Number(c.time.slice(3));
    if (mins() + minutesLeft + 2 >= 24 * 60) {
      server.clock.advance((24 * 60 - mins() + 5) * 60_000);
      c = venueNow(server.clock.now().getTime());
    }
    const begin = Math.max(mins() - 1, 0);
    return addType(admin, { useTimeList: [{ beginWeek: c.week, endWeek: c.week, beginTime: hhmm(begin), endTime: hhmm(mins() + minutesLeft) }] }, itemId);
  };

  it('sells tickets paid at the till, each with its QR code; the seed holds types and tickets in each state', async () => {
    const types = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data;
    expect(types.map((t) => t.typeName)).toEqual(['散客全天票', '工作日上午票', '周末畅玩票']);
    expect(types[1].useTimeList).toEqual([{ beginWeek: 1, endWeek: 5, beginTime: '09:00', endTime: '12:00' }]);
    itemId = types[0].itemId;
    const seeded = (await cashier.call(ticket.orderQuery, { query: { current: 1, size: 20 } })).body.data;
    expect(new Set(seeded.records.flatMap((o) => o.details.map((d) => d.detailState)))).toEqual(new Set(['A', 'U', 'P', 'C']));

    const created = await cashier.call(ticket.createOrder, { body: { venueId: TICKET_VENUE, details: [{ typeId: types[0].typeId, quantity: 2 }] } });
    expect(created.body).toMatchObject({ code: 200, data: { orderState: 'P', payState: 'U', pricePay: 60 } });
    const { orderId } = created.body.data;
    const unpaid = (await cashier.call(ticket.queryDetail, { query: { qrCode: String(orderId) } })).body.data;
    expect(unpaid.map((d) => d.detailState)).toEqual(['P', 'P']);
    expect((await check(cashier, unpaid[0].detailId)).body).toMatchObject({ code: -9000, msg: '散客全天票：票据未支付，不能使用' });

    const forPay = await cashier.call(ticket.queryOrderForPay, { query: { orderId } });
    expect(forPay.body.data).toMatchObject({ totalPrice: 60, details: [{ goodsName: '散客全天票', pricePay: 30 }, { pricePay: 30 }] });
    const paid = await cashier.call(ticket.payOrder, { body: { orderId, payMode: 'cashpay', money: 60 } });
    expect(paid.body).toMatchObject({ code: 200, data: { orderState: 'A', payState: 'P', pricePay: 60 } });
    const printed = (await cashier.call(ticket.getPrintDetail, { query: { orderIds: String(orderId) } })).body.data;
    expect(printed).toHaveLength(2);
    expect(printed[0].qrCode).toMatch(/^T[A-Z2-9]{20}$/);
    expect(printed[0].qrCode).not.toBe(printed[1].qrCode);
    expect(printed.map((p) => [p.detailState, p.printCount])).toEqual([
      ['A', 1],
      ['A', 1],
    ]);
    const reprint = (await cashier.call(ticket.getPrintDetail, { query: { orderIds: String(orderId) } })).body.data;
    expect(reprint[0].printCount).toBe(2);

    const before = await people();
    const found = (await cashier.call(ticket.queryDetail, { query: { qrCode: printed[1].qrCode } })).body.data;
    expect(found.map((d) => d.detailId)).toEqual(printed.map((p) => p.detailId));
    expect((await check(cashier, printed[0].detailId)).body).toEqual({ code: 200, msg: expect.any(String), data: { checked: 1, orderId } });
    expect(await people()).toBe(before + 1);
    expect((await check(cashier, printed[0].detailId)).body).toMatchObject({ code: -9000, msg: '散客全天票：票据已使用' });
    const after = (await cashier.call(ticket.queryDetail, { query: { qrCode: printed[0].qrCode } })).body.data;
    expect(after.map((d) => d.detailState)).toEqual(['U', 'A']);
  });

  it('verifies a ticket once when desks race for it', async () => {
    const type = await addType(admin, { useTimeList: ALL_WEEK, uses: 2 }, itemId);
    const { tickets } = await sellPaid(cashier, type.typeId, 1);
    const before = await people();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => check(i % 2 ? admin : cashier, tickets[0].detailId)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body.msg)).toEqual(Array(6).fill(`${type.typeName}：票据已使用`));
    expect(await people()).toBe(before + 2);
    const row = await server.db
      .selectFrom('ticket_detail')
      .select(['detail_state', 'uses_left'])
      .where('id', '=', tickets[0].detailId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ detail_state: 'U', uses_left: 0 });
  });

  it('holds date, weekday and slot rules in the venue time zone', async () => {
    const now = server.clock.now().getTime();
    const today = venueNow(now);
    const otherDay = today.week === 7 ? 1 : today.week + 1;
    const weekday = await addType(admin, { useTimeList: [{ beginWeek: otherDay, endWeek: otherDay, beginTime: '00:00', endTime: '23:59' }] }, itemId);
    const w = await sellPaid(cashier, weekday.typeId, 1);
    expect((await check(cashier, w.tickets[0].detailId)).body.msg).toBe(
      `${weekday.typeName}：今天（周${ticket.WEEK_LABELS[today.week]}）不在票据可用日内：${ticket.slotText(weekday.useTimeList[0])}`,
    );

    const later = await addType(admin, { useTimeList: ALL_WEEK, useBeginDate: dayShift(now, 1), useEndDate: dayShift(now, 3) }, itemId);
    const l = await sellPaid(cashier, later.typeId, 1);
    expect((await check(cashier, l.tickets[0].detailId)).body.msg).toBe(`${later.typeName}：票据未到使用日期（${dayShift(now, 1)}起可用）`);

    const expired = await addType(admin, { useTimeList: ALL_WEEK, useBeginDate: dayShift(now, -5), useEndDate: dayShift(now, -1) }, itemId);
    const refused = await cashier.call(ticket.createOrder, { body: { venueId: TICKET_VENUE, details: [{ typeId: expired.typeId, quantity: 1 }] } });
    expect(refused.body).toMatchObject({ code: -9000, msg: `票种「${expired.typeName}」已过有效期` });

    // A slot that ends two minutes from now: usable now, refused once its end has come.
    const slot = await slotType(2);
    const s = await sellPaid(cashier, slot.typeId, 2);
    expect((await check(cashier, s.tickets[0].detailId)).body.code).toBe(200);
    server.clock.advance(3 * 60_000);
    expect((await check(cashier, s.tickets[1].detailId)).body.msg).toBe(
      `${slot.typeName}：当前时间不在票据可用时段内：${ticket.slotText(slot.useTimeList[0])}`,
    );
  });

  it('judges a check by the rules as edited, on the very next check (rules kept in memory by version)', async () => {
    const today = venueNow(server.clock.now().getTime());
    const otherDay = today.week === 7 ? 1 : today.week + 1;
    const type = await addType(admin, { useTimeList: [{ beginWeek: otherDay, endWeek: otherDay, beginTime: '00:00', endTime: '23:59' }] }, itemId);
    const { tickets } = await sellPaid(cashier, type.typeId, 2);
    // Refused: the slots of the type are now kept in memory.
    expect((await check(cashier, tickets[0].detailId)).body.msg).toContain('不在票据可用日内');
    const { typeId, venueName: _v, itemName: _i, ...rest } = type;
    const edited = await admin.call(ticket.typeEdit, { body: { ...rest, typeId, withHand: 'F', state: 'A', useTimeList: ALL_WEEK } });
    expect(edited.body.code).toBe(200);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    // A write that bypasses the routes (another process, an operator's SQL) is seen too: the slot gone, the ticket is refused.
    await server.db.updateTable('ticket_type_time').set({ begin_week: otherDay, end_week: otherDay }).where('type_id', '=', typeId).execute();
    expect((await check(cashier, tickets[1].detailId)).body.msg).toContain('不在票据可用日内');
  });

  it('refuses tickets of two orders, unknown codes and another tenant', async () => {
    const types = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data;
    const a = await sellPaid(cashier, types[0].typeId, 1);
    const b = await sellPaid(cashier, types[0].typeId, 1);
    expect((await check(cashier, a.tickets[0].detailId, b.tickets[0].detailId)).body).toMatchObject({ code: -9000, msg: '当前票据不属于同一订单' });
    expect((await cashier.call(ticket.queryDetail, { query: { qrCode: 'TNOSUCHCODE000000000000' } })).body).toMatchObject({
      code: -1300,
      msg: '未查询到票据信息',
    });
    expect((await other.call(ticket.queryDetail, { query: { qrCode: a.tickets[0].qrCode } })).body).toMatchObject({ code: -1300, msg: '未查询到票据信息' });
    expect((await other.call(ticket.queryDetail, { query: { qrCode: String(a.orderId) } })).body).toMatchObject({ code: -1300, msg: '未查询到票据信息' });
    expect((await check(other, a.tickets[0].detailId)).body).toMatchObject({ code: -1300, msg: '未查询到票据信息' });
    const row = await server.db.selectFrom('ticket_detail').select('detail_state').where('id', '=', a.tickets[0].detailId).executeTakeFirstOrThrow();
    expect(row.detail_state).toBe('A');
  });

  it('refunds only unused tickets', async () => {
    const types = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data;
    const { orderId, tickets } = await sellPaid(cashier, types[0].typeId, 2);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    const refunded = await admin.call(ticket.refundOrder, { body: { orderId, route: 'T' } });
    expect(refunded.body).toMatchObject({ code: 200, data: { amount: 30, state: 'R' } });
    const rows = (await admin.call(ticket.ticketById, { params: { id: orderId } })).body.data;
    expect(rows).toMatchObject({ payState: 'PR', refundedAmount: 30 });
    expect(rows.details.map((d) => d.detailState)).toEqual(['U', 'C']);
    expect((await cashier.call(ticket.refundOrder, { body: { orderId, route: 'T' } })).status).toBe(403);
  });

  it("keeps a venue's closures and an item's capacity (venue settings)", async () => {
    const types = (await cashier.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data;
    const { tickets } = await sellPaid(cashier, types[0].typeId, 2);
    const item = { tenant: 1, venue: TICKET_VENUE, item: types[0].itemId };
    const inside = await people();
    await server.db
      .updateTable('venue_item')
      .set({ capacity: inside + 1 })
      .where('venue_id', '=', item.venue)
      .where('item_id', '=', item.item)
      .execute();
    expect((await check(cashier, tickets[0].detailId, tickets[1].detailId)).body.msg).toBe(
      `${types[0].itemName}场内人数已满（限${inside + 1}人，场内${inside}人）`,
    );
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    await server.db.updateTable('venue_item').set({ capacity: 0 }).where('venue_id', '=', item.venue).where('item_id', '=', item.item).execute();

    const today = venueNow(server.clock.now().getTime()).date;
    await server.db
      .insertInto('venue_closure')
      .values({
        tenant_id: 1,
        venue_id: TICKET_VENUE,
        item_id: null,
        start_date: today,
        end_date: today,
        reason: '设备检修',
        created_at: new Date().toISOString(),
      })
      .execute();
    const closed = `场馆${today}闭馆：设备检修`;
    expect((await check(cashier, tickets[1].detailId)).body.msg).toBe(closed);
    expect((await cashier.call(ticket.createOrder, { body: { venueId: TICKET_VENUE, details: [{ typeId: types[0].typeId, quantity: 1 }] } })).body.msg).toBe(
      closed,
    );
    await server.db.deleteFrom('venue_closure').where('reason', '=', '设备检修').execute();
  });

  it('charges an overstay at the till before the exit', async () => {
    const slot = await slotType(1);
    const { tickets } = await sellPaid(cashier, slot.typeId, 1);
    expect((await check(cashier, tickets[0].detailId)).body.code).toBe(200);
    const inside = await people();
    // 47 minutes past the slot's end: 15 free, then two started periods of 30 at 10 元.
    server.clock.advance(48 * 60_000);
    const exit = await cashier.call(ticket.sceneBalance, { body: { qrCode: tickets[0].qrCode } });
    expect(exit.body).toMatchObject({ code: 200, data: { left: false, pricePay: 20 } });
    const timeoutOrderId = exit.body.data.timeoutOrderId!;
    expect(await people()).toBe(inside);
    const due = await cashier.call(ticket.timeoutForPay, { query: { orderId: timeoutOrderId } });
    expect(due.body.data).toMatchObject({ totalPrice: 20, details: [{ goodsName: expect.stringContaining(`${slot.typeName} 超时`) }] });
    const paid = await cashier.call(ticket.timeoutPay, { body: { orderId: timeoutOrderId, payMode: 'cashpay', money: 20 } });
    expect(paid.body).toMatchObject({ code: 200, data: { payState: 'P' } });
    expect(await people()).toBe(inside - 1);
    expect((await cashier.call(ticket.sceneBalance, { body: { qrCode: tickets[0].qrCode } })).body).toMatchObject({ code: -1300, msg: '未查询到在场的票据' });
  });

  it('reports ticket sales by day', async () => {
    const now = server.clock.now().getTime();
    const { body } = await cashier.call(ticket.queryTicketSaleByDay, { query: { beginDate: dayShift(now, -2), endDate: dayShift(now, 1) } });
    const all = body.data.find((r) => r.typeName === '散客全天票');
    expect(all?.quantity).toBeGreaterThanOrEqual(5);
    expect(all?.checked).toBeGreaterThanOrEqual(1);
  });
});
