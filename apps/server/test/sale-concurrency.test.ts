import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { Msg } from '@venue/contract';
import { LedgerRepository } from '../src/modules/member-card/ledger.repository.ts';
import { describeEachEngine } from './harness.ts';
import { ledgerMismatches } from './member-card.helpers.ts';
import { setStock, stockOf } from './goods.helpers.ts';
import { goodsWithPrice, orders, traces } from './sale.helpers.ts';

describeEachEngine('concurrent sales on %s', (server) => {
  const { admin, cashier } = server;

  it('sells exactly the last 10 units to 200 concurrent cashiers, and stock ends at 0', async () => {
    const goods = await goodsWithPrice(server.db, 500);
    await setStock(server, goods.id, 10);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const token = i % 2 ? cashier : admin;
        const created = await orders.create(token, [{ goodsId: goods.id, quantity: 1 }]);
        if (created.body.code !== 200) return created.body.msg as string;
        const paid = await orders.cash(token, created.body.data.orderId, 5);
        return paid.body.code === 200 ? 'paid' : (paid.body.msg as string);
      }),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(10);
    expect(new Set(outcomes.filter((o) => o !== 'paid'))).toEqual(new Set([`商品「${goods.name}」库存不足`]));
    expect(await stockOf(server.db, goods.id)).toBe(0);
    const moves = await server.db
      .selectFrom('stock_movement')
      .select(['change', 'balance'])
      .where('goods_id', '=', goods.id)
      .where('reason', '=', 'SALE')
      .orderBy('id')
      .execute();
    expect(moves.map((m) => m.change)).toEqual(Array(10).fill(-1));
    expect(moves.map((m) => m.balance).sort((a, b) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const paidOrders = await server.db
      .selectFrom('sale_order_line as l')
      .innerJoin('sale_order as o', 'o.id', 'l.order_id')
      .select('o.pay_state')
      .where('l.goods_id', '=', goods.id)
      .where('o.pay_state', '=', 'P')
      .execute();
    expect(paidOrders).toHaveLength(10);
  });

  it('sells two goods listed in either order by 60 concurrent cashiers without a deadlock: 30 paid, both stocks at 0', async () => {
    const [a, b] = [await goodsWithPrice(server.db, 300, 3), await goodsWithPrice(server.db, 400, 4)];
    await setStock(server, a.id, 30);
    await setStock(server, b.id, 30);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const token = i % 2 ? cashier : admin;
        const lines = [
          { goodsId: a.id, quantity: 1 },
          { goodsId: b.id, quantity: 1 },
        ];
        const created = await orders.create(token, i % 2 ? lines : lines.reverse());
        if (created.body.code !== 200) return created.body.msg as string;
        const paid = await orders.cash(token, created.body.data.orderId, 7);
        return paid.body.code === 200 ? 'paid' : (paid.body.msg as string);
      }),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(30);
    // Every other answer is the plain refusal (at creation or at payment): no deadlock victim, no server error.
    const refusals = new Set([`商品「${a.name}」库存不足`, `商品「${b.name}」库存不足`]);
    expect(outcomes.filter((o) => o !== 'paid' && !refusals.has(o))).toEqual([]);
    expect([await stockOf(server.db, a.id), await stockOf(server.db, b.id)]).toEqual([0, 0]);
  });

  it('lets 50 concurrent card payments on a card covering exactly 5 succeed 5 times; the ledger sums to the balance', async () => {
    const goods = await goodsWithPrice(server.db, 1200, 1);
    await setStock(server, goods.id, 100);
    const now = new Date().toISOString();
    const card = await server.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id', 'c.member_id', 'c.balance'])
      .where('c.tenant_id', '=', 1)
      .where('t.pay_type', '=', 'M')
      .where('t.discountable', '=', 0)
      .where('c.state', '=', 'A')
      .where('c.is_opened', '=', 'T')
      .where(sql<boolean>`(c.use_end is null or c.use_end > ${now}) and (c.use_begin is null or c.use_begin <= ${now})`)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('blacklist as b').select('b.id').whereRef('b.member_id', '=', 'c.member_id'))))
      .orderBy('c.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // Exactly five orders' worth, written as a ledger adjustment so the ledger still sums to the balance.
    await server.db.transaction().execute((trx) =>
      new LedgerRepository(server.db, server.database.db.engine).apply(trx, {
        tenantId: 1,
        cardId: card.id,
        amount: 5 * 1200 - card.balance,
        kind: 'ADJUST',
        userId: null,
        nowIso: now,
      }),
    );
    const orderIds = await Promise.all(
      Array.from({ length: 50 }, () => orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: card.member_id })),
    );
    const answers = await Promise.all(
      orderIds.map((orderId) => orders.pay(cashier, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(card.id), money: 12 })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(5);
    expect(new Set(answers.filter((a) => a.body.code !== 200).map((a) => `${a.body.code} ${a.body.msg}`))).toEqual(new Set([`606 ${Msg.cardBalanceShort}`]));
    const after = await server.db.selectFrom('card').select('balance').where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(after.balance).toBe(0);
    expect(await ledgerMismatches(server)).toEqual([]);
    const consumes = await server.db
      .selectFrom('card_consume')
      .select('amount')
      .where('card_id', '=', card.id)
      .where('order_type', '=', 'GOODS_SALE')
      .execute();
    expect(consumes.map((c) => c.amount)).toEqual(Array(5).fill(-1200));
    expect(await stockOf(server.db, goods.id)).toBe(95);
  });

  it('charges once when the same order is paid 20 times at once, in cash or by scan code', async () => {
    const goods = await goodsWithPrice(server.db, 800, 2);
    await setStock(server, goods.id, 50);
    const cashOrder = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 2 }]);
    const cash = await Promise.all(Array.from({ length: 20 }, () => orders.cash(cashier, cashOrder, 16)));
    expect(cash.map((a) => a.body.code)).toEqual(Array(20).fill(200));
    expect(new Set(cash.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(await traces(server.db, cashOrder)).toMatchObject({ moves: [{ change: -2 }], records: [{ pay_mode: 'cashpay', state: 'P' }] });

    const scanOrder = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    const scans = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        orders.pay(cashier, { orderId: scanOrder, payMode: 'wechatpay', authCode: `13${String(i).padStart(14, '0')}`, money: 8 }),
      ),
    );
    // Each answer is the paid order, or 605 while another request is talking to the channel; never a second charge.
    expect(scans.every((a) => a.body.code === 200 || (a.body.code === 605 && a.body.msg === '订单正在支付中，请稍后重新点击支付按钮'))).toBe(true);
    expect(scans.some((a) => a.body.code === 200)).toBe(true);
    const t = await traces(server.db, scanOrder);
    expect(t.moves).toEqual([{ goods_id: goods.id, change: -1 }]);
    expect(t.records).toMatchObject([{ pay_mode: 'wechatpay', state: 'P', money_fen: 800 }]);
    const trades = await server.db.selectFrom('pay_sim_trade').select('state').where('out_trade_no', 'like', `%GS1O${scanOrder}A%`).execute();
    expect(trades).toEqual([{ state: 'PAID' }]);
  });
});
