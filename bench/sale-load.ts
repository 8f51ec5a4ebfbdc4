// The load of bench/sale.bench.ts: cashiers in loops, the latencies they saw, and the books checked after.
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import type { Db } from '../apps/server/src/db/database.ts';
import { booksProblems } from './till-traffic.ts';

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

export interface Load {
  times: Map<string, number[]>;
  failures: number;
  /** The first few refusals, to say why a run failed. */
  errors: string[];
}

/**
 * `workers` loops of `step` for `seconds`; each step answers the latencies it measured by name. Back to
 * back by default (saturation); with `paceMs` each worker starts a step every paceMs, staggered.
 */
export async function load(seconds: number, workers: number, step: (worker: number) => Promise<Record<string, number>>, paceMs = 0): Promise<Load> {
  const times = new Map<string, number[]>();
  const errors: string[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      if (paceMs) await sleep((w * paceMs) / workers);
      while (performance.now() < end) {
        const started = performance.now();
        try {
          for (const [name, ms] of Object.entries(await step(w))) (times.get(name) ?? times.set(name, []).get(name)!).push(ms);
        } catch (error) {
          failures += 1;
          if (errors.length < 5) errors.push((error as Error).message);
        }
        if (paceMs) await sleep(started + paceMs - performance.now());
      }
    }),
  );
  return { times, failures, errors };
}

export async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

/**
 * The cashiers' HTTP client: undici's request on kept-alive connections. Node's fetch (undici's fetch, with
 * its WHATWG streams) cost the load generator 3.5-5.8 ms of CPU a sale on this 2-core machine, CPU the
 * server and PostgreSQL it measures then lacked; request does the same calls for a fraction of it.
 */
const cashiers = new Agent({ keepAliveTimeout: 30_000 });

export const post = async (url: string, token: string, body: unknown) => {
  const response = await request(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    dispatcher: cashiers,
  });
  const answer = (await response.body.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (answer.code !== 200) throw new Error(`${answer.code} ${answer.msg}`);
  return answer.data;
};

/** Sorted latencies of one measure. */
export const sortedOf = (run: Load, name: string) => [...(run.times.get(name) ?? [])].sort((a, b) => a - b);

/**
 * The books after the load: every paid sale took exactly its lines' units from stock and has pay records
 * adding up to its price; no unpaid sale moved stock; stock equals its movements and is never negative.
 */
export async function saleProblems(db: Db): Promise<string[]> {
  const k = db.kysely;
  const { rows } = await sql<{ stock: number; records: number; unpaid: number }>`with
      lines as (select order_id, sum(quantity) as q from sale_order_line group by order_id),
      moves as (select ref_id, -sum(change) as q from stock_movement where reason = 'SALE' group by ref_id),
      paid as (select order_id, sum(money_fen) as m from pay_record where order_type = 'GOODS_SALE' and state = 'P' group by order_id)
    select
      sum(case when o.pay_state = 'P' and coalesce(l.q, 0) <> coalesce(mv.q, 0) then 1 else 0 end) as stock,
      sum(case when o.pay_state = 'P' and o.price_pay_fen <> coalesce(p.m, 0) then 1 else 0 end) as records,
      sum(case when o.pay_state <> 'P' and mv.q is not null then 1 else 0 end) as unpaid
    from sale_order o left join lines l on l.order_id = o.id left join moves mv on mv.ref_id = o.id left join paid p on p.order_id = o.id`.execute(k);
  const problems = [...(await booksProblems(db))];
  const [r] = rows;
  if (Number(r.stock)) problems.push(`${r.stock} paid sales whose stock movements differ from their lines`);
  if (Number(r.records)) problems.push(`${r.records} paid sales whose pay records do not add up`);
  if (Number(r.unpaid)) problems.push(`${r.unpaid} unpaid sales that moved stock`);
  return problems;
}
