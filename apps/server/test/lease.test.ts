import { expect, it } from 'vitest';
import { lease, type CallBody } from '@venue/contract';
import type { Client } from './client.ts';
import { describeEachEngine, type Server } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { setStock, stockOf, WAREHOUSE } from './goods.helpers.ts';
import { VENUE } from './sale.helpers.ts';

/** Payment simulator auth code that pays (and refunds). */
const PAYS = '134567890123456789';
const HOUR = 3600_000;

type ReturnBody = CallBody<typeof lease.returnGoods>;
const giveBack = (as: Client, body: ReturnBody) => as.call(lease.returnGoods, { body });

/** The demo's lease goods of the first venue's warehouse by name, with their stock set to `stock`. */
async function leaseGoods(server: Server, name: string, stock: number) {
  const { body } = await server.admin.call(lease.goodsAll, { query: { venueId: VENUE } });
  const goods = body.data.find((g) => g.goodsName === name)!;
  await setStock(server, goods.goodsId, stock);
  return goods;
}

async function rent(server: Server, as: Client, lines: { goodsId: number; quantity: number }[], itemId: number, memberId?: number) {
  const { body } = await as.call(lease.createOrder, { body: { details: lines, itemId, venueId: VENUE, memberId } });
  if (body.code !== 200) throw new Error(`createOrder: ${body.msg}`);
  return body.data;
}

const leaseMoves = (server: Server, orderId: number) =>
  server.db
    .selectFrom('stock_movement')
    .select(['reason', 'change'])
    .where('ref_id', '=', orderId)
    .where('reason', 'in', ['LEASE', 'LEASE_RETURN'])
    .orderBy('id')
    .execute();

describeEachEngine('goods rental (商品租赁) on %s', (server) => {
  const { admin, cashier, other } = server;

  it('lists the lease goods with the venue warehouse stock, refuses a goods twice and an unknown item', async () => {
    const racket = await leaseGoods(server, '租赁羽毛球拍', 27);
    expect(racket).toMatchObject({ rentMode: 'T', price: 10, deposit: 100, unitMinutes: 60, freeMinutes: 10, dailyCap: 50, qty: 27, unit: '支' });
    const page = (await admin.call(lease.goodsQuery, { query: { venueId: VENUE, goodsName: '羽毛球拍' } })).body.data;
    expect(page.records.map((g) => g.goodsName)).toEqual(['租赁羽毛球拍']);
    const again = await admin.call(lease.goodsAdd, { body: { goodsId: racket.goodsId, itemId: racket.itemId, rentMode: 'U', price: 1, deposit: 1 } });
    expect(again.body.msg).toBe(lease.leaseMsg.goodsTaken);
    const noItem = await admin.call(lease.goodsEdit, { body: { leaseGoodsId: racket.leaseGoodsId, itemId: 999999, rentMode: 'U', price: 1, deposit: 1 } });
    expect(noItem.body.msg).toBe('项目不存在');
    // The cashier lists but does not edit the archive.
    expect((await cashier.call(lease.goodsState, { body: { leaseGoodsId: racket.leaseGoodsId, state: 'S' } })).status).toBe(403);
  });

  it('rents two rackets to a member, rent and deposit by WeChat; returns one on time and one late: overtime kept, deposit back', async () => {
    const racket = await leaseGoods(server, '租赁羽毛球拍', 10);
    const vip = await cardByNo(cashier, DEMO.vip);
    const empty = await cashier.call(lease.createOrder, { body: { details: [], itemId: racket.itemId, venueId: VENUE } });
    expect(empty.body.msg).toBe('请选择购买商品');

    const order = await rent(server, cashier, [{ goodsId: racket.leaseGoodsId, quantity: 2 }], racket.itemId, vip.memberId);
    expect(order).toMatchObject({ orderState: 'P', payState: 'U', pricePay: 220 });
    // A 9折 card does not discount a rental: the deposit comes back whole.
    const due = await cashier.call(lease.queryOrderForPay, { query: { orderId: order.orderId, payMode: 'cardpay', cardIds: String(vip.cardId) } });
    expect(due.body.data.totalPrice).toBe(220);
    const paid = await cashier.call(lease.payOrder, { body: { orderId: order.orderId, payMode: 'wechatpay', authCode: PAYS, money: 220 } });
    expect(paid.body).toMatchObject({ code: 200, data: { orderState: 'A', payState: 'P', payRecords: [{ payMode: 'wechatpay', money: 220 }] } });
    expect(await stockOf(server.db, racket.goodsId)).toBe(8);

    const [line] = (await cashier.call(lease.orderById, { params: { id: order.orderId } })).body.data.details;
    const first = await giveBack(cashier, { orderId: order.orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1, damage: 0 }] });
    expect(first.body).toMatchObject({ code: 200, data: { state: 'R', amount: 100, parts: [{ payMode: 'wechatpay', money: 100, state: 'R' }] } });
    expect(await stockOf(server.db, racket.goodsId)).toBe(9);

    // Two and a half hours: 150 min - 10 free = 3 started hours = 30.00, 10.00 paid at the till: 20.00 overtime; 5.00 damage.
    server.clock.advance(2.5 * HOUR);
    const listed = (await cashier.call(lease.query, { query: {} })).body.data.records.find((o) => o.orderId === order.orderId)!;
    expect(listed).toMatchObject({ orderState: 'A', overdue: true });
    const late = await giveBack(cashier, { orderId: order.orderId, route: 'F', lines: [{ detailId: line.detailId, quantity: 1, damage: 5 }] });
    expect(late.body).toMatchObject({ code: 200, data: { state: 'R', amount: 75, route: 'F', parts: [{ payMode: 'cashpay', money: 75 }] } });
    const done = (await cashier.call(lease.orderById, { params: { id: order.orderId } })).body.data;
    expect(done).toMatchObject({ orderState: 'E', refundedAmount: 175, details: [{ returnedQuantity: 2, deducted: 25 }] });
    expect(await stockOf(server.db, racket.goodsId)).toBe(10);
    expect(await leaseMoves(server, order.orderId)).toEqual([
      { reason: 'LEASE', change: -2 },
      { reason: 'LEASE_RETURN', change: 1 },
      { reason: 'LEASE_RETURN', change: 1 },
    ]);

    // A returned line cannot be returned again.
    const twice = await giveBack(cashier, { orderId: order.orderId, route: 'F', lines: [{ detailId: line.detailId, quantity: 1, damage: 0 }] });
    expect(twice.body.msg).toBe(lease.leaseMsg.notOut);
    // The answers (made from what the return wrote) are the returns as read back.
    expect((await cashier.call(lease.orderReturns, { query: { orderId: order.orderId } })).body.data).toEqual([first.body.data, late.body.data]);
    const receipt = (await cashier.call(lease.getPrint, { query: { orderIds: String(order.orderId) } })).body.data;
    expect(receipt[0]).toMatchObject({ rent: 20, deposit: 200, memberName: '张三' });
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('keeps at most the deposit: damage above it is refused and nothing changes', async () => {
    const paddle = await leaseGoods(server, '租赁乒乓球拍', 5);
    const order = await rent(server, cashier, [{ goodsId: paddle.leaseGoodsId, quantity: 1 }], paddle.itemId);
    expect((await cashier.call(lease.payOrder, { body: { orderId: order.orderId, payMode: 'cashpay', money: 55 } })).body.code).toBe(200);
    const [line] = (await cashier.call(lease.orderById, { params: { id: order.orderId } })).body.data.details;
    const refused = await giveBack(cashier, { orderId: order.orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1, damage: 50.01 }] });
    expect(refused.body.msg).toBe(lease.leaseMsg.damageTooLarge('租赁乒乓球拍'));
    expect(await stockOf(server.db, paddle.goodsId)).toBe(4);
    const whole = await giveBack(cashier, { orderId: order.orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1, damage: 50 }] });
    expect(whole.body.data).toMatchObject({ state: 'R', amount: 0 });
    expect(await stockOf(server.db, paddle.goodsId)).toBe(5);
  });

  it('never lends more than the stock nor returns a unit twice, whatever the concurrency', async () => {
    const key = await leaseGoods(server, '租赁乒乓球拍', 3);
    const orders = await Promise.all(Array.from({ length: 5 }, () => rent(server, cashier, [{ goodsId: key.leaseGoodsId, quantity: 1 }], key.itemId)));
    const pays = await Promise.all(orders.map((o) => cashier.call(lease.payOrder, { body: { orderId: o.orderId, payMode: 'cashpay', money: 55 } })));
    expect(pays.filter((p) => p.body.code === 200)).toHaveLength(3);
    expect(await stockOf(server.db, key.goodsId)).toBe(0);

    const paidOrder = orders[pays.findIndex((p) => p.body.code === 200)];
    const [line] = (await cashier.call(lease.orderById, { params: { id: paidOrder.orderId } })).body.data.details;
    const returns = await Promise.all(
      Array.from({ length: 6 }, () =>
        giveBack(cashier, { orderId: paidOrder.orderId, route: 'T', lines: [{ detailId: line.detailId, quantity: 1, damage: 0 }] }),
      ),
    );
    expect(returns.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(await stockOf(server.db, key.goodsId)).toBe(1);
    const order = await server.db
      .selectFrom('lease_order')
      .select(['refunded_fen', 'order_state'])
      .where('id', '=', paidOrder.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ refunded_fen: 5000, order_state: 'E' });
  });

  it('shows another tenant none of it', async () => {
    const racket = await leaseGoods(server, '租赁羽毛球拍', 5);
    const order = await rent(server, cashier, [{ goodsId: racket.leaseGoodsId, quantity: 1 }], racket.itemId);
    expect((await other.call(lease.orderById, { params: { id: order.orderId } })).body.code).not.toBe(200);
    expect((await other.call(lease.goodsById, { params: { id: racket.leaseGoodsId } })).body.code).not.toBe(200);
    expect((await other.call(lease.payOrder, { body: { orderId: order.orderId, payMode: 'cashpay', money: 110 } })).body.code).not.toBe(200);
    const theirs = (await other.call(lease.goodsQuery, { query: {} })).body.data.records;
    expect(theirs.some((g) => g.leaseGoodsId === racket.leaseGoodsId)).toBe(false);
    expect(await stockOf(server.db, racket.goodsId, WAREHOUSE)).toBe(5);
  });
});
