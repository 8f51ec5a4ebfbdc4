import { expect, it } from 'vitest';
import { sale } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { goodsWithPrice, orders, traces } from './sale.helpers.ts';

/** A scan whose result stays unknown however often it is asked (the customer never confirms). */
const PENDING = '134567890123450608';
const FAILS = '134567890123450606';
const MINUTE = 60_000;
const close = (as: Parameters<typeof orders.get>[0], orderId: number) => as.call(sale.closeOrder, { body: { orderId } });
const states = async (as: Parameters<typeof orders.get>[0], orderId: number) => {
  const { orderState, payState } = (await orders.get(as, orderId)).body.data;
  return { orderState, payState };
};

// The job runs every 100 ms here; the suite's fake clock decides which orders are old enough.
describeEachEngine(
  'closing unpaid sale orders on %s',
  (server) => {
    const { admin, cashier, other } = server;

    it('closes an unpaid order by hand; a closed order refuses payment and a second close answers closed', async () => {
      const goods = await goodsWithPrice(server.db, 300);
      const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
      expect((await close(other, orderId)).body.msg).toBe('销售订单不存在');
      expect((await close(cashier, orderId)).body).toMatchObject({ code: 200, data: { orderId, orderState: 'C', payState: 'C' } });
      expect(await states(cashier, orderId)).toEqual({ orderState: 'C', payState: 'C' });
      expect((await close(cashier, orderId)).body.data).toMatchObject({ orderState: 'C', payState: 'C' });
      const paid = await orders.cash(cashier, orderId, 6);
      expect(paid.body).toMatchObject({ code: -9000, msg: '订单已关闭，不能支付' });
      const byCode = await orders.pay(cashier, { orderId, payMode: 'wechatpay', authCode: '134567890123456789', money: 6 });
      expect(byCode.body.msg).toBe('订单已关闭，不能支付');
      expect(await traces(server.db, orderId)).toEqual({ moves: [], consumes: [], records: [] });
    });

    it('refuses closing a paid order and one whose scan-code result is unknown; a failed one closes', async () => {
      const goods = await goodsWithPrice(server.db, 500, 1);
      const paidId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      expect((await orders.cash(cashier, paidId, 5)).body.code).toBe(200);
      expect((await close(cashier, paidId)).body).toMatchObject({ code: -9000, msg: '只能关闭未支付的订单' });
      expect(await states(cashier, paidId)).toEqual({ orderState: 'E', payState: 'P' });

      const pendingId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      expect((await orders.pay(cashier, { orderId: pendingId, payMode: 'alipay', authCode: PENDING, money: 5 })).body.code).toBe(605);
      expect((await close(cashier, pendingId)).body.msg).toBe('订单支付结果未知，不能关闭，请先重新收款确认支付结果');
      expect((await states(cashier, pendingId)).payState).toBe('N');

      const failedId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
      expect((await orders.pay(cashier, { orderId: failedId, payMode: 'wechatpay', authCode: FAILS, money: 5 })).body.code).toBe(606);
      expect((await close(cashier, failedId)).body.data).toMatchObject({ orderState: 'C', payState: 'C' });
    });

    it('keeps the auto-close minutes per tenant, checked, and only the back office sets them', async () => {
      expect((await cashier.call(sale.getAutoClose)).body.data).toEqual({ autoCloseMinutes: 30 });
      expect((await cashier.call(sale.setAutoClose, { body: { autoCloseMinutes: 5 } })).body.code).toBe(510);
      expect((await admin.call(sale.setAutoClose, { body: { autoCloseMinutes: 1.5 } })).body.msg).toBe('自动关闭时间必须是整数分钟');
      expect((await admin.call(sale.setAutoClose, { body: { autoCloseMinutes: -1 } })).body.msg).toBe('自动关闭时间不能小于0');
      expect((await other.call(sale.setAutoClose, { body: { autoCloseMinutes: 0 } })).body.data).toEqual({ autoCloseMinutes: 0 });
      expect((await admin.call(sale.getAutoClose)).body.data).toEqual({ autoCloseMinutes: 30 });
      expect((await other.call(sale.getAutoClose)).body.data).toEqual({ autoCloseMinutes: 0 });
    });

    /** An unpaid order of tenant 2 in its first venue and warehouse. */
    async function tenant2Order() {
      const stock = await server.db
        .selectFrom('goods_stock as s')
        .innerJoin('warehouse_venue as wv', 'wv.warehouse_id', 's.warehouse_id')
        .select(['s.goods_id', 's.warehouse_id', 'wv.venue_id'])
        .where('s.tenant_id', '=', 2)
        .where('s.quantity', '>', 0)
        .limit(1)
        .executeTakeFirstOrThrow();
      return orders.createId(other, [{ goodsId: stock.goods_id, quantity: 1 }], { warehouseId: stock.warehouse_id, venueId: stock.venue_id });
    }

    it('closes unpaid and failed orders after the tenant limit, never a pending one, and not where the limit is 0', async () => {
      const goods = await goodsWithPrice(server.db, 200, 2);
      const line = [{ goodsId: goods.id, quantity: 1 }];
      const unpaid = await orders.createId(cashier, line);
      const failed = await orders.createId(cashier, line);
      expect((await orders.pay(cashier, { orderId: failed, payMode: 'wechatpay', authCode: FAILS, money: 2 })).body.code).toBe(606);
      const pending = await orders.createId(cashier, line);
      expect((await orders.pay(cashier, { orderId: pending, payMode: 'alipay', authCode: PENDING, money: 2 })).body.code).toBe(605);
      const theirs = await tenant2Order();

      server.clock.advance(20 * MINUTE);
      const young = await orders.createId(cashier, line);
      server.clock.advance(11 * MINUTE);
      // The job's pass that closes the 31-minute-old order leaves the 11-minute-old one (one UPDATE, one cutoff).
      await expect.poll(async () => (await states(cashier, unpaid)).payState, { timeout: 5000 }).toBe('C');
      expect((await states(cashier, young)).payState).toBe('U');
      expect(await states(cashier, failed)).toEqual({ orderState: 'C', payState: 'C' });
      expect((await states(cashier, pending)).payState).toBe('N');
      // Tenant 2 set 0: its order stays open however old.
      expect((await states(other, theirs)).payState).toBe('U');

      // Once the channel answers paid (the customer confirms at last), the pending order is paid, not closed.
      await server.db.updateTable('pay_sim_trade').set({ state: 'PAID' }).where('out_trade_no', 'like', `%GS1O${pending}A%`).execute();
      // The payment job may be asking the channel about it at that moment (it holds the order): the cashier's
      // click then answers 605 again, and the next one (or the job) completes it.
      await expect
        .poll(async () => (await orders.pay(cashier, { orderId: pending, payMode: 'alipay', authCode: PENDING, money: 2 })).body.code, { timeout: 5000 })
        .toBe(200);
      expect(await states(cashier, pending)).toEqual({ orderState: 'E', payState: 'P' });
    });
  },
  { jobEveryMs: 100 },
);
