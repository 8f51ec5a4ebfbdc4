// Crash safety of money (issue 12): the product server in a child process, many concurrent cashiers
// creating, paying (cash, stored-value card, scan codes that pay, fail or stay unknown) and refunding
// (whole or one unit), `kill -9` at a random moment, a restart on the same database — KILLS times — then
// every order is checked: paid with its stock movements, pay records and card ledger rows, or unpaid
// without any; its refunds add up to what it records as refunded; stock and card balances equal their
// ledgers. SQLite, and PostgreSQL when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';
import { booksProblems, call, prepareGoods, rechargeCard, refundProblems } from './till-traffic.ts';

const WORKERS = 40;
const KILL_AFTER_MS = [1500, 3000];
const KILLS = Number(process.env.KILLS ?? 3);

/** One cashier: create an order of 1-3 goods and pay it, again and again, until the server is gone. */
async function cashier(
  url: string,
  token: string,
  goods: number[],
  card: { cardId: number; memberId: number },
  adminToken: string,
  acked: Set<number>,
  stats: Map<string, number>,
  alive: () => boolean,
) {
  const count = (key: string) => stats.set(key, (stats.get(key) ?? 0) + 1);
  let n = 0;
  while (alive()) {
    n += 1;
    try {
      const roll = Math.random();
      const byCard = roll < 0.15;
      const details = goods
        .filter(() => Math.random() < 0.4)
        .slice(0, 3)
        .map((goodsId) => ({ goodsId, quantity: 1 + Math.floor(Math.random() * 2) }));
      if (!details.length) details.push({ goodsId: goods[n % goods.length], quantity: 1 });
      const created = await call(url, token, 'POST', 'goods/goodsSaleOrder/createOrder', {
        details,
        warehouseId: 1,
        venueId: 1,
        memberId: byCard ? card.memberId : null,
      });
      if (created.code !== 200) {
        count(`create refused: ${created.msg}`);
        continue;
      }
      const orderId = created.data.orderId as number;
      let body: Record<string, unknown> = { orderId, payMode: 'cashpay', money: created.data.pricePay };
      if (roll < 0.45 && !byCard) {
        const code = roll < 0.35 ? '1345678901234567' : roll < 0.42 ? '1345678901230605' : '1345678901230606';
        body = { orderId, payMode: 'wechatpay', authCode: code, money: created.data.pricePay };
      }
      // By card: member/card/payWithOrder settles the order over the member's card at its discount.
      const paid = byCard
        ? await call(url, token, 'POST', 'member/card/payWithOrder', { orderId, cardIds: [card.cardId], memberId: card.memberId })
        : await call(url, token, 'POST', 'goods/goodsSaleOrder/payOrder', body);
      count(paid.code === 200 ? 'pay 200' : `pay ${paid.code} ${paid.msg}`);
      if (paid.code !== 200) continue;
      acked.add(orderId);
      if (Math.random() < 0.35) {
        // A refund by the admin (the cashier holds no refund permission): the whole order, or one unit of its first line.
        const partial = Math.random() < 0.5;
        const order = partial ? await call(url, adminToken, 'GET', `goods/goodsSaleOrder/id/${orderId}`) : null;
        const first = (order?.data.details as { detailId: number }[] | undefined)?.[0];
        const lines = first ? [{ detailId: first.detailId, quantity: 1 }] : undefined;
        const refunded = await call(url, adminToken, 'POST', 'goods/goodsSaleOrder/refundOrder', { orderId, route: 'T', lines });
        count(`refund ${lines ? 'one unit' : 'whole'} ${refunded.code}${refunded.code === 200 ? '' : ` ${refunded.msg}`}`);
      }
    } catch {
      count('request failed (server gone)');
      return;
    }
  }
}

const PAID = ['P', 'PR', 'FR'];

interface Check {
  orders: number;
  paid: number;
  refunded: number;
  unpaid: number;
  pending: number;
  problems: string[];
}

/** Every order paid with all its traces, or unpaid with none; stock and card ledgers sum to their balances. */
async function check(db: Db, acked: Set<number>): Promise<Check> {
  const k = db.kysely;
  const [orders, lines, moves, consumes, records] = await Promise.all([
    k.selectFrom('sale_order').select(['id', 'pay_state', 'price_pay_fen']).where('tenant_id', '=', 1).execute(),
    k.selectFrom('sale_order_line').select(['order_id', 'goods_id', 'quantity']).execute(),
    k
      .selectFrom('stock_movement')
      .select(['ref_id', 'goods_id', (eb) => eb.fn.sum<number>('change').as('change')])
      .where('reason', '=', 'SALE')
      .groupBy(['ref_id', 'goods_id'])
      .execute(),
    k
      .selectFrom('card_consume')
      .select(['order_id', 'card_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('order_type', '=', 'GOODS_SALE')
      .where('kind', '=', 'CONSUME')
      .groupBy(['order_id', 'card_id'])
      .execute(),
    k.selectFrom('pay_record').select(['order_id', 'state', 'money_fen', 'card_id', 'consume_id']).where('order_type', '=', 'GOODS_SALE').execute(),
  ]);
  const problems: string[] = [];
  for (const o of orders) {
    const myMoves = moves.filter((m) => m.ref_id === o.id);
    const myConsumes = consumes.filter((c) => c.order_id === o.id);
    const myRecords = records.filter((r) => r.order_id === o.id);
    const paidRecords = myRecords.filter((r) => r.state === 'P');
    if (PAID.includes(o.pay_state)) {
      for (const l of lines.filter((line) => line.order_id === o.id)) {
        if (Number(myMoves.find((m) => m.goods_id === l.goods_id)?.change) !== -l.quantity)
          problems.push(`order ${o.id} paid without the stock of goods ${l.goods_id}`);
      }
      if (paidRecords.reduce((s, r) => s + r.money_fen, 0) !== o.price_pay_fen) problems.push(`order ${o.id} paid records do not sum to ${o.price_pay_fen}`);
      for (const r of paidRecords.filter((p) => p.card_id)) {
        if (!r.consume_id || Number(myConsumes.find((c) => c.card_id === r.card_id)?.amount) !== -r.money_fen)
          problems.push(`order ${o.id} card ${r.card_id} not charged`);
      }
      if (myRecords.some((r) => r.state === 'N')) problems.push(`order ${o.id} paid with a pending record`);
    } else {
      if (myMoves.length || myConsumes.length || paidRecords.length) problems.push(`order ${o.id} (${o.pay_state}) has stock, ledger or paid records`);
      if (acked.has(o.id)) problems.push(`order ${o.id} was answered paid but is ${o.pay_state}`);
    }
  }
  problems.push(...(await refundProblems(db)));
  problems.push(...(await booksProblems(db)));
  const count = (states: string[]) => orders.filter((o) => states.includes(o.pay_state)).length;
  return { orders: orders.length, paid: count(PAID), refunded: count(['PR', 'FR']), unpaid: count(['U', 'F']), pending: count(['N']), problems };
}

async function run(label: string, baseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-crash-'));
  const pgDb = baseUrl ? await throwAwayPg(baseUrl) : undefined;
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', DEMO_SEED: '1', LOG: '0' };
  let server = await childServer(env);
  const [admin, till] = [await loginToken(server.url, 'admin', 'admin123'), await loginToken(server.url, 'cashier', 'cashier123')];
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  // One goods item runs short during the load; the others have plenty.
  const goods = await prepareGoods(db, server.url, admin, 100_000, 40);
  const card = (await call(server.url, till, 'GET', 'member/card/getByCardId?cardId=VIP0001')).data as { cardId: number; memberId: number };
  await rechargeCard(db, card.cardId, 1_000_000_00);

  const acked = new Set<number>();
  let pass = true;
  for (let kill = 1; kill <= KILLS; kill += 1) {
    const stats = new Map<string, number>();
    let alive = true;
    const tokens = [await loginToken(server.url, 'admin', 'admin123'), await loginToken(server.url, 'cashier', 'cashier123')];
    const workers = Array.from({ length: WORKERS }, (_, i) => cashier(server.url, tokens[i % 2], goods, card, tokens[0], acked, stats, () => alive));
    const killAfter = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
    await new Promise((done) => setTimeout(done, killAfter));
    server.child.kill('SIGKILL');
    alive = false;
    await Promise.all(workers);
    console.log(`\n${label}, kill ${kill} of ${KILLS}: kill -9 after ${killAfter.toFixed(0)} ms of ${WORKERS} concurrent cashiers; answers before the kill:`);
    for (const [key, n] of [...stats].sort()) console.log(`  ${key}: ${n}`);

    server = await childServer(env);
    // A cashier clicks pay again on the orders whose scan result was unknown: the channel is asked, the sale completes.
    const pendingIds = await db.kysely.selectFrom('sale_order').select('id').where('pay_state', '=', 'N').execute();
    const settled = new Map<number, number>();
    for (const { id } of pendingIds) {
      const answer = await call(server.url, admin, 'POST', 'goods/goodsSaleOrder/payOrder', { orderId: id, payMode: 'cashpay', money: 0 });
      settled.set(answer.code, (settled.get(answer.code) ?? 0) + 1);
      if (answer.code === 200) acked.add(id);
    }
    const result = await check(db, acked);
    console.log(
      `  after restart: ${result.orders} orders: ${result.paid} paid (${result.refunded} of them refunded in part or whole; ${acked.size} answered paid), ${result.unpaid} unpaid, ${result.pending} result unknown`,
    );
    console.log(`  pending orders asked again after the restart: ${[...settled].map(([code, n]) => `${code}×${n}`).join(', ') || 'none'}`);
    for (const problem of result.problems.slice(0, 20)) console.log(`  PROBLEM ${problem}`);
    pass &&= result.problems.length === 0 && result.orders > 0;
  }
  console.log(`  ${label}: ${pass ? 'PASS' : 'FAIL'}`);

  await server.stop();
  await db.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return pass;
}

const results = [await run('SQLite')];
if (process.env.DATABASE_URL) results.push(await run('PostgreSQL', process.env.DATABASE_URL));
console.log(`\ncrash test: ${results.every(Boolean) ? 'PASS' : 'FAIL'}`);
process.exit(results.every(Boolean) ? 0 : 1);
