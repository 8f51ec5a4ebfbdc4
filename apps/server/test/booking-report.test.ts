import { expect, it } from 'vitest';
import { booking, bookingReport } from '@venue/contract';
import { addField, addRule, dateIn, itemId, reserve, reservePaid, VENUE } from './booking.helpers.ts';
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
});
