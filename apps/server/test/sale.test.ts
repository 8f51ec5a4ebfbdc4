import { expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Msg, payment, sale, type CallQuery } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { setStock, stockOf, WAREHOUSE } from './goods.helpers.ts';
import { goodsWithPrice, orders, traces, VENUE } from './sale.helpers.ts';

describeEachEngine('goods sale orders on %s', (server) => {
  const { api, admin, cashier } = server;

  it('creates an order priced by the server and takes the stock only when cash is paid', async () => {
    const goods = await goodsWithPrice(server.db, 350);
    await setStock(server, goods.id, 20);
    const created = await orders.create(
      cashier,
      [
        { goodsId: goods.id, quantity: 2 },
        { goodsId: goods.id, quantity: 1 },
      ],
      { memberId: null },
    );
    expect(created.body).toMatchObject({ code: 200, data: { orderState: 'P', payState: 'U', pricePay: 10.5 } });
    const orderId = created.body.data.orderId;
    expect(await stockOf(server.db, goods.id)).toBe(20);

    const paid = await orders.cash(cashier, orderId, 10.5);
    expect(paid.body).toMatchObject({ code: 200, data: { orderId, orderState: 'E', payState: 'P', pricePay: 10.5 } });
    expect(paid.body.data.payRecords).toMatchObject([{ payMode: 'cashpay', payName: '现金', money: 10.5, source: 'system', state: 'P' }]);
    expect(await stockOf(server.db, goods.id)).toBe(17);
    const t = await traces(server.db, orderId);
    expect(t.moves).toEqual([{ goods_id: goods.id, change: -3 }]);
    expect(t.records).toMatchObject([{ pay_mode: 'cashpay', state: 'P', money_fen: 1050 }]);

    const order = (await orders.get(cashier, orderId)).body.data;
    expect(order).toMatchObject({ source: 'B', username: 'cashier', createName: '收银员小李', venueName: '城东羽毛球馆', priceOrig: 10.5, totalPrice: 10.5 });
    expect(order.details).toMatchObject([{ goodsId: goods.id, goodsName: goods.name, quantity: 3, price: 3.5, priceOrig: 3.5, pricePay: 3.5 }]);
  });

  it('pays an order once: a second payOrder answers the paid result and charges nothing', async () => {
    const goods = await goodsWithPrice(server.db, 200, 1);
    const vip = await cardByNo(cashier, DEMO.vip);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: vip.memberId });
    const stock = await stockOf(server.db, goods.id);
    const body = { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 1.8 };
    const first = await orders.pay(cashier, body);
    const second = await orders.pay(cashier, body);
    const third = await orders.cash(cashier, orderId, 2);
    expect(first.body.code).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(await stockOf(server.db, goods.id)).toBe(stock - 1);
    expect((await traces(server.db, orderId)).consumes).toEqual([{ card_id: vip.cardId, amount: -180 }]);
    expect((await cardByNo(cashier, DEMO.vip)).balance).toBe(vip.balance - 1.8);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('refuses a changed price without goods:saleOrder:editPrice and writes nothing; admin may', async () => {
    const goods = await goodsWithPrice(server.db, 600, 2);
    const before = await server.db
      .selectFrom('sale_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await orders.create(cashier, [{ goodsId: goods.id, quantity: 1, pricePay: 5 }]);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 510, msg: '没有修改商品实收价的权限', data: null });
    // The archive price sent back unchanged is no change.
    expect((await orders.create(cashier, [{ goodsId: goods.id, quantity: 1, pricePay: 6 }])).body.code).toBe(200);
    const after = await server.db
      .selectFrom('sale_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);

    const changed = await orders.create(admin, [{ goodsId: goods.id, quantity: 2, pricePay: 5 }]);
    expect(changed.body).toMatchObject({ code: 200, data: { pricePay: 10 } });
    const order = (await orders.get(admin, changed.body.data.orderId)).body.data;
    expect(order).toMatchObject({ priceOrig: 12, pricePay: 10 });
    expect(order.details[0]).toMatchObject({ price: 6, priceOrig: 5, pricePay: 5 });
    expect((await orders.cash(admin, order.orderId, 12)).body).toMatchObject({ code: -9000, msg: '收款金额与应付金额不一致，应付 10.00 元' });
    expect((await orders.cash(admin, order.orderId, 10)).body.code).toBe(200);
  });

  it('checks venue, warehouse, goods and stock at creation with a message the cashier can act on', async () => {
    const goods = await goodsWithPrice(server.db, 100, 3);
    await setStock(server, goods.id, 2);
    const refusal = async (details: unknown[], extra: Record<string, unknown> = {}, as = cashier) =>
      (await as.call('POST', 'goods/goodsSaleOrder/createOrder', { body: { details, warehouseId: WAREHOUSE, venueId: VENUE, ...extra } })).body;
    expect(await refusal([{ goodsId: goods.id, quantity: 3 }])).toMatchObject({ code: -9000, msg: `商品「${goods.name}」库存不足` });
    expect((await refusal([])).msg).toContain(Msg.chooseGoods);
    expect(await refusal([{ goodsId: goods.id, quantity: 1 }], { venueId: 3 })).toMatchObject({ code: 510, msg: '您没有该场馆的权限' });
    expect(await refusal([{ goodsId: goods.id, quantity: 1 }], { warehouseId: 3 })).toMatchObject({ msg: '所选仓库不可用，请重新选择仓库' });
    expect(await refusal([{ goodsId: 999999, quantity: 1 }])).toMatchObject({ code: -1100, msg: Msg.goodsNotFound });
    await admin.call('PUT', 'goods/goodsArchive/state', { body: { goodsId: goods.id, isOnSale: '0' } });
    expect(await refusal([{ goodsId: goods.id, quantity: 1 }])).toMatchObject({ msg: `商品「${goods.name}」已停售` });
    await admin.call('PUT', 'goods/goodsArchive/state', { body: { goodsId: goods.id, isOnSale: '1' } });
  });

  it('refuses a payment without a method, with a count card or the wrong amount, changing nothing', async () => {
    const goods = await goodsWithPrice(server.db, 300, 4);
    const times = await cardByNo(cashier, DEMO.times);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: times.memberId });
    const noMode = await cashier.call('POST', 'goods/goodsSaleOrder/payOrder', { body: { orderId, money: 3 } });
    expect(noMode.status).toBe(400);
    expect(JSON.stringify(noMode.body)).toContain(Msg.choosePayMode);
    expect((await orders.pay(cashier, { orderId, payMode: 'composepay', money: 3, payDetails: [] })).body).toMatchObject({ msg: Msg.choosePayMode });
    expect((await orders.pay(cashier, { orderId, payMode: 'cardpay', payType: 'T', authCode: String(times.cardId), money: 3 })).body).toMatchObject({
      msg: '计次卡、计时卡不能用于商品支付',
    });
    expect((await orders.cash(cashier, orderId, 2.99)).body.msg).toBe('收款金额与应付金额不一致，应付 3.00 元');
    expect((await orders.pay(cashier, { orderId, payMode: 'transferpay', money: 3 })).body.msg).toBe('当前场馆未启用转账收款方式');
    expect((await orders.pay(cashier, { orderId, payMode: 'wechatpay', money: 3 })).body.msg).toBe(Msg.authCodeRequired);
    expect(await traces(server.db, orderId)).toEqual({ moves: [], consumes: [], records: [] });
    expect((await orders.get(cashier, orderId)).body.data).toMatchObject({ payState: 'U', orderState: 'P' });
  });

  it("takes a venue's method disabled or enabled into account on the very next payment", async () => {
    const goods = await goodsWithPrice(server.db, 200, 8);
    await setStock(server, goods.id, 5);
    const cash = (await admin.call(payment.queryPayType, { query: { venueId: VENUE } })).body.data.find((m) => m.payMode === 'cashpay')!;
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    // A payment first: the method is in the server's memory now.
    expect((await orders.cash(cashier, await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]), 2)).body.code).toBe(200);
    await admin.call(payment.setState, { body: { id: cash.id, state: 'S' } });
    try {
      expect((await orders.cash(cashier, orderId, 2)).body.msg).toBe('当前场馆未启用现金收款方式');
    } finally {
      await admin.call(payment.setState, { body: { id: cash.id, state: 'A' } });
    }
    expect((await orders.cash(cashier, orderId, 2)).body.code).toBe(200);
  });

  it('lowers what a discountable card pays (half up to the fen) and charges the card that amount', async () => {
    const goods = await goodsWithPrice(server.db, 125, 5);
    const vip = await cardByNo(cashier, DEMO.vip);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 3 }], { memberId: vip.memberId });
    expect((await orders.forPay(cashier, { orderId, payMode: 'cashpay' })).body.data).toMatchObject({ totalPrice: 3.75, details: [{ pricePay: 1.25 }] });
    const byCard = (await orders.forPay(cashier, { orderId, payMode: 'cardpay', cardIds: String(vip.cardId) })).body.data;
    // 3.75 × 0.9 = 3.375 -> 3.38: the discount is on what the card pays, the lines keep their prices.
    expect(byCard).toMatchObject({ totalPrice: 3.38, details: [{ price: 1.25, priceOrig: 1.25, pricePay: 1.25 }] });
    expect((await orders.pay(cashier, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 3.37 })).body.msg).toBe(
      '收款金额与应付金额不一致，应付 3.38 元',
    );
    const paid = await orders.pay(cashier, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 3.38 });
    expect(paid.body.data).toMatchObject({ pricePay: 3.38, payRecords: [{ payMode: 'cardpay', cardId: vip.cardId, cardNo: DEMO.vip, money: 3.38 }] });
    expect((await traces(server.db, orderId)).consumes).toEqual([{ card_id: vip.cardId, amount: -338 }]);
    expect((await orders.get(cashier, orderId)).body.data).toMatchObject({ priceOrig: 3.75, pricePay: 3.38, cardNo: DEMO.vip, details: [{ pricePay: 1.25 }] });
  });

  it('discounts only the part the card pays: 0.01 from a 9折 card plus 8.99 cash does not pay 10.00', async () => {
    const goods = await goodsWithPrice(server.db, 1000, 5);
    const vip = await cardByNo(cashier, DEMO.vip);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: vip.memberId });
    const compose = (cashFen: number) =>
      orders.pay(cashier, {
        orderId,
        payMode: 'composepay',
        money: (1 + cashFen) / 100,
        payDetails: [
          { payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 0.01 },
          { payMode: 'cashpay', money: cashFen / 100 },
        ],
      });
    expect((await compose(899)).body.msg).toBe('收款金额与应付金额不一致，应付 10.00 元');
    expect(await traces(server.db, orderId)).toEqual({ moves: [], consumes: [], records: [] });
    // A card part above its discounted share is refused as well.
    const over = await orders.pay(cashier, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 9.5 });
    expect(over.body.msg).toBe('收款金额与应付金额不一致，应付 9.00 元');
    const paid = await compose(999);
    expect(paid.body.data).toMatchObject({
      payState: 'P',
      pricePay: 10,
      payRecords: [
        { payMode: 'cardpay', money: 0.01 },
        { payMode: 'cashpay', money: 9.99 },
      ],
    });
    expect((await traces(server.db, orderId)).consumes).toEqual([{ card_id: vip.cardId, amount: -1 }]);
  });

  it('pays by member/card/payWithOrder with cards only, splitting over M cards in the order given', async () => {
    const goods = await goodsWithPrice(server.db, 1000, 6);
    const vip = await cardByNo(cashier, DEMO.vip);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: vip.memberId });
    const times = await cardByNo(cashier, DEMO.times);
    const refused = await cashier.call('POST', 'member/card/payWithOrder', { body: { orderId, cardIds: [times.cardId], memberId: vip.memberId } });
    expect(refused.body.msg).toBe('计次卡、计时卡不能用于商品支付');
    const paid = await cashier.call('POST', 'member/card/payWithOrder', { body: { orderId, cardIds: [vip.cardId], memberId: vip.memberId } });
    expect(paid.body).toMatchObject({ code: 200, data: { payState: 'P', pricePay: 9, payRecords: [{ payMode: 'cardpay', money: 9 }] } });
  });

  it('lists the current venue orders with filters, reprints and exports them', async () => {
    const goods = await goodsWithPrice(server.db, 250, 7);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
    await orders.cash(cashier, orderId, 5);
    const list = async (query: CallQuery<typeof sale.query>) => (await cashier.call(sale.query, { query })).body.data;
    const all = await list({ size: 100 });
    expect(all.records.every((o: { venueId: number }) => o.venueId === VENUE)).toBe(true);
    expect(all.records[0]).toMatchObject({ orderId, payState: 'P', createName: '收银员小李' });
    expect((await list({ orderId, createName: '小李', payState: 'P' })).records.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);
    expect((await list({ orderId, createName: '管理员' })).total).toBe(0);
    expect((await list({ orderId, beginTime: '2000-01-01', endTime: '2000-01-02' })).total).toBe(0);

    const printed = await cashier.call(sale.getPrint, { query: { orderIds: `${orderId},999999` } });
    expect(printed.body.data.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);

    const file = await cashier.download('goods/goodsSaleOrder/export', { query: { payState: 'P' } });
    expect(file.type).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('销售订单')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('单号');
    expect(sheet.getRow(2).getCell(1).value).toBe(orderId);
    expect(sheet.getRow(2).getCell(8).value).toBe('现金');
    const denied = await api.download('goods/goodsSaleOrder/export');
    expect([denied.status, JSON.parse(denied.bytes.toString()).code]).toEqual([401, -100]);
  });
});
