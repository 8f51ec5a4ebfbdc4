import { expect, it } from 'vitest';
import { booking, bookingReport } from '@venue/contract';
import { addField, addRule, boardHears, cellOf, dateIn, itemId, moveTo, reserve, reservePaid, VENUE } from './booking.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { readXlsx } from './member-card.helpers.ts';

describeEachEngine('field booking figures on %s', (server) => {
  const { admin, cashier, other, api } = server;

  it('counts open, booked, occupied hours and revenue per field and item; refuses a bad range; exports them', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '统计场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 100 });
    const date = dateIn(server, 2);
    await reservePaid(cashier, item, [
      { fieldId: f.fieldId, date, beginTime: '10:00' },
      { fieldId: f.fieldId, date, beginTime: '11:00' },
    ]);
    const dropped = await reservePaid(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '12:00' }]);
    expect((await admin.call(booking.cancel, { body: { orderId: dropped.orderId } })).body.data).toMatchObject({ fee: 0, cancelled: 1 });
    await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '13:00' }]);
    await admin.call(booking.occupy, {
      body: { venueId: VENUE, itemId: item, fieldIds: [f.fieldId], date, beginTime: '14:00', endTime: '15:00', reason: '维护' },
    });

    const query = { venueId: VENUE, itemId: item, beginDate: date, endDate: date };
    const usage = (await admin.call(bookingReport.usageQueryCall, { query })).body.data!;
    expect(usage.rows.find((r) => r.fieldId === f.fieldId)).toEqual({
      fieldId: f.fieldId,
      fieldName: '统计场',
      itemId: item,
      itemName: '乒乓球',
      saleMode: 'F',
      openHours: 14,
      bookedHours: 2,
      occupiedHours: 1,
      usedHours: 0,
      rate: 14.3,
      revenue: 200,
      cancelled: 1,
    });
    expect(usage.items).toEqual([expect.objectContaining({ itemId: item, openHours: 14, bookedHours: 2, revenue: 200 })]);
    expect((await admin.call(bookingReport.usageQueryCall, { query: { ...query, beginDate: dateIn(server, 3) } })).body.msg).toBe('开始日期不能晚于结束日期');
    expect((await admin.call(bookingReport.usageQueryCall, { query: { ...query, beginDate: dateIn(server, -100) } })).body.msg).toBe('统计范围不能超过93天');
    expect((await other.call(bookingReport.usageQueryCall, { query })).body).toMatchObject({ code: -1100 });

    const strip = (await cashier.call(bookingReport.dayStrip, { query: { venueId: VENUE, itemId: item, date, days: 2 } })).body.data!;
    expect(strip.map((d) => d.date)).toEqual([date, dateIn(server, 3)]);
    // 统计场 on `date`: 10, 11 paid, 13 held, 14 occupied; its other cells free (fields of other rules add theirs).
    expect(strip[0].booked).toBe(4);
    expect(strip[1]).toMatchObject({ booked: 0, closedReason: null });
    expect(strip[0].free).toBe(strip[1].free - 4);
    const file = await admin.download(bookingReport.exportUsage.path, {
      query: { venueId: String(VENUE), itemId: String(item), beginDate: date, endDate: date },
    });
    expect(file.status).toBe(200);
    const rows = await readXlsx(file.bytes);
    expect(rows[0]).toEqual(['项目', '场地', '售卖方式', '开放小时', '预订小时', '占用小时', '开场小时', '利用率（%）', '营收（元）', '取消时段']);
    expect(rows).toContainEqual(['乒乓球', '统计场', '按时段', '14', '2', '1', '0', '14.3', '200', '1']);
  });

  it("shows today's fields on the public board without names; another tenant sees none", async () => {
    const token = (await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: VENUE } })).body.data.token as string;
    const live = await api.call(bookingReport.liveFields, { query: { venueId: VENUE }, token });
    expect(live.body.code).toBe(200);
    const courts = live.body.data!.items.find((i) => i.itemName === '羽毛球')!;
    expect(courts.fields.map((x) => x.fieldName)).toEqual(['1号场', '2号场', '3号场', '4号场', '5号场', '6号场']);
    // The demo books 1号场 19:00-21:00 today (paid, or marked not used once over: booked either way).
    expect(courts.fields[0]).toMatchObject({ saleMode: 'F', booked: 2, used: 0 });
    expect(JSON.stringify(live.body.data)).not.toContain('王先生');
    expect((await other.call(bookingReport.liveFields, { query: { venueId: VENUE } })).body.data!.items).toEqual([]);
  });

  // Last in the suite: it moves the clock to tomorrow.
  it("says each field's state now, its next booking and a pool's heads; moves the boards on check-in, occupancy and close", async () => {
    const item = await itemId(server);
    const court = await addField(admin, item, { fieldName: '看板场', sort: 90 });
    const pool = await addField(admin, item, { fieldName: '看板池', saleMode: 'C', capacity: 10, sort: 91 });
    await addRule(admin, item, { fieldIds: [court.fieldId, pool.fieldId], price: 40 });
    const date = dateIn(server, 1);
    moveTo(server, date, '09:40');
    // A day later: the suite's sessions may have expired; log in again.
    const anon = (await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: VENUE } })).body.data.token as string;
    const desk = server.api.as(await server.api.login('admin', 'admin123'));
    const boardOf = async () => {
      const { body } = await api.call(bookingReport.liveFields, { query: { venueId: VENUE }, token: anon });
      const fields = body.data!.items.find((i) => i.itemId === item)!.fields;
      return { court: fields.find((f) => f.fieldId === court.fieldId)!, pool: fields.find((f) => f.fieldId === pool.fieldId)! };
    };
    // 09:40: the court paid 10:00-12:00 (one order) and held at 15:00; the pool 3 heads paid at 10:00, 2 held at 13:00.
    const paid = await reservePaid(desk, item, [
      { fieldId: court.fieldId, date, beginTime: '10:00' },
      { fieldId: court.fieldId, date, beginTime: '11:00' },
    ]);
    const held = (await reserve(desk, item, [{ fieldId: court.fieldId, date, beginTime: '15:00' }])).body.data!;
    // The hold: the tenant's 30 minutes from the order's making, then the auto-close job closes it.
    expect(held).toMatchObject({ payState: 'U', autoCloseMinutes: 30, holdSeconds: 1800 });
    expect(held.createTime).toMatch(new RegExp(`^${date} 09:40:\\d\\d$`));
    expect(await cellOf(desk, item, date, court.fieldId, '15:00')).toMatchObject({ state: 'held', holdUntil: '10:10' });
    expect(await cellOf(desk, item, date, court.fieldId, '10:00')).toMatchObject({ state: 'paid', holdUntil: null });
    const swim = await reservePaid(desk, item, [{ fieldId: pool.fieldId, date, beginTime: '10:00', heads: 3 }]);
    expect((await reserve(desk, item, [{ fieldId: pool.fieldId, date, beginTime: '13:00', heads: 2 }])).body.code).toBe(200);

    let board = await boardOf();
    expect(board.court).toMatchObject({ now: 'free', capacity: 1, headsNow: 0, next: { beginTime: '10:00', endTime: '12:00', state: 'booked', heads: 0 } });
    expect(board.pool).toMatchObject({ now: 'free', capacity: 10, headsNow: 0, next: { beginTime: '10:00', endTime: '11:00', state: 'booked', heads: 3 } });

    // Checked in at 09:40 (from half an hour before): the board hears of it, no sale involved.
    const opened = await boardHears(api.url, anon, async () => {
      const checked = await desk.call(booking.check, { body: { orderId: paid.orderId, detailIds: [paid.details[0].detailId] } });
      expect(checked.body.code).toBe(200);
    });
    expect(opened).toBeLessThan(5000);
    expect((await desk.call(booking.check, { body: { orderId: swim.orderId, detailIds: [swim.details[0].detailId] } })).body.code).toBe(200);
    // An occupancy 17:00-18:00 moves it too.
    const occupied = await boardHears(api.url, anon, async () => {
      const made = await desk.call(booking.occupy, {
        body: { venueId: VENUE, itemId: item, fieldIds: [court.fieldId], date, beginTime: '17:00', endTime: '18:00', reason: '维护' },
      });
      expect(made.body.code).toBe(200);
    });
    expect(occupied).toBeLessThan(5000);

    // 10:05: the court in use (its 11:00 is the same booking: not the next), the held 15:00 next; the pool's heads now.
    moveTo(server, date, '10:05');
    board = await boardOf();
    expect(board.court).toMatchObject({ now: 'used', next: { beginTime: '15:00', endTime: '16:00', state: 'booked' } });
    expect(board.pool).toMatchObject({ now: 'used', capacity: 10, headsNow: 3, next: { beginTime: '13:00', endTime: '14:00', state: 'booked', heads: 2 } });

    // The held order closed: the board hears of it and the occupancy is next.
    const closed = await boardHears(api.url, anon, async () =>
      expect((await desk.call(booking.closeOrder, { body: { orderId: held.orderId } })).body.code).toBe(200),
    );
    expect(closed).toBeLessThan(5000);
    expect((await boardOf()).court).toMatchObject({ now: 'used', next: { beginTime: '17:00', endTime: '18:00', state: 'occupied' } });
    // 17:30: occupied now, nothing after it today.
    moveTo(server, date, '17:30');
    expect((await boardOf()).court).toMatchObject({ now: 'occupied', next: null });
  });
});
