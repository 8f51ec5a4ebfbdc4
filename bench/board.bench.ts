import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/tables.ts';
import { launchBrowser } from '../e2e/harness.ts';
import { bareServer, loginToken, measure, printTable, productServer } from './lib.ts';

/**
 * Issue 21: each board's data over a year of history at 10 viewers (goal: p99 under 300 ms), and the
 * first render of a board on localhost (goal: under 1.5 s). The year is written in bulk straight into
 * the tables the boards read (paid sale orders with their line and pay record, granted gate passes),
 * not through the services: it measures the boards' reads, not the till.
 */
const ORDERS_PER_VENUE_DAY = Number(process.env.ORDERS_PER_DAY ?? 60);
const PASSES_PER_VENUE_DAY = Number(process.env.PASSES_PER_DAY ?? 300);
const DAYS = 365;
const DAY_MS = 86_400_000;

async function chunks<T>(rows: T[], size: number, write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** A year of paid sales and gate passes for every demo venue of tenant 1. */
async function writeYear(db: Kysely<Database>) {
  const venues = await db
    .selectFrom('warehouse_venue as wv')
    .innerJoin('venue as v', 'v.id', 'wv.venue_id')
    .select(['v.id as venue_id', (eb) => eb.fn.min('wv.warehouse_id').as('warehouse_id')])
    .where('v.tenant_id', '=', 1)
    .groupBy('v.id')
    .execute();
  const goods = await db.selectFrom('goods').select(['id', 'name', 'price_fen']).where('tenant_id', '=', 1).limit(20).execute();
  const gates = await db.selectFrom('gate').select(['id', 'venue_id', 'controller_id']).where('tenant_id', '=', 1).execute();
  const now = Date.now();
  let orders = 0;
  let passes = 0;
  for (let day = DAYS; day >= 1; day -= 1) {
    const dayStart = now - day * DAY_MS;
    for (const v of venues) {
      const rows = Array.from({ length: ORDERS_PER_VENUE_DAY }, (_, i) => {
        const g = goods[(i + day) % goods.length];
        const at = new Date(dayStart + ((i * 997) % 50_000) * 1000).toISOString();
        return { g, at, quantity: 1 + (i % 3) };
      });
      const ids: { id: number }[] = [];
      await chunks(rows, 500, async (part) => {
        ids.push(
          ...(await db
            .insertInto('sale_order')
            .values(
              part.map((r) => ({
                tenant_id: 1,
                venue_id: v.venue_id,
                warehouse_id: v.warehouse_id,
                member_id: null,
                order_state: 'E' as const,
                pay_state: 'P' as const,
                source: 'B' as const,
                price_orig_fen: r.g.price_fen * r.quantity,
                price_pay_fen: r.g.price_fen * r.quantity,
                pay_mode: 'cashpay',
                created_by: 1,
                username: 'admin',
                remark: '',
                created_at: r.at,
                paid_at: r.at,
              })),
            )
            .returning('id')
            .execute()),
        );
      });
      const lines = rows.map((r, i) => ({ r, id: ids[i].id }));
      await chunks(lines, 500, (part) =>
        db
          .insertInto('sale_order_line')
          .values(
            part.map(({ r, id }) => ({
              tenant_id: 1,
              order_id: id,
              goods_id: r.g.id,
              goods_name: r.g.name,
              specs: '',
              unit: '个',
              quantity: r.quantity,
              price_fen: r.g.price_fen,
              price_orig_fen: r.g.price_fen,
              price_pay_fen: r.g.price_fen,
            })),
          )
          .execute(),
      );
      await chunks(lines, 500, (part) =>
        db
          .insertInto('pay_record')
          .values(
            part.map(({ r, id }, i) => ({
              tenant_id: 1,
              order_type: 'GOODS_SALE',
              order_id: id,
              attempt: 1,
              pay_mode: i % 2 ? 'cashpay' : 'wechatpay',
              pay_name: i % 2 ? '现金' : '微信',
              money_fen: r.g.price_fen * r.quantity,
              state: 'P' as const,
              message: '',
              created_by: 1,
              created_at: r.at,
              paid_at: r.at,
            })),
          )
          .execute(),
      );
      orders += rows.length;
      const venueGates = gates.filter((g) => g.venue_id === v.venue_id);
      if (!venueGates.length) continue;
      const passRows = Array.from({ length: PASSES_PER_VENUE_DAY }, (_, i) => {
        const gate = venueGates[i % venueGates.length];
        const at = new Date(dayStart + ((i * 613) % 50_000) * 1000).toISOString();
        return {
          tenant_id: 1,
          venue_id: v.venue_id,
          gate_id: gate.id,
          controller_id: gate.controller_id,
          event_index: v.venue_id * 4_000_000 + day * 10_000 + i,
          door: 1,
          direction: (i % 2 ? 'O' : 'I') as 'I' | 'O',
          kind: 'S' as const,
          card_number: null,
          card_id: null,
          granted: 'T' as const,
          reason: 1,
          pass_time: at,
          created_at: at,
        };
      });
      await chunks(passRows, 500, (part) => db.insertInto('gate_pass').values(part).execute());
      passes += passRows.length;
    }
  }
  return { orders, passes, venues: venues.length };
}

const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

const bare = await bareServer();
const baseline = await measure('bare Fastify route', { url: bare.url });
await bare.close();

for (const [label, databaseUrl] of engines) {
  const product = await productServer(databaseUrl, join(import.meta.dirname, '../apps/web/dist'));
  try {
    const started = Date.now();
    const written = await writeYear(product.db.kysely);
    // Statistics as a database in use has them (autovacuum's analyze): without them PostgreSQL planned the
    // year's join as nested loops over unindexed scans and ran for minutes.
    await sql`analyze`.execute(product.db.kysely);
    console.log(
      `\n${label}: a year written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${written.orders} paid orders, ${written.passes} gate passes, ${written.venues} venues`,
    );
    const token = await loginToken(product.url);
    const headers = { authorization: `Bearer ${token}` };
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() + 8 * 3600_000 - 364 * DAY_MS).toISOString().slice(0, 10);
    const reads: [string, string][] = [
      ['revenue: year by month, all venues', `board/revenue?beginDate=${yearAgo}&endDate=${today}&unit=month`],
      ['revenue: year by day, venue 1', `board/revenue?venueId=1&beginDate=${yearAgo}&endDate=${today}`],
      ['revenue: 30 days, venue 1', `board/revenue?venueId=1`],
      ['flow: today and 30 days, venue 1', `board/flow?venueId=1`],
      ['cockpit: 12 months, all venues', `board/cockpit`],
    ];
    for (const [name, path] of reads) {
      const t = performance.now();
      const answer = (await (await fetch(`${product.url}/api/${path}`, { headers })).json()) as { code: number };
      console.log(`  one viewer alone: ${name}: ${(performance.now() - t).toFixed(0)} ms (code ${answer.code})`);
    }
    const figures = [];
    for (const [name, path] of reads) figures.push(await measure(name, { url: `${product.url}/api/${path}`, headers, connections: 10, duration: 5 }));
    printTable(`${label}: board data at 10 viewers (goal p99 < 300 ms)`, figures, baseline);

    // First render: from navigation to the cockpit's figures shown, logged in, on localhost (median of 3).
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      await page.goto(`${product.url}/login`);
      await page.evaluate((t) => localStorage.setItem('Admin-Token', t), token);
      const times: number[] = [];
      for (const path of ['/dataPageDefault?venueId=1', '/bigScreenRevenue?venueId=1', '/flow/flowDashboard?venueId=1']) {
        for (let i = 0; i < 3; i += 1) {
          await page.goto('about:blank');
          const t = Date.now();
          await page.goto(`${product.url}${path}`);
          await page.locator('[data-figure]').first().waitFor({ timeout: 20_000 });
          await page.locator('canvas').first().waitFor({ timeout: 20_000 });
          times.push(Date.now() - t);
        }
        const sorted = times.splice(0).sort((a, b) => a - b);
        console.log(`${label}: first render of ${path}: median ${sorted[1]} ms (${sorted.join(', ')} ms; goal < 1500 ms)`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await product.close();
  }
}
