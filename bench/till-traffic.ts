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
  /** Orders answered paid (the crash bench checks they stayed paid). */
  acked?: Set<number>;
}

/** One request, timed. */
async function timed(ctx: TillContext, method: string, path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const answer = await call(ctx.url, ctx.token, method, path, body);
  ctx.latencies?.push(performance.now() - started);
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
  if (paid.code === 200) ctx.acked?.add(orderId);
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
