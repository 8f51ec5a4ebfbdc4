// Crash safety of rentals and wristbands (issue 19): the product server in a child process, many concurrent
// clerks renting rackets and returning them (all at once or one unit at a time, the deposit back in cash,
// some with damage kept), and lending wristbands on a deposit and taking them back, `kill -9` at a random
// moment, a restart on the same database — KILLS times — then every order is checked whole: a paid rental
// lent its units (LEASE) and got back exactly the units its finished returns say (LEASE_RETURN), its
// refunded amount is the sum of its returns, it is finished (E) exactly when every unit is back; an unpaid
// one moved nothing; a band is out on exactly one paid, unreturned deposit order, a returned deposit was
// refunded whole; stock equals its movements and nothing is below zero. SQLite, and PostgreSQL when
// DATABASE_URL is set (npm run bench:crash:lease).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';
import { booksProblems, call } from './till-traffic.ts';

const WORKERS = 30;
const KILL_AFTER_MS = [1500, 3000];
const KILLS = Number(process.env.KILLS ?? 3);

interface Racket {
  id: number;
  goodsId: number;
  itemId: number;
  unitFen: number;
}

/** One clerk: a rental and its returns, or a band lent and taken back, again and again, until the server is gone. */
async function clerk(url: string, token: string, racket: Racket, bands: number[], stats: Map<string, number>, alive: () => boolean) {
  const count = (key: string) => stats.set(key, (stats.get(key) ?? 0) + 1);
  while (alive()) {
    try {
      if (Math.random() < 0.3) {
        const handId = bands[Math.floor(Math.random() * bands.length)];
        const created = await call(url, token, 'POST', 'system/hand/createHandDepositOrder', { handId, venueId: 1 });
        if (created.code !== 200) {
          count(`lend refused: ${created.msg}`);
          continue;
        }
        const orderId = created.data.orderId as number;
        const paid = await call(url, token, 'POST', 'system/hand/payOrder', { orderId, payMode: 'cashpay', money: created.data.pricePay });
        count(paid.code === 200 ? 'band lent' : `band pay ${paid.code} ${paid.msg}`);
        if (paid.code !== 200) continue;
        const back = await call(url, token, 'POST', 'system/hand/returnHandDeposit', { orderId, route: 'F', payMode: 'cashpay' });
        count(back.code === 200 ? 'band returned' : `band return ${back.code} ${back.msg}`);
        continue;
      }
      const quantity = 1 + Math.floor(Math.random() * 2);
      const created = await call(url, token, 'POST', 'lease/leaseOrder/createOrder', {
        details: [{ goodsId: racket.id, quantity }],
        itemId: racket.itemId,
        venueId: 1,
      });
      if (created.code !== 200) {
        count(`rent refused: ${created.msg}`);
        continue;
      }
      const orderId = created.data.orderId as number;
      const paid = await call(url, token, 'POST', 'lease/leaseOrder/payOrder', { orderId, payMode: 'cashpay', money: created.data.pricePay });
      count(paid.code === 200 ? 'rental paid' : `rental pay ${paid.code} ${paid.msg}`);
      if (paid.code !== 200) continue;
      const order = await call(url, token, 'GET', `lease/leaseOrder/id/${orderId}`);
      const detailId = (order.data.details as { detailId: number }[])[0].detailId;
      // All units at once, or one at a time (sometimes twice at once: one of them must be refused).
      const steps = Math.random() < 0.5 ? [quantity] : Array.from({ length: quantity }, () => 1);
      for (const units of steps) {
        const damage = Math.random() < 0.2 ? 5 : 0;
        const body = { orderId, route: 'F', payMode: 'cashpay', lines: [{ detailId, quantity: units, damage }] };
        const answers = await Promise.all(
          Array.from({ length: Math.random() < 0.3 ? 2 : 1 }, () => call(url, token, 'POST', 'lease/leaseOrder/returnGoods', body)),
        );
        for (const a of answers) count(a.code === 200 ? 'return 200' : `return refused: ${a.msg}`);
      }
    } catch {
      count('request failed (server gone)');
      return;
    }
  }
}

/** Every rental and band order whole (see the header). */
async function check(db: Db, racket: Racket): Promise<{ rentals: number; bands: number; problems: string[] }> {
  const k = db.kysely;
  const [orders, lines, moves, refunds, hands, handOrders] = await Promise.all([
    k.selectFrom('lease_order').select(['id', 'pay_state', 'order_state', 'price_pay_fen', 'refunded_fen']).where('tenant_id', '=', 1).execute(),
    k.selectFrom('lease_order_line').select(['order_id', 'quantity', 'refunded_quantity']).where('tenant_id', '=', 1).execute(),
    k
      .selectFrom('stock_movement')
      .select(['ref_id', 'reason', (eb) => eb.fn.sum<number>('change').as('change')])
      .where('goods_id', '=', racket.goodsId)
      .where('reason', 'in', ['LEASE', 'LEASE_RETURN'])
      .groupBy(['ref_id', 'reason'])
      .execute(),
    k.selectFrom('order_refund').select(['order_id', 'order_type', 'amount_fen', 'state']).where('tenant_id', '=', 1).execute(),
    k.selectFrom('hand').select(['id', 'lent_order_id']).where('tenant_id', '=', 1).execute(),
    k.selectFrom('hand_order').select(['id', 'hand_id', 'pay_state', 'order_state', 'price_pay_fen', 'refunded_fen']).where('tenant_id', '=', 1).execute(),
  ]);
  const problems: string[] = [];
  const moved = (id: number, reason: string) => Number(moves.find((m) => m.ref_id === id && m.reason === reason)?.change ?? 0);
  for (const o of orders) {
    const mine = lines.filter((l) => l.order_id === o.id);
    const units = mine.reduce((s, l) => s + l.quantity, 0);
    const back = mine.reduce((s, l) => s + l.refunded_quantity, 0);
    const returned = refunds.filter((r) => r.order_type === 'GOODS_LEASE' && r.order_id === o.id && r.state !== 'F').reduce((s, r) => s + r.amount_fen, 0);
    if (['P', 'PR', 'FR'].includes(o.pay_state)) {
      if (moved(o.id, 'LEASE') !== -units) problems.push(`rental ${o.id} paid but lent ${-moved(o.id, 'LEASE')} of ${units}`);
      if (moved(o.id, 'LEASE_RETURN') !== back) problems.push(`rental ${o.id} records ${back} back, stock got ${moved(o.id, 'LEASE_RETURN')}`);
      if (returned !== o.refunded_fen) problems.push(`rental ${o.id} records ${o.refunded_fen} refunded, its returns ${returned}`);
      if ((o.order_state === 'E') !== (back === units)) problems.push(`rental ${o.id} is ${o.order_state} with ${back} of ${units} back`);
      if (o.refunded_fen > o.price_pay_fen) problems.push(`rental ${o.id} refunded more than paid`);
    } else if (moved(o.id, 'LEASE') || moved(o.id, 'LEASE_RETURN') || returned) problems.push(`rental ${o.id} (${o.pay_state}) moved stock or money`);
  }
  for (const h of hands) {
    const out = handOrders.filter((o) => o.hand_id === h.id && o.order_state === 'A');
    if (out.length > 1) problems.push(`band ${h.id} out on ${out.length} deposit orders`);
    if ((out[0]?.id ?? null) !== h.lent_order_id) problems.push(`band ${h.id} lent on ${h.lent_order_id}, its open deposit order is ${out[0]?.id ?? 'none'}`);
  }
  for (const o of handOrders) {
    const refunded = refunds.filter((r) => r.order_type === 'HAND_DEPOSIT' && r.order_id === o.id && r.state !== 'F').reduce((s, r) => s + r.amount_fen, 0);
    if (refunded !== o.refunded_fen || o.refunded_fen > o.price_pay_fen)
      problems.push(`deposit ${o.id} records ${o.refunded_fen} refunded, its refunds ${refunded}`);
    if (o.order_state === 'E' && o.refunded_fen !== o.price_pay_fen) problems.push(`deposit ${o.id} returned without its whole deposit back`);
    if (o.order_state === 'A' && o.pay_state !== 'P') problems.push(`deposit ${o.id} out but ${o.pay_state}`);
  }
  problems.push(...(await booksProblems(db)));
  return { rentals: orders.length, bands: handOrders.length, problems };
}

async function run(label: string, baseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-crash-lease-'));
  const pgDb = baseUrl ? await throwAwayPg(baseUrl) : undefined;
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', DEMO_SEED: '1', LOG: '0' };
  let server = await childServer(env);
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  const k = db.kysely;
  const row = await k
    .selectFrom('lease_goods as lg')
    .innerJoin('goods as g', 'g.id', 'lg.goods_id')
    .select(['lg.id', 'lg.goods_id', 'lg.item_id', 'lg.rent_fen', 'lg.deposit_fen'])
    .where('lg.tenant_id', '=', 1)
    .where('g.name', '=', '租赁羽毛球拍')
    .executeTakeFirstOrThrow();
  const racket: Racket = { id: row.id, goodsId: row.goods_id, itemId: row.item_id, unitFen: row.rent_fen + row.deposit_fen };
  // Few bands for many clerks: they race for them.
  const bands = (
    await k.selectFrom('hand').select('id').where('tenant_id', '=', 1).where('venue_id', '=', 1).where('lent_order_id', 'is', null).limit(6).execute()
  ).map((b) => b.id);
  let pass = true;
  for (let kill = 1; kill <= KILLS; kill += 1) {
    const stats = new Map<string, number>();
    let alive = true;
    const tokens = [await loginToken(server.url, 'admin', 'admin123'), await loginToken(server.url, 'cashier', 'cashier123')];
    const workers = Array.from({ length: WORKERS }, (_, i) => clerk(server.url, tokens[i % 2], racket, bands, stats, () => alive));
    const killAfter = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
    await new Promise((done) => setTimeout(done, killAfter));
    server.child.kill('SIGKILL');
    alive = false;
    await Promise.all(workers);
    console.log(`\n${label}, kill ${kill} of ${KILLS}: kill -9 after ${killAfter.toFixed(0)} ms of ${WORKERS} concurrent clerks; answers before the kill:`);
    for (const [key, n] of [...stats].sort()) console.log(`  ${key}: ${n}`);
    server = await childServer(env);
    const result = await check(db, racket);
    console.log(`  after restart: ${result.rentals} rentals, ${result.bands} band deposit orders checked`);
    for (const problem of result.problems.slice(0, 20)) console.log(`  PROBLEM ${problem}`);
    pass &&= result.problems.length === 0 && result.rentals > 0;
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
console.log(`\ncrash test (rentals and wristbands): ${results.every(Boolean) ? 'PASS' : 'FAIL'}`);
process.exit(results.every(Boolean) ? 0 : 1);
