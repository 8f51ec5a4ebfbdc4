// Mixed till traffic for the soak and the crash benches: sales paid in cash or by card, lists and lookups,
// and the checks that the books still add up afterwards.
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import { LedgerRepository } from '../apps/server/src/modules/member-card/ledger.repository.ts';

export interface Answer {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

export async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Answer;
}

/** Six goods on sale in warehouse 1, each stocked to `quantity` (the first to `shortOne` when given, so it runs out). */
export async function prepareGoods(db: Db, url: string, adminToken: string, quantity: number, shortOne?: number): Promise<number[]> {
  const stocked = await db.kysely
    .selectFrom('goods_stock as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['g.id', 's.quantity'])
    .where('s.warehouse_id', '=', 1)
    .where('g.is_on_sale', '=', '1')
    .where('g.state', '=', 'A')
    .orderBy('g.id')
    .limit(6)
    .execute();
  for (const [i, g] of stocked.entries()) {
    let missing = (i === 0 && shortOne !== undefined ? shortOne : quantity) - g.quantity;
    // One adjustment takes at most MAX_QUANTITY.
    while (missing !== 0) {
      const change = Math.max(-9_999_999, Math.min(9_999_999, missing));
      const answer = await call(url, adminToken, 'POST', 'goods/stock/adjust', { goodsId: g.id, warehouseId: 1, change, remark: '压测' });
      if (answer.code !== 200) throw new Error(`stock adjust: ${answer.msg}`);
      missing -= change;
    }
  }
  return stocked.map((g) => g.id);
}

/** Tops a card up through its ledger (a recharge at the front desk), so card sales do not run dry during a long run. */
export async function rechargeCard(db: Db, cardId: number, fen: number): Promise<void> {
  const ledger = new LedgerRepository(db.kysely, db.engine);
  await db.kysely
    .transaction()
    .execute((trx) =>
      ledger.apply(trx, { tenantId: 1, cardId, amount: fen, kind: 'RECHARGE', remark: '压测充值', userId: null, nowIso: new Date().toISOString() }),
    );
}

export interface TillContext {
  url: string;
  token: string;
  goods: number[];
  card: { cardId: number; memberId: number };
  stats: Map<string, number>;
  /** Every request's time in ms, for the caller's percentiles. */
  latencies?: number[];
  /** The same times by route (method and path, ids and query left out), to see which route slows down. */
  routes?: Map<string, number[]>;
  /** Orders answered paid (the crash bench checks they stayed paid). */
  acked?: Set<number>;
  /** A token allowed to refund (the admin's): with it, about a third of the sales are refunded, whole or one unit. */
  refundToken?: string;
}

function record(ctx: TillContext, route: string, ms: number) {
  ctx.latencies?.push(ms);
  const key = route.split('?')[0].replace(/\/\d+$/, '/{id}');
  if (ctx.routes) ctx.routes.set(key, [...(ctx.routes.get(key) ?? []), ms]);
}

/** One request, timed. */
async function timed(ctx: TillContext, method: string, path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const answer = await call(ctx.url, ctx.token, method, path, body);
  record(ctx, `${method} ${path}`, performance.now() - started);
  return answer;
}

const count = (ctx: TillContext, key: string): void => void ctx.stats.set(key, (ctx.stats.get(key) ?? 0) + 1);

/** A sale of 1-3 goods, paid in cash or (with the member's card) by card. */
async function sale(ctx: TillContext, byCard: boolean) {
  const details = ctx.goods
    .filter(() => Math.random() < 0.4)
    .slice(0, 3)
    .map((goodsId) => ({ goodsId, quantity: 1 + Math.floor(Math.random() * 2) }));
  if (!details.length) details.push({ goodsId: ctx.goods[Math.floor(Math.random() * ctx.goods.length)], quantity: 1 });
  const created = await timed(ctx, 'POST', 'goods/goodsSaleOrder/createOrder', {
    details,
    warehouseId: 1,
    venueId: 1,
    memberId: byCard ? ctx.card.memberId : null,
  });
  if (created.code !== 200) return count(ctx, `create refused: ${created.msg}`);
  const orderId = created.data.orderId as number;
  // By card: member/card/payWithOrder splits the order over the member's cards, each at its own discount.
  const paid = byCard
    ? await timed(ctx, 'POST', 'member/card/payWithOrder', { orderId, cardIds: [ctx.card.cardId], memberId: ctx.card.memberId })
    : await timed(ctx, 'POST', 'goods/goodsSaleOrder/payOrder', { orderId, payMode: 'cashpay', money: created.data.pricePay });
  count(ctx, `${byCard ? 'card' : 'cash'} pay ${paid.code}${paid.code === 200 ? '' : `: ${paid.msg}`}`);
  if (paid.code !== 200) return;
  ctx.acked?.add(orderId);
  if (ctx.refundToken && Math.random() < 0.35) await refund(ctx, orderId, ctx.refundToken);
}

/** A refund by the original route: the whole order, or one unit of its first line. */
async function refund(ctx: TillContext, orderId: number, token: string) {
  const partial = Math.random() < 0.5;
  const started = performance.now();
  const order = partial ? await call(ctx.url, token, 'GET', `goods/goodsSaleOrder/id/${orderId}`) : null;
  const first = (order?.data.details as { detailId: number }[] | undefined)?.[0];
  const lines = first ? [{ detailId: first.detailId, quantity: 1 }] : undefined;
  const answer = await call(ctx.url, token, 'POST', 'goods/goodsSaleOrder/refundOrder', { orderId, route: 'T', lines });
  record(ctx, 'POST goods/goodsSaleOrder/refundOrder (with its order read)', performance.now() - started);
  count(ctx, `refund ${lines ? 'one unit' : 'whole'} ${answer.code}${answer.code === 200 ? '' : `: ${answer.msg}`}`);
}

/** One step of a cashier's day, chosen at random with the weights of a busy till. */
export async function tillRound(ctx: TillContext): Promise<void> {
  const roll = Math.random();
  try {
    if (roll < 0.45) return await sale(ctx, false);
    if (roll < 0.55) return await sale(ctx, true);
    const read =
      roll < 0.7
        ? 'goods/goodsSaleOrder/query?current=1&size=20'
        : roll < 0.85
          ? 'goods/goodsArchive/queryStock?current=1&size=20'
          : `member/card/getByCardId?cardId=VIP0001`;
    const answer = await timed(ctx, 'GET', read);
    count(ctx, `read ${read.split('?')[0]} ${answer.code}`);
  } catch (error) {
    count(ctx, `no answer: ${(error as Error).message}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** The books: every stock balance equals the sum of its movements, every card balance the sum of its ledger. */
export async function booksProblems(db: Db): Promise<string[]> {
  const k = db.kysely;
  const problems: string[] = [];
  const { rows: stock } = await sql<{ n: number }>`select count(*) as n from goods_stock s where s.quantity <> (select coalesce(sum(m.change), 0)
    from stock_movement m where m.goods_id = s.goods_id and m.warehouse_id = s.warehouse_id)`.execute(k);
  if (Number(stock[0].n)) problems.push(`${stock[0].n} stock rows differ from their movements`);
  const { rows: cards } = await sql<{
    n: number;
  }>`select count(*) as n from card c where c.balance <> (select coalesce(sum(cc.amount), 0) from card_consume cc where cc.card_id = c.id)`.execute(k);
  if (Number(cards[0].n)) problems.push(`${cards[0].n} card balances differ from their ledger`);
  const { rows: negative } = await sql<{
    n: number;
  }>`select (select count(*) from goods_stock where quantity < 0) + (select count(*) from card where balance < 0) as n`.execute(k);
  if (Number(negative[0].n)) problems.push(`${negative[0].n} stock rows or cards below zero`);
  return problems;
}

/**
 * Refunds add up: an order's refunded amount is the sum of its refunds that are done or held (R, U), each line's
 * refunded units the sum of those refunds' lines; the stock given back (REFUND movements) is the units of the
 * finished refunds; a partly or fully refunded pay state matches what was refunded.
 */
export async function refundProblems(db: Db): Promise<string[]> {
  const k = db.kysely;
  const [orders, lines, refunds, refundLines, moves] = await Promise.all([
    k.selectFrom('sale_order').select(['id', 'pay_state', 'price_pay_fen', 'refunded_fen']).execute(),
    k.selectFrom('sale_order_line').select(['id', 'order_id', 'quantity', 'refunded_quantity']).execute(),
    k.selectFrom('order_refund').select(['id', 'order_id', 'amount_fen', 'state']).where('order_type', '=', 'GOODS_SALE').execute(),
    k
      .selectFrom('order_refund_line as l')
      .innerJoin('order_refund as r', 'r.id', 'l.refund_id')
      .select(['l.refund_id', 'l.line_id', 'l.item_id as goods_id', 'l.quantity'])
      .where('r.order_type', '=', 'GOODS_SALE')
      .execute(),
    k.selectFrom('stock_movement').select(['goods_id', 'change']).where('reason', '=', 'REFUND').execute(),
  ]);
  const problems: string[] = [];
  const held = new Set(refunds.filter((r) => r.state !== 'F').map((r) => r.id));
  for (const o of orders) {
    const sum = refunds.filter((r) => r.order_id === o.id && held.has(r.id)).reduce((s, r) => s + r.amount_fen, 0);
    if (sum !== o.refunded_fen) problems.push(`order ${o.id} records ${o.refunded_fen} refunded, its refunds add up to ${sum}`);
    const done = refunds.filter((r) => r.order_id === o.id && r.state === 'R').reduce((s, r) => s + r.amount_fen, 0);
    const expected = done === 0 ? o.pay_state : done >= o.price_pay_fen ? 'FR' : 'PR';
    if (['P', 'PR', 'FR'].includes(o.pay_state) && o.pay_state !== expected)
      problems.push(`order ${o.id} is ${o.pay_state} after ${done} of ${o.price_pay_fen} refunded`);
  }
  for (const l of lines) {
    const units = refundLines.filter((r) => r.line_id === l.id && held.has(r.refund_id)).reduce((s, r) => s + r.quantity, 0);
    if (units !== l.refunded_quantity || units > l.quantity) problems.push(`line ${l.id} records ${l.refunded_quantity} refunded units, its refunds ${units}`);
  }
  const finished = new Set(refunds.filter((r) => r.state === 'R').map((r) => r.id));
  const back = new Map<number, number>();
  for (const r of refundLines.filter((line) => finished.has(line.refund_id))) back.set(r.goods_id, (back.get(r.goods_id) ?? 0) + r.quantity);
  const moved = new Map<number, number>();
  for (const m of moves) moved.set(m.goods_id, (moved.get(m.goods_id) ?? 0) + Number(m.change));
  for (const goodsId of new Set([...back.keys(), ...moved.keys()])) {
    if ((back.get(goodsId) ?? 0) !== (moved.get(goodsId) ?? 0))
      problems.push(`goods ${goodsId}: ${moved.get(goodsId) ?? 0} units back in stock, refunds say ${back.get(goodsId) ?? 0}`);
  }
  return problems;
}
