import { expect, it } from 'vitest';
import { booking, bookingAdmin, venue } from '@venue/contract';
import { addField, addRule, cellOf, dateIn, itemId, moveTo, reserve, reservePaid, VENUE } from './booking.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';

describeEachEngine('field booking on %s', (server) => {
  const { admin, cashier, other } = server;
  const cell = (name: string, date: string, begin: string, end: string) => `「${name}」${date} ${begin}-${end}`;

  it('keeps fields and price rules: refusals in Chinese, member prices by card type', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '甲场' });
    expect(f).toMatchObject({ fieldName: '甲场', saleMode: 'F', capacity: 1, slotMinutes: 60, state: 'A' });
    expect((await admin.call(bookingAdmin.fieldAdd, { body: { venueId: VENUE, itemId: item, fieldName: '甲场' } })).body).toMatchObject({
      code: -1000,
      msg: '该项目已有同名场地',
    });
    const swim = await itemId(server, '游泳');
    expect((await admin.call(bookingAdmin.fieldAdd, { body: { venueId: VENUE, itemId: swim, fieldName: '乙场' } })).body.msg).toBe('该场馆未开设此运动项目');
    expect((await admin.call(bookingAdmin.fieldAdd, { body: { venueId: VENUE, itemId: item, fieldName: '丙场', slotMinutes: 45 as never } })).status).toBe(400);
    expect((await cashier.call(bookingAdmin.fieldAdd, { body: { venueId: VENUE, itemId: item, fieldName: '丁场' } })).status).toBe(403);
    const bad = await admin.call(bookingAdmin.priceSave, {
      body: { venueId: VENUE, itemId: item, ruleName: '错', beginTime: '12:00', endTime: '10:00', price: 1 },
    });
    expect(bad.body.msg).toBe('结束时间必须晚于开始时间');
    const card = await cardByNo(admin, DEMO.vip);
    const cardType = await server.db.selectFrom('card').select('card_type_id').where('id', '=', card.cardId).executeTakeFirstOrThrow();
    const rule = await addRule(admin, item, { fieldIds: [f.fieldId], memberPrices: [{ cardTypeId: cardType.card_type_id, price: 40 }] });
    expect(rule).toMatchObject({ fieldIds: [f.fieldId], weekdays: [1, 2, 3, 4, 5, 6, 7], price: 50, memberPrices: [{ cardTypeName: '储值卡', price: 40 }] });
    const listed = (await cashier.call(bookingAdmin.priceQuery, { query: { venueId: VENUE, itemId: item } })).body.data!;
    expect(listed.map((r) => r.ruleId)).toContain(rule.ruleId);
  });

  it('shows the grid: free cells with prices, past ones today, closed outside prices and on a closure day', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '网格场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], beginTime: '08:00', endTime: '20:00', price: 30 });
    const date = dateIn(server, 2);
    const grid = (await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date } })).body.data!;
    expect(grid).toMatchObject({ venueId: VENUE, itemId: item, date, openTime: '08:00', closeTime: '22:00', closedReason: null });
    const cells = grid.fields.find((x) => x.fieldId === f.fieldId)!.cells;
    expect(cells).toHaveLength(14);
    expect(cells[0]).toMatchObject({ beginTime: '08:00', endTime: '09:00', state: 'free', price: 30, left: 1 });
    expect(cells[13]).toMatchObject({ beginTime: '21:00', state: 'closed', price: null });
    expect(cells[13].note).toBe(`${cell('网格场', date, '21:00', '22:00')}未设置价格，不可预订`);
    const yesterdayish = dateIn(server, -1);
    const old = (await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date: yesterdayish } })).body.data!;
    expect(
      new Set(
        old.fields
          .find((x) => x.fieldId === f.fieldId)!
          .cells.slice(0, 12)
          .map((c) => c.state),
      ),
    ).toEqual(new Set(['past']));

    const closedDay = dateIn(server, 40);
    await admin.call(venue.editCloseInfo, {
      body: { venueId: VENUE, closures: [{ itemId: item, startDate: closedDay, endDate: closedDay, reason: '设备检修' }] },
    });
    const closed = (await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date: closedDay } })).body.data!;
    expect(closed.closedReason).toBe('设备检修');
    expect(closed.fields.find((x) => x.fieldId === f.fieldId)!.cells[0]).toMatchObject({
      state: 'closed',
      note: `${cell('网格场', closedDay, '08:00', '09:00')}闭馆：设备检修`,
    });
    const refused = await reserve(cashier, item, [{ fieldId: f.fieldId, date: closedDay, beginTime: '08:00' }]);
    expect(refused.body).toMatchObject({ code: -9000, msg: `${cell('网格场', closedDay, '08:00', '09:00')}闭馆：设备检修` });
    await admin.call(venue.editCloseInfo, { body: { venueId: VENUE, closures: [] } });
    // An item stopped in 项目设置 is closed too.
    const settings = (await admin.call(venue.itemSettingsByVenue, { query: { venueId: VENUE } })).body.data!.find((i) => i.itemId === item)!;
    const setItem = (state: 'A' | 'S') => admin.call(venue.editVenueItem, { body: { venueId: VENUE, ...settings, state } });
    expect((await setItem('S')).body.code).toBe(200);
    expect((await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date } })).body.data!.closedReason).toBe('该项目已停止开放');
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '09:00' }])).body.msg).toBe(
      `${cell('网格场', date, '09:00', '10:00')}闭馆：该项目已停止开放`,
    );
    expect((await setItem('A')).body.code).toBe(200);
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date: yesterdayish, beginTime: '09:00' }])).body.msg).toBe(
      `${cell('网格场', yesterdayish, '09:00', '10:00')}已过预订时间`,
    );
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '08:30' }])).body.msg).toContain('不在营业时间内');
    expect((await other.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date } })).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
  });

  it('holds cells of an unpaid reservation, sells them once paid and frees them when it is closed', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '预订场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 80 });
    const date = dateIn(server, 3);
    const made = await reserve(
      cashier,
      item,
      [
        { fieldId: f.fieldId, date, beginTime: '10:00' },
        { fieldId: f.fieldId, date, beginTime: '11:00' },
      ],
      { contactName: '周先生', phone: '13600000001' },
    );
    expect(made.body).toMatchObject({ code: 200, data: { orderType: 'R', orderState: 'P', payState: 'U', pricePay: 160 } });
    const orderId = made.body.data!.orderId;
    expect(await cellOf(cashier, item, date, f.fieldId, '10:00')).toMatchObject({ state: 'held', orderId, note: '周先生' });
    const forPay = (await cashier.call(booking.queryOrderForPay, { query: { orderId } })).body.data!;
    expect(forPay).toMatchObject({ totalPrice: 160, details: [{ goodsName: `预订场 ${date} 10:00-11:00`, pricePay: 80 }, { pricePay: 80 }] });
    const again = await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '11:00' }]);
    expect(again.body).toMatchObject({ code: -9000, msg: `${cell('预订场', date, '11:00', '12:00')}已被预订，请选择其他时段` });
    expect((await cashier.call(booking.payOrder, { body: { orderId, payMode: 'cashpay', money: 160 } })).body).toMatchObject({
      code: 200,
      data: { orderState: 'A', payState: 'P' },
    });
    expect(await cellOf(cashier, item, date, f.fieldId, '10:00')).toMatchObject({ state: 'paid', orderId });
    expect((await cashier.call(booking.closeOrder, { body: { orderId } })).body.msg).toBe('只能关闭未支付的订单');

    const held = await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '12:00' }]);
    const heldId = held.body.data!.orderId;
    expect((await cashier.call(booking.closeOrder, { body: { orderId: heldId } })).body).toMatchObject({ code: 200, data: { orderState: 'C', payState: 'C' } });
    expect(await cellOf(cashier, item, date, f.fieldId, '12:00')).toMatchObject({ state: 'free', orderId: null });
    expect((await cashier.call(booking.payOrder, { body: { orderId: heldId, payMode: 'cashpay', money: 80 } })).body.msg).toBe('订单已关闭，不能支付');
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '12:00' }])).body.code).toBe(200);

    const slip = (await cashier.call(booking.getBookingOrder, { query: { code: String(orderId) } })).body.data!;
    expect(slip.code).toMatch(/^B[A-Z2-9]{20}$/);
    expect((await cashier.call(booking.getBookingOrder, { query: { code: slip.code } })).body.data).toMatchObject({
      orderId,
      contactName: '周先生',
      phone: '136****0001',
    });
    expect((await other.call(booking.getBookingOrder, { query: { code: slip.code } })).body).toMatchObject({ code: -1300, msg: '未查询到场地预订信息' });
    const listed = (await cashier.call(booking.orderQuery, { query: { current: 1, size: 10, useDate: date } })).body.data!;
    expect(listed.records.map((o) => o.orderId)).toContain(orderId);
  });

  it('lets exactly one of 20 desks book a cell; the others are refused naming it, and nothing breaks', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '抢订场' });
    await addRule(admin, item, { fieldIds: [f.fieldId] });
    const date = dateIn(server, 4);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? admin : cashier, item, [{ fieldId: f.fieldId, date, beginTime: '19:00' }])),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body.msg)).toEqual(
      Array(19).fill(`${cell('抢订场', date, '19:00', '20:00')}已被预订，请选择其他时段`),
    );
    const rows = await server.db.selectFrom('booking_line').select('state').where('field_id', '=', f.fieldId).execute();
    expect(rows).toEqual([{ state: 'P' }]);
    const orders = await server.db
      .selectFrom('booking_order')
      .select('id')
      .where(
        'id',
        'in',
        answers.map((a) => a.body.data?.orderId ?? 0),
      )
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('sells heads of a headcount field up to its capacity, also when desks race', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '人数场', saleMode: 'C', capacity: 5 });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 20 });
    const date = dateIn(server, 5);
    const three = await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '15:00', heads: 3 }]);
    expect(three.body.data).toMatchObject({ pricePay: 60 });
    expect(await cellOf(cashier, item, date, f.fieldId, '15:00')).toMatchObject({ state: 'free', left: 2 });
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '15:00', heads: 3 }])).body.msg).toBe(
      `${cell('人数场', date, '15:00', '16:00')}名额不足（剩余2人）`,
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => reserve(i % 2 ? admin : cashier, item, [{ fieldId: f.fieldId, date, beginTime: '15:00' }])),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.msg.startsWith(cell('人数场', date, '15:00', '16:00')))).toBe(true);
    // Full, and every head still unpaid: held.
    expect(await cellOf(cashier, item, date, f.fieldId, '15:00')).toMatchObject({ state: 'held', left: 0 });
    const heads = await server.db.selectFrom('booking_heads').select('sold').where('field_id', '=', f.fieldId).executeTakeFirstOrThrow();
    expect(heads.sold).toBe(5);
    expect((await cashier.call(booking.closeOrder, { body: { orderId: three.body.data!.orderId } })).body.code).toBe(200);
    expect(await cellOf(cashier, item, date, f.fieldId, '15:00')).toMatchObject({ state: 'free', left: 3 });
  });

  it('prices by the member card type and takes stored-value cards; other cards are refused', async () => {
    const item = await itemId(server);
    const vip = await cardByNo(cashier, DEMO.vip);
    const cardType = await server.db.selectFrom('card').select('card_type_id').where('id', '=', vip.cardId).executeTakeFirstOrThrow();
    const f = await addField(admin, item, { fieldName: '会员场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 50, memberPrices: [{ cardTypeId: cardType.card_type_id, price: 40 }] });
    const date = dateIn(server, 6);
    const grid = await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date, cardId: vip.cardId } });
    expect(grid.body.data!.fields.find((x) => x.fieldId === f.fieldId)!.cells[0].price).toBe(40);
    const made = await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '09:00' }], { cardId: vip.cardId });
    expect(made.body.data).toMatchObject({ pricePay: 40 });
    const orderId = made.body.data!.orderId;
    const due = (await cashier.call(booking.queryOrderForPay, { query: { orderId, payMode: 'cardpay', cardIds: String(vip.cardId) } })).body.data!.totalPrice;
    expect(due).toBe(36);
    const paid = await cashier.call(booking.payOrder, { body: { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: due } });
    expect(paid.body).toMatchObject({ code: 200, data: { payState: 'P', payRecords: [{ payMode: 'cardpay', money: 36 }] } });
    const order = (await cashier.call(booking.getBookingOrder, { query: { code: String(orderId) } })).body.data!;
    expect(order).toMatchObject({ memberId: vip.memberId, cardId: vip.cardId, memberName: vip.memberName });

    const times = await cardByNo(cashier, DEMO.times);
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '10:00' }], { cardId: times.cardId })).body.msg).toBe(
      '该会员卡不适用于当前项目',
    );
    const lost = await server.db.selectFrom('card').select('id').where('card_no', '=', DEMO.lost).executeTakeFirstOrThrow();
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '10:00' }], { cardId: lost.id })).body.msg).toBe('当前卡状态不可用');
    const someone = await server.db.selectFrom('member').select('id').where('tenant_id', '=', 1).where('id', '!=', vip.memberId).executeTakeFirstOrThrow();
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '10:00' }], { cardId: vip.cardId, memberId: someone.id })).body.msg).toBe(
      '会员卡不属于当前会员',
    );
  });

  it('lets a period card book at its member price and pay by the card; a times card pays no booking of an item it does not cover', async () => {
    const swim = await itemId(server, '游泳');
    const poolVenue = (await server.db.selectFrom('venue').select('id').where('tenant_id', '=', 1).where('name', '=', '城东游泳馆').executeTakeFirstOrThrow())
      .id;
    const year = await cardByNo(cashier, DEMO.year);
    const yearType = await server.db.selectFrom('card').select('card_type_id').where('id', '=', year.cardId).executeTakeFirstOrThrow();
    const lane = (await admin.call(bookingAdmin.fieldAdd, { body: { venueId: poolVenue, itemId: swim, fieldName: '年卡泳道', saleMode: 'C', capacity: 4 } }))
      .body.data!;
    await admin.call(bookingAdmin.priceSave, {
      body: {
        venueId: poolVenue,
        itemId: swim,
        ruleName: '年卡免费',
        fieldIds: [lane.fieldId],
        beginTime: '08:00',
        endTime: '22:00',
        price: 30,
        memberPrices: [{ cardTypeId: yearType.card_type_id, price: 0 }],
      },
    });
    const date = dateIn(server, 6);
    const made = await cashier.call(booking.createOrder, {
      body: { venueId: poolVenue, itemId: swim, cells: [{ fieldId: lane.fieldId, date, beginTime: '09:00', heads: 1 }], cardId: year.cardId },
    });
    expect(made.body.data).toMatchObject({ pricePay: 0 });
    const orderId = made.body.data!.orderId;
    const paid = await cashier.call(booking.payOrder, { body: { orderId, payMode: 'cardpay', payType: 'D', authCode: String(year.cardId), money: 0 } });
    // Nothing to charge: the card's member price was the whole of it; the order keeps the card.
    expect(paid.body).toMatchObject({ code: 200, data: { payState: 'P' } });
    expect((await cashier.call(booking.getBookingOrder, { query: { code: String(orderId) } })).body.data).toMatchObject({ cardId: year.cardId, pricePay: 0 });
    const far = await cashier.call(booking.createOrder, {
      body: {
        venueId: poolVenue,
        itemId: swim,
        cells: [{ fieldId: lane.fieldId, date: dateIn(server, 400), beginTime: '09:00', heads: 1 }],
        cardId: year.cardId,
      },
    });
    expect(far.body.msg).toBe('会员卡有效期不足以覆盖所选时段');

    const times = await cardByNo(cashier, DEMO.times);
    const other = (
      await cashier.call(booking.createOrder, {
        body: { venueId: poolVenue, itemId: swim, cells: [{ fieldId: lane.fieldId, date, beginTime: '10:00', heads: 1 }] },
      })
    ).body.data!;
    const refused = await cashier.call(booking.payOrder, {
      body: { orderId: other.orderId, payMode: 'cardpay', payType: 'T', authCode: String(times.cardId), money: 30 },
    });
    // The 羽毛球 times card does not cover 游泳 (booking-times.test.ts: it pays 羽毛球 bookings by times).
    expect(refused.body).toMatchObject({ code: 606, msg: '该会员卡不适用于当前项目' });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(times.balance);
  });

  it('books a whole venue (P), blocks cells for training (L) without payment and releases them', async () => {
    const item = await itemId(server, '乒乓球');
    const date = dateIn(server, 7);
    const fields = (await admin.call(bookingAdmin.fieldQuery, { query: { venueId: VENUE, itemId: item } })).body.data!.filter((x) => x.state === 'A');
    const rules = (await admin.call(bookingAdmin.priceQuery, { query: { venueId: VENUE, itemId: item } })).body.data!;
    for (const r of rules) await admin.call(bookingAdmin.priceRemove, { body: { ruleId: r.ruleId } });
    await addRule(admin, item, { price: 10 });
    const whole = await cashier.call(booking.createWhole, {
      body: { venueId: VENUE, itemId: item, date, beginTime: '14:00', endTime: '16:00', contactName: '公司团建' },
    });
    expect(whole.body).toMatchObject({ code: 200, data: { orderType: 'P' } });
    const heads = fields.filter((x) => x.saleMode === 'C').reduce((sum, x) => sum + x.capacity * 2, 0);
    expect(whole.body.data!.pricePay).toBe((fields.filter((x) => x.saleMode === 'F').length * 2 + heads) * 10);
    expect((await reserve(cashier, item, [{ fieldId: fields[0].fieldId, date, beginTime: '15:00' }])).body.code).toBe(-9000);

    const occupied = await admin.call(booking.occupy, {
      body: { venueId: VENUE, itemId: item, fieldIds: [fields[0].fieldId], date, beginTime: '09:00', endTime: '11:00', reason: '校队训练' },
    });
    expect(occupied.body).toMatchObject({ code: 200, data: { orderType: 'L', orderState: 'A', payState: 'P', pricePay: 0 } });
    expect(await cellOf(cashier, item, date, fields[0].fieldId, '10:00')).toMatchObject({ state: 'occupied', orderType: 'L', note: '校队训练' });
    expect(
      (
        await cashier.call(booking.occupy, {
          body: { venueId: VENUE, itemId: item, fieldIds: [fields[0].fieldId], date, beginTime: '12:00', endTime: '13:00', reason: '维护' },
        })
      ).status,
    ).toBe(403);
    const released = await admin.call(booking.cancel, { body: { orderId: occupied.body.data!.orderId } });
    expect(released.body).toMatchObject({ code: 200, data: { cancelled: 2, orderState: 'C', refund: null } });
    expect(await cellOf(cashier, item, date, fields[0].fieldId, '10:00')).toMatchObject({ state: 'free' });
  });

  it('books the same cells weekly (固定场) after listing the conflicts, and cancels one occurrence', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '固定场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 100 });
    const first = dateIn(server, 8);
    const third = dateIn(server, 22);
    await reservePaid(cashier, item, [{ fieldId: f.fieldId, date: third, beginTime: '20:00' }]);
    const ask = { venueId: VENUE, itemId: item, cells: [{ fieldId: f.fieldId, date: first, beginTime: '20:00', heads: 1 }], weeks: 4 };
    const checked = (await cashier.call(booking.conflicts, { body: ask })).body.data!;
    expect(checked).toMatchObject({
      cells: 3,
      total: 300,
      conflicts: [{ date: third, beginTime: '20:00', reason: `${cell('固定场', third, '20:00', '21:00')}已被预订，请选择其他时段` }],
    });
    expect((await cashier.call(booking.createOrder, { body: ask })).body.msg).toBe(`${cell('固定场', third, '20:00', '21:00')}已被预订，请选择其他时段`);
    // The refusal counts every conflict, the taken cell with those outside the hours.
    const early = { ...ask, cells: [...ask.cells, { fieldId: f.fieldId, date: first, beginTime: '07:00', heads: 1 }] };
    expect((await cashier.call(booking.createOrder, { body: early })).body.msg).toBe(`有5个时段不可预订：「固定场」${first} 07:00 不在营业时间内等`);
    const made = await cashier.call(booking.createOrder, { body: { ...ask, weeks: 2 } });
    expect(made.body.data).toMatchObject({ pricePay: 200 });
    const orderId = made.body.data!.orderId;
    await cashier.call(booking.payOrder, { body: { orderId, payMode: 'cashpay', money: 200 } });
    const order = (await cashier.call(booking.getBookingOrder, { query: { code: String(orderId) } })).body.data!;
    expect(order.weeks).toBe(2);
    expect(order.details.map((d) => d.useDate)).toEqual([first, dateIn(server, 15)]);
    // More than a day ahead: no fee; the other week stays.
    const cancelled = await admin.call(booking.cancel, { body: { orderId, detailIds: [order.details[1].detailId] } });
    expect(cancelled.body).toMatchObject({ code: 200, data: { cancelled: 1, fee: 0, payState: 'PR', refund: { amount: 100 } } });
    expect(await cellOf(cashier, item, dateIn(server, 15), f.fieldId, '20:00')).toMatchObject({ state: 'free' });
    expect(await cellOf(cashier, item, first, f.fieldId, '20:00')).toMatchObject({ state: 'paid' });
    expect((await cashier.call(booking.cancel, { body: { orderId } })).status).toBe(403);
  });

  it("keeps a booked field's sale mode and slots; a stopped field's cells are closed and refused", async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '改动场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 60 });
    const date = dateIn(server, 9);
    await reservePaid(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '16:00' }]);
    const base = { fieldId: f.fieldId, venueId: f.venueId, itemId: f.itemId, fieldName: f.fieldName };
    const edit = (over: object) => admin.call(bookingAdmin.fieldEdit, { body: { ...base, ...over } });
    expect((await edit({ slotMinutes: 30 })).body).toMatchObject({ code: -9000, msg: '场地有1个未结束的预订时段，不能修改售卖方式、时段长度或减少容纳人数' });
    expect((await edit({ saleMode: 'C', capacity: 10 })).body.code).toBe(-9000);
    expect((await edit({ fieldName: '改名场', sort: 5 })).body.data).toMatchObject({ fieldName: '改名场', sort: 5 });
    expect((await edit({ fieldName: '改名场', state: 'S' })).body.data).toMatchObject({ state: 'S' });
    // The booked cell stays booked; the others are closed, and a booking is refused.
    expect(await cellOf(cashier, item, date, f.fieldId, '16:00')).toMatchObject({ state: 'paid' });
    expect(await cellOf(cashier, item, date, f.fieldId, '17:00')).toMatchObject({ state: 'closed', note: '场地「改名场」已停用' });
    expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '17:00' }])).body.msg).toBe('场地「改名场」已停用');
    expect((await admin.call(bookingAdmin.fieldEdit, { body: { ...base, fieldId: 999999 } })).body).toMatchObject({ code: -1100, msg: '场地不存在' });
  });

  it('sees prices, fields and hours changed by any writer on the very next grid and booking (kept in memory by the rules version)', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '版本场' });
    const rule = await addRule(admin, item, { fieldIds: [f.fieldId], price: 30 });
    const date = dateIn(server, 11);
    const grid = async () => (await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date } })).body.data!;
    const mine = async () => (await grid()).fields.find((x) => x.fieldId === f.fieldId)!;
    expect((await mine()).cells[0]).toMatchObject({ beginTime: '08:00', price: 30 });
    // An operator's SQL, past the server: the triggers bump the version the next request reads with its session.
    await server.db.updateTable('booking_price').set({ price_fen: 4500 }).where('id', '=', rule.ruleId).execute();
    expect((await mine()).cells[0]).toMatchObject({ beginTime: '08:00', price: 45 });
    await server.db.updateTable('booking_field').set({ name: '新版本场' }).where('id', '=', f.fieldId).execute();
    expect((await mine()).fieldName).toBe('新版本场');
    const hours = await server.db.selectFrom('venue').select(['open_time', 'close_time']).where('id', '=', VENUE).executeTakeFirstOrThrow();
    await server.db.updateTable('venue').set({ open_time: '10:00' }).where('id', '=', VENUE).execute();
    try {
      expect(await grid()).toMatchObject({ openTime: '10:00' });
      expect((await mine()).cells[0]).toMatchObject({ beginTime: '10:00', price: 45 });
      const made = await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '10:00' }]);
      expect(made.body.data).toMatchObject({ pricePay: 45 });
      expect((await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '08:00' }])).body.msg).toContain('不在营业时间内');
    } finally {
      await server.db.updateTable('venue').set(hours).where('id', '=', VENUE).execute();
    }
    expect((await grid()).openTime).toBe(hours.open_time);
  });

  it('cancels by the tenant rule: free a day ahead, a fee within it, refused within two hours; opens a paid field at check-in', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '退订场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 100 });
    expect((await admin.call(bookingAdmin.settingGet)).body.data).toEqual({ cancelBeforeHours: 2, feePercent: 20, freeBeforeHours: 24, gateEarlyMinutes: 30 });
    const date = dateIn(server, 30);
    const order = await reservePaid(cashier, item, [
      { fieldId: f.fieldId, date, beginTime: '09:00' },
      { fieldId: f.fieldId, date, beginTime: '10:00' },
      { fieldId: f.fieldId, date, beginTime: '11:00' },
    ]);
    const [nine, ten, eleven] = order.details;
    // 10 hours before 09:00: the fee (20%).
    moveTo(server, dateIn(server, 29), '23:00');
    // A month later: the suite's sessions have expired; log in again.
    const adminNow = server.api.as(await server.api.login('admin', 'admin123'));
    const cashierNow = server.api.as(await server.api.login('cashier', 'cashier123'));
    const otherNow = server.api.as(await server.api.login('admin2', 'admin123'));
    const fee = await adminNow.call(booking.cancel, {
      body: { orderId: order.orderId, detailIds: [nine.detailId], route: 'F', payMode: 'cashpay', reason: '临时有事' },
    });
    expect(fee.body).toMatchObject({ code: 200, data: { fee: 20, refund: { amount: 80, route: 'F' } } });
    moveTo(server, date, '08:30');
    expect((await adminNow.call(booking.cancel, { body: { orderId: order.orderId, detailIds: [ten.detailId] } })).body).toMatchObject({
      code: -9000,
      msg: '开场前2小时内不能退订',
    });
    expect((await adminNow.call(booking.cancel, { body: { orderId: order.orderId, detailIds: [nine.detailId] } })).body.msg).toBe(
      `${cell('退订场', date, '09:00', '10:00')}已取消`,
    );

    // Check-in: from 30 minutes before the start, once.
    const code = order.code;
    const found = (await cashierNow.call(booking.getBookingOrder, { query: { code } })).body.data!;
    expect(found.details.map((d) => d.state)).toEqual(['C', 'A', 'A']);
    expect((await cashierNow.call(booking.check, { body: { orderId: order.orderId, detailIds: [eleven.detailId] } })).body.msg).toBe(
      `未到入场时间（${date} 10:30起可入场）`,
    );
    expect((await cashierNow.call(booking.check, { body: { orderId: order.orderId, detailIds: [nine.detailId] } })).body.msg).toBe(
      `${cell('退订场', date, '09:00', '10:00')}已取消`,
    );
    moveTo(server, date, '09:45');
    const opens = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        cashierNow.call(booking.check, { body: { orderId: order.orderId, detailIds: [ten.detailId] } }).then((a) => ({ a, i })),
      ),
    );
    expect(opens.filter(({ a }) => a.body.code === 200)).toHaveLength(1);
    expect(opens.filter(({ a }) => a.body.code !== 200).map(({ a }) => a.body.msg)).toEqual(Array(3).fill(`${cell('退订场', date, '10:00', '11:00')}已开场`));
    expect(await cellOf(cashierNow, item, date, f.fieldId, '10:00')).toMatchObject({ state: 'used' });
    expect((await adminNow.call(booking.cancel, { body: { orderId: order.orderId, detailIds: [ten.detailId] } })).body.msg).toBe(
      '已开场或未到场的场地时段不能退订',
    );
    expect((await otherNow.call(booking.check, { body: { orderId: order.orderId, detailIds: [eleven.detailId] } })).body.code).toBe(-1300);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', 1)
      .where('action', 'in', ['field.add', 'fieldPrice.save', 'order.refund'])
      .execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['field.add', 'fieldPrice.save', 'order.refund']));
  });
});
