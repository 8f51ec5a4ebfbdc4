import { expect, it } from 'vitest';
import { booking, bookingAdmin } from '@venue/contract';
import { addField, addRule, cellOf, dateIn, itemId, moveTo, reserve, VENUE } from './booking.helpers.ts';
import type { Client } from './client.ts';
import { describeEachEngine, type Server } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { goodsWithPrice, orders } from './sale.helpers.ts';

const TIMES_ALONE = '计次卡须单独支付整笔订单，不能与其他会员卡或收款方式组合支付';
const TIMES_ORIGINAL_ONLY = '计次卡支付的订单只能原路退回次数到会员卡，不能选择其他退款方式';

/** What an order left on the books: its pay records, its card ledger rows and its lines' times. */
async function books(server: Server, orderId: number) {
  const [records, ledger, lines] = await Promise.all([
    server.db
      .selectFrom('pay_record')
      .select(['pay_type', 'money_fen', 'state'])
      .where('order_type', '=', booking.BOOKING_ORDER_TYPE)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    server.db
      .selectFrom('card_consume')
      .select(['kind', 'amount', 'card_id'])
      .where('order_type', '=', booking.BOOKING_ORDER_TYPE)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    server.db.selectFrom('booking_line').select(['times', 'state']).where('order_id', '=', orderId).orderBy('id').execute(),
  ]);
  return { records, ledger, lines };
}

describeEachEngine('field booking paid by a times card on %s', (server) => {
  const { admin, cashier } = server;
  /** Set by the first test: the cells of the order paid by times, three days ahead. */
  let paid: { orderId: number; date: string; details: { detailId: number; fieldId: number }[] };

  it('sets times a cell for a times card type in a price rule, shows them on the grid, and pays a booking by times', async () => {
    const badminton = await itemId(server, '羽毛球');
    const card = await cardByNo(cashier, DEMO.times);
    expect(card).toMatchObject({ payType: 'T', balance: 10 });
    const f = await addField(admin, badminton, { fieldName: '次卡场' });
    const g = await addField(admin, badminton, { fieldName: '默认场' });
    const c = await addField(admin, badminton, { fieldName: '次卡池', saleMode: 'C', capacity: 10 });

    const noTimes = await admin.call(bookingAdmin.priceSave, {
      body: {
        venueId: VENUE,
        itemId: badminton,
        ruleName: '次卡',
        beginTime: '08:00',
        endTime: '22:00',
        price: 50,
        memberPrices: [{ cardTypeId: card.cardTypeId }],
      },
    });
    expect(noTimes.body).toMatchObject({ code: -9000, msg: '请输入「羽毛球10次卡」每个时段扣除的次数' });
    const vipType = (await cardByNo(cashier, DEMO.vip)).cardTypeId;
    const noPrice = await addRule(admin, badminton, { memberPrices: [{ cardTypeId: vipType }] }).catch((e: Error) => e.message);
    expect(noPrice).toBe('priceSave: 请输入「储值卡」的会员价');
    const rule = await addRule(admin, badminton, { fieldIds: [f.fieldId, c.fieldId], price: 50, memberPrices: [{ cardTypeId: card.cardTypeId, times: 2 }] });
    expect(rule.memberPrices).toEqual([{ cardTypeId: card.cardTypeId, cardTypeName: '羽毛球10次卡', price: 0, times: 2 }]);
    // No entry for the type: a cell takes one time.
    await addRule(admin, badminton, { fieldIds: [g.fieldId], price: 40 });

    const date = dateIn(server, 3);
    const grid = (await cashier.call(booking.gridQuery, { query: { venueId: VENUE, itemId: badminton, date, cardId: card.cardId } })).body.data!;
    const at = (fieldId: number) => grid.fields.find((x) => x.fieldId === fieldId)!.cells.find((x) => x.beginTime === '09:00')!;
    expect([at(f.fieldId), at(g.fieldId), at(c.fieldId)].map((x) => [x.price, x.times])).toEqual([
      [50, 2],
      [40, 1],
      [50, 2],
    ]);
    expect(await cellOf(cashier, badminton, date, f.fieldId, '09:00')).toMatchObject({ price: 50, times: null });

    const cells = [
      { fieldId: f.fieldId, date, beginTime: '09:00' },
      { fieldId: g.fieldId, date, beginTime: '09:00' },
      { fieldId: c.fieldId, date, beginTime: '09:00', heads: 2 },
    ];
    const checked = (await cashier.call(booking.conflicts, { body: { venueId: VENUE, itemId: badminton, cardId: card.cardId, cells } })).body.data!;
    expect(checked).toMatchObject({ cells: 3, total: 190, times: 7, conflicts: [] });
    const made = (await reserve(cashier, badminton, cells, { cardId: card.cardId })).body.data!;
    // The order's money is the list price: what the times pay for.
    expect(made).toMatchObject({ pricePay: 190, payState: 'U' });

    const due = (await cashier.call(booking.queryOrderForPay, { query: { orderId: made.orderId, payMode: 'cardpay', cardIds: String(card.cardId) } })).body
      .data!;
    expect(due).toMatchObject({ totalPrice: 190, times: 7 });
    expect((await cashier.call(booking.queryOrderForPay, { query: { orderId: made.orderId, payMode: 'cashpay' } })).body.data!.times).toBeUndefined();

    const pay = await cashier.call(booking.payOrder, {
      body: { orderId: made.orderId, payMode: 'cardpay', payType: 'T', authCode: String(card.cardId), money: 190 },
    });
    expect(pay.body).toMatchObject({
      code: 200,
      data: { payState: 'P', pricePay: 190, payRecords: [{ payMode: 'cardpay', payType: 'T', money: 190, cardNo: DEMO.times, cardBalance: 3 }] },
    });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(3);
    expect(await books(server, made.orderId)).toEqual({
      records: [{ pay_type: 'T', money_fen: 19000, state: 'P' }],
      ledger: [{ kind: 'CONSUME', amount: -7, card_id: card.cardId }],
      lines: [
        { times: 2, state: 'A' },
        { times: 1, state: 'A' },
        { times: 2, state: 'A' },
      ],
    });
    const order = (await cashier.call(booking.getBookingOrder, { query: { code: String(made.orderId) } })).body.data!;
    expect(order).toMatchObject({ payState: 'P', memberId: card.memberId, cardId: card.cardId });
    // Paying again charges nothing twice.
    await cashier.call(booking.payOrder, { body: { orderId: made.orderId, payMode: 'cardpay', payType: 'T', authCode: String(card.cardId), money: 190 } });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(3);
    expect(await ledgerMismatches(server)).toEqual([]);
    paid = { orderId: made.orderId, date, details: order.details };
  });

  it('refuses a card short of times, a card type not for the item and any combination, changing nothing; other kinds still refuse times cards', async () => {
    const badminton = await itemId(server, '羽毛球');
    const card = await cardByNo(cashier, DEMO.times);
    const vip = await cardByNo(cashier, DEMO.vip);
    expect([card.balance, vip.memberId]).toEqual([3, card.memberId]);
    const f = await addField(admin, badminton, { fieldName: '不足场' });
    await addRule(admin, badminton, { fieldIds: [f.fieldId], price: 50, memberPrices: [{ cardTypeId: card.cardTypeId, times: 2 }] });
    const date = dateIn(server, 4);
    const made = (
      await reserve(cashier, badminton, [
        { fieldId: f.fieldId, date, beginTime: '10:00' },
        { fieldId: f.fieldId, date, beginTime: '11:00' },
      ])
    ).body.data!;
    const payBy = (body: object) => cashier.call(booking.payOrder, { body: { orderId: made.orderId, payMode: 'cardpay', ...body, money: 100 } as never });
    const timesPart = { payMode: 'cardpay', payType: 'T', authCode: String(card.cardId), money: 100 };

    // 4 times asked of 3.
    expect((await payBy({ payType: 'T', authCode: String(card.cardId) })).body).toMatchObject({ code: 606, msg: '会员卡剩余次数不足' });
    expect(
      (
        await payBy({
          payMode: 'composepay',
          payDetails: [
            { ...timesPart, money: 50 },
            { payMode: 'cashpay', money: 50 },
          ],
        })
      ).body,
    ).toMatchObject({
      code: -9000,
      msg: TIMES_ALONE,
    });
    const withStoredValue = [
      { ...timesPart, money: 50 },
      { payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 50 },
    ];
    expect((await payBy({ payMode: 'composepay', payDetails: withStoredValue })).body.msg).toBe(TIMES_ALONE);
    expect(
      (await cashier.call(booking.payOrder, { body: { orderId: made.orderId, payMode: 'cardpay', payType: 'T', authCode: String(card.cardId), money: 60 } }))
        .body.msg,
    ).toBe('收款金额与应付金额不一致，应付 100.00 元');
    expect((await cashier.call(booking.getBookingOrder, { query: { code: String(made.orderId) } })).body.data).toMatchObject({ payState: 'U' });
    expect(await books(server, made.orderId)).toEqual({
      records: [],
      ledger: [],
      lines: [
        { times: 0, state: 'P' },
        { times: 0, state: 'P' },
      ],
    });

    // 乒乓球: the 羽毛球 times card does not cover it.
    const pingpong = await itemId(server, '乒乓球');
    const p = await addField(admin, pingpong, { fieldName: '乒乓次卡台' });
    await addRule(admin, pingpong, { fieldIds: [p.fieldId], price: 20 });
    const other = (await reserve(cashier, pingpong, [{ fieldId: p.fieldId, date, beginTime: '10:00' }])).body.data!;
    const refused = await cashier.call(booking.payOrder, {
      body: { orderId: other.orderId, payMode: 'cardpay', payType: 'T', authCode: String(card.cardId), money: 20 },
    });
    expect(refused.body).toMatchObject({ code: 606, msg: '该会员卡不适用于当前项目' });
    expect(await books(server, other.orderId)).toEqual({ records: [], ledger: [], lines: [{ times: 0, state: 'P' }] });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(3);

    // A goods sale takes stored-value cards only, as before.
    const goods = await goodsWithPrice(server.db, 1000);
    const saleId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    expect((await orders.forPay(cashier, { orderId: saleId, payMode: 'cardpay', cardIds: String(card.cardId) })).body.data).not.toHaveProperty('times');
    expect((await orders.pay(cashier, { orderId: saleId, payMode: 'cardpay', payType: 'T', authCode: String(card.cardId), money: 10 })).body).toMatchObject({
      code: -9000,
      msg: '计次卡、计时卡不能用于商品支付',
    });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(3);
  });

  it('cancels by the tenant rule in times: every time back a day ahead, within a day the fee keeps whole times per cell; only to the card', async () => {
    const card = await cardByNo(cashier, DEMO.times);
    const [f, g, c] = paid.details;
    const preview = (as: Client, detailIds?: number[]) => as.call(booking.cancelPreview, { body: { orderId: paid.orderId, detailIds } });

    // Three days ahead: no fee; the times of the cell go back.
    const free = (await preview(admin, [f.detailId])).body.data!;
    expect(free).toMatchObject({ cancellable: true, paid: 50, fee: 0, refund: 50, times: { paid: 2, fee: 0, refund: 2 } });
    expect(free.cells.map((x) => x.times)).toEqual([
      { paid: 2, fee: 0, refund: 2 },
      { paid: 1, fee: 0, refund: 1 },
      { paid: 4, fee: 0, refund: 4 },
    ]);
    const cashBack = await admin.call(booking.cancel, { body: { orderId: paid.orderId, detailIds: [f.detailId], route: 'F', payMode: 'cashpay' } });
    expect(cashBack.body).toMatchObject({ code: 400, msg: TIMES_ORIGINAL_ONLY });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(3);
    const first = await admin.call(booking.cancel, { body: { orderId: paid.orderId, detailIds: [f.detailId] } });
    expect(first.body).toMatchObject({
      code: 200,
      data: { cancelled: 1, fee: 0, payState: 'PR', times: { fee: 0, refund: 2 }, refund: { amount: 50, parts: [{ times: 2, money: 50, cardBalance: 5 }] } },
    });
    expect((await cardByNo(cashier, DEMO.times)).balance).toBe(5);

    // 10 hours before 09:00: 20%, the fee rounded up to a whole time per cell (1 of 1; 1 of the pool's 4).
    moveTo(server, dateIn(server, 2), '23:00');
    const adminNow = server.api.as(await server.api.login('admin', 'admin123'));
    const late = (await preview(adminNow)).body.data!;
    expect(late).toMatchObject({ cancellable: true, paid: 140, fee: 28, refund: 112, times: { paid: 5, fee: 2, refund: 3 } });
    expect(late.cells.map((x) => [x.chosen, x.times])).toEqual([
      [false, { paid: 0, fee: 0, refund: 0 }],
      [true, { paid: 1, fee: 1, refund: 0 }],
      [true, { paid: 4, fee: 1, refund: 3 }],
    ]);
    const rest = await adminNow.call(booking.cancel, { body: { orderId: paid.orderId } });
    expect(rest.body).toMatchObject({ code: 200, data: { cancelled: 2, fee: 28, payState: 'FR', times: { fee: 2, refund: 3 }, refund: { amount: 112 } } });
    expect(rest.body.data!.refund!.parts).toEqual([expect.objectContaining({ cardId: card.cardId, times: 3, money: 112, cardBalance: 8, state: 'R' })]);
    expect((await books(server, paid.orderId)).ledger).toEqual([
      { kind: 'CONSUME', amount: -7, card_id: card.cardId },
      { kind: 'REFUND', amount: 2, card_id: card.cardId },
      { kind: 'REFUND', amount: 3, card_id: card.cardId },
    ]);
    expect(await ledgerMismatches(server)).toEqual([]);
    const badminton = await itemId(server, '羽毛球');
    for (const x of [g, c]) expect(await cellOf(adminNow, badminton, paid.date, x.fieldId, '09:00')).toMatchObject({ state: 'free', left: x === c ? 10 : 1 });
  });
});
