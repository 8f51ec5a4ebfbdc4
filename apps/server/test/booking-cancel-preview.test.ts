import { expect, it } from 'vitest';
import { booking, bookingAdmin } from '@venue/contract';
import { addField, addRule, dateIn, itemId, moveTo, reserve, reservePaid } from './booking.helpers.ts';
import { describeEachEngine } from './harness.ts';

describeEachEngine('field booking cancellation preview on %s', (server) => {
  const { admin, cashier } = server;
  const cell = (name: string, date: string, begin: string, end: string) => `「${name}」${date} ${begin}-${end}`;

  it('previews an unpaid order as closed at no fee, refuses cells of another order, and keeps the cancel permission', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '未付场' });
    await addRule(admin, item, { fieldIds: [f.fieldId], price: 20 });
    const date = dateIn(server, 5);
    const made = (await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '10:00' }])).body.data!;
    const unpaid = (await admin.call(booking.cancelPreview, { body: { orderId: made.orderId } })).body.data!;
    expect(unpaid).toMatchObject({ payState: 'U', cancellable: true, paid: 0, fee: 0, refund: 0, cells: [{ chosen: true, cancellable: true }] });
    expect((await admin.call(booking.cancelPreview, { body: { orderId: made.orderId, detailIds: [999999] } })).body.data).toMatchObject({
      cancellable: false,
      reason: booking.BOOKING_MSG.notInOrder,
    });
    expect((await admin.call(booking.cancelPreview, { body: { orderId: 999999 } })).body.msg).toBe(booking.BOOKING_MSG.orderNotFound);
    expect((await cashier.call(booking.cancelPreview, { body: { orderId: made.orderId } })).status).toBe(403);
    expect((await admin.call(booking.cancelPreview, { body: { orderId: 'x' as never } })).status).toBe(400);
  });

  it('answers per cell and in total what the cancellation then keeps and gives back, and why a cell cannot go', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '预览场' });
    const heads = await addField(admin, item, { fieldName: '预览池', saleMode: 'C', capacity: 10 });
    await addRule(admin, item, { fieldIds: [f.fieldId, heads.fieldId], price: 33.33 });
    expect((await admin.call(bookingAdmin.settingGet)).body.data).toEqual({ cancelBeforeHours: 2, feePercent: 20, freeBeforeHours: 24, gateEarlyMinutes: 30 });
    const date = dateIn(server, 3);
    const order = await reservePaid(cashier, item, [
      { fieldId: f.fieldId, date, beginTime: '09:00' },
      { fieldId: f.fieldId, date, beginTime: '15:00' },
      { fieldId: heads.fieldId, date, beginTime: '15:00', heads: 3 },
    ]);
    const [nine, three, pool] = order.details;
    const preview = (detailIds?: number[]) => admin.call(booking.cancelPreview, { body: { orderId: order.orderId, detailIds } });

    // Three days ahead: free of fee; every cell chosen by default.
    const free = (await preview()).body;
    expect(free).toMatchObject({ code: 200, data: { cancellable: true, reason: null, paid: 166.65, fee: 0, refund: 166.65 } });
    expect(free.data!.cells.map((c) => [c.chosen, c.cancellable, c.feePercent, c.paid, c.refund])).toEqual([
      [true, true, 0, 33.33, 33.33],
      [true, true, 0, 33.33, 33.33],
      [true, true, 0, 99.99, 99.99],
    ]);

    // 10 hours before 09:00 (and 16 before 15:00): 20%, the fee rounded up to the fen, per cell.
    moveTo(server, dateIn(server, 2), '23:00');
    const adminNow = server.api.as(await server.api.login('admin', 'admin123'));
    const previewNow = (detailIds?: number[]) => adminNow.call(booking.cancelPreview, { body: { orderId: order.orderId, detailIds } });
    const fee = (await previewNow([nine.detailId, pool.detailId])).body.data!;
    expect(fee).toMatchObject({ cancellable: true, reason: null, paid: 133.32, fee: 26.67, refund: 106.65 });
    expect(fee.cells.map((c) => [c.detailId, c.chosen, c.feePercent, c.paid, c.fee, c.refund, c.quantity])).toEqual([
      [nine.detailId, true, 20, 33.33, 6.67, 26.66, 1],
      [three.detailId, false, 20, 33.33, 6.67, 26.66, 1],
      [pool.detailId, true, 20, 99.99, 20, 79.99, 3],
    ]);
    // The cancellation takes exactly what was previewed.
    const done = await adminNow.call(booking.cancel, { body: { orderId: order.orderId, detailIds: [nine.detailId, pool.detailId] } });
    expect(done.body).toMatchObject({ code: 200, data: { cancelled: 2, fee: fee.fee, refund: { amount: fee.refund } } });

    // Within two hours of 09:00... now at 13:30 for the 15:00 cell: refused, with the cancellation's own words.
    moveTo(server, date, '13:30');
    const adminLate = server.api.as(await server.api.login('admin', 'admin123'));
    const late = (await adminLate.call(booking.cancelPreview, { body: { orderId: order.orderId } })).body.data!;
    expect(late).toMatchObject({ cancellable: false, reason: '开场前2小时内不能退订', paid: 0, fee: 0, refund: 0 });
    expect(late.cells.map((c) => [c.cancellable, c.reason])).toEqual([
      [false, `${cell('预览场', date, '09:00', '10:00')}已取消`],
      [false, '开场前2小时内不能退订'],
      [false, `${cell('预览池', date, '15:00', '16:00')}已取消`],
    ]);
    expect((await adminLate.call(booking.cancel, { body: { orderId: order.orderId } })).body.msg).toBe(late.reason);
    const cancelledOne = (await adminLate.call(booking.cancelPreview, { body: { orderId: order.orderId, detailIds: [nine.detailId] } })).body.data!;
    expect(cancelledOne).toMatchObject({ cancellable: false, reason: `${cell('预览场', date, '09:00', '10:00')}已取消` });
    expect((await adminLate.call(booking.cancel, { body: { orderId: order.orderId, detailIds: [nine.detailId] } })).body.msg).toBe(cancelledOne.reason);
  });
});
