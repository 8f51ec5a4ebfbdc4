import { expect, it } from 'vitest';
import { audit, goods, sale } from '@venue/contract';
import type { Client } from './client.ts';
import { WAREHOUSE } from './goods.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, readXlsx, servicesOf } from './member-card.helpers.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';

const PAYS = '134567890123456789';
const FAILS = '134567890123450606';
const FROM = { 'x-forwarded-for': '203.0.113.7' };

describeEachEngine('audit log (操作日志) on %s', (server) => {
  const { admin, cashier, other } = server;
  const entries = (target: string, action?: string) =>
    server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', target)
      .$if(!!action, (q) => q.where('action', '=', action!))
      .orderBy('id')
      .execute();
  const payCash = (as: Client, orderId: number, money: number) => as.call(sale.payOrder, { body: { orderId, payMode: 'cashpay', money }, headers: FROM });

  it('records a cash payment once, with who, venue, before/after and the client address; paying again adds nothing', async () => {
    const g = await goodsWithPrice(server.db, 990);
    const orderId = await orders.createId(cashier, [{ goodsId: g.id, quantity: 2 }]);
    expect((await payCash(cashier, orderId, 19.8)).body.code).toBe(200);
    expect((await payCash(cashier, orderId, 19.8)).body.code).toBe(200);
    const rows = await entries(`销售订单 ${orderId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'order.pay', venue_id: VENUE, username: 'cashier', client_ip: '203.0.113.7', tenant_id: 1 });
    expect(JSON.parse(rows[0].before_json!)).toEqual({ payState: 'U' });
    expect(JSON.parse(rows[0].after_json!)).toMatchObject({ payState: 'P', pricePay: 19.8, parts: [{ payMode: 'cashpay', money: 19.8 }] });
  });

  it('records a scan-code payment once when the channel pays, and nothing for a failed one', async () => {
    const g = await goodsWithPrice(server.db, 500, 1);
    const failed = await orders.createId(cashier, [{ goodsId: g.id, quantity: 1 }]);
    expect((await orders.pay(cashier, { orderId: failed, payMode: 'wechatpay', authCode: FAILS, money: 5 })).body.code).toBe(606);
    expect(await entries(`销售订单 ${failed}`)).toEqual([]);
    expect((await orders.pay(cashier, { orderId: failed, payMode: 'wechatpay', authCode: PAYS, money: 5 })).body.code).toBe(200);
    const rows = await entries(`销售订单 ${failed}`);
    expect(rows.map((r) => r.action)).toEqual(['order.pay']);
    expect(JSON.parse(rows[0].after_json!)).toMatchObject({ pricePay: 5, parts: [{ payMode: 'wechatpay', money: 5 }] });
  });

  it('records a refund once, in the transaction that gives the money back', async () => {
    const g = await goodsWithPrice(server.db, 300, 2);
    const orderId = await orders.createId(admin, [{ goodsId: g.id, quantity: 2 }]);
    await payCash(admin, orderId, 6);
    const refund = await admin.call(sale.refundOrder, { body: { orderId, route: 'T', reason: '顾客退货' } });
    expect(refund.body.code).toBe(200);
    const rows = await entries(`销售订单 ${orderId}`, 'order.refund');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].after_json!)).toMatchObject({ payState: 'FR', amount: 6, reason: '顾客退货' });
    const refused = await admin.call(sale.refundOrder, { body: { orderId, route: 'T', reason: '再退一次' } });
    expect(refused.body.code).not.toBe(200);
    expect(await entries(`销售订单 ${orderId}`, 'order.refund')).toHaveLength(1);
  });

  it('records a price override (goods:saleOrder:editPrice) and nothing for an order at archive prices', async () => {
    const g = await goodsWithPrice(server.db, 1000, 3);
    const plain = await orders.createId(admin, [{ goodsId: g.id, quantity: 1 }]);
    expect(await entries(`销售订单 ${plain}`)).toEqual([]);
    const changed = await orders.createId(admin, [{ goodsId: g.id, quantity: 2, pricePay: 8.5 }]);
    const rows = await entries(`销售订单 ${changed}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'sale.editPrice', venue_id: VENUE, username: 'admin' });
    expect(JSON.parse(rows[0].before_json!)).toEqual([{ goodsName: g.name, price: 10 }]);
    expect(JSON.parse(rows[0].after_json!)).toEqual([{ goodsName: g.name, pricePay: 8.5, quantity: 2 }]);
  });

  it('records a stock adjustment with the quantity before and after', async () => {
    const g = await goodsWithPrice(server.db, 200, 4);
    const before = await server.db
      .selectFrom('goods_stock')
      .select('quantity')
      .where('goods_id', '=', g.id)
      .where('warehouse_id', '=', WAREHOUSE)
      .executeTakeFirstOrThrow();
    expect((await admin.call(goods.adjustStock, { body: { goodsId: g.id, warehouseId: WAREHOUSE, change: -1, remark: '盘亏' } })).body.code).toBe(200);
    const rows = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'stock.adjust').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].before_json!)).toEqual({ quantity: before.quantity });
    expect(JSON.parse(rows[0].after_json!)).toEqual({ quantity: before.quantity - 1, change: -1, remark: '盘亏' });
  });

  it('records a card balance change (消费退回) once', async () => {
    const vip = await cardByNo(admin, DEMO.vip);
    const ledger = servicesOf(server).ledger;
    const consume = await server.db
      .transaction()
      .execute((trx) => ledger.chargeCard(trx, { tenantId: 1, cardId: vip.cardId, amount: 1500, orderType: 'SALE', orderId: 1, userId: 1, venueId: 1 }));
    const back = await admin.call('POST', 'member/card/refundCardConsume', { body: { consumeId: consume.id, remark: '退回' } });
    expect(back.body.code).toBe(200);
    expect((await admin.call('POST', 'member/card/refundCardConsume', { body: { consumeId: consume.id } })).body.code).not.toBe(200);
    const rows = await entries(`会员卡 ${DEMO.vip}`, 'card.refund');
    expect(rows).toHaveLength(1);
    const after = JSON.parse(rows[0].after_json!);
    expect(after.balance - JSON.parse(rows[0].before_json!).balance).toBeCloseTo(15, 2);
  });

  it('lists and filters entries for who may see them, exports them, and never for another tenant or without the permission', async () => {
    const list = await admin.call(audit.auditQuery, { query: { action: 'order.pay', size: 100 } });
    expect(list.body.data.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data.records.every((r) => r.actionName === '收款')).toBe(true);
    const byUser = await admin.call(audit.auditQuery, { query: { userName: 'cashier' } });
    expect(byUser.body.data.records.every((r) => r.username === 'cashier')).toBe(true);
    const kw = await admin.call(audit.auditQuery, { query: { keyword: '盘亏' } });
    expect(kw.body.data.records.map((r) => r.action)).toEqual(['stock.adjust']);
    expect((await other.call(audit.auditQuery, {})).body.data.total).toBe(0);
    expect((await cashier.call(audit.auditQuery, {})).status).toBe(403);
    const file = await admin.download('system/api/auditLog/export', { query: { action: 'stock.adjust' } });
    expect(file.status).toBe(200);
    const rows = await readXlsx(file.bytes);
    expect(rows[0]).toEqual(['时间', '操作人', '用户名', '场馆', '操作', '对象', '修改前', '修改后', '客户端地址']);
    expect(rows).toHaveLength(2);
    expect(rows[1][4]).toBe('库存调整');
    expect(await readXlsx((await other.download('system/api/auditLog/export', { query: {} })).bytes)).toHaveLength(1);
    expect((await cashier.download('system/api/auditLog/export', { query: {} })).status).toBe(403);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    await expect(server.db.updateTable('audit_log').set({ username: 'x' }).execute()).rejects.toThrow();
    await expect(server.db.deleteFrom('audit_log').execute()).rejects.toThrow();
    expect(
      Number(
        (
          await server.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });
});
