import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { seedHistory } from '../apps/server/src/seed/history/index.ts';
import { launchBrowser } from '../e2e/harness.ts';
import { bareServer, childServer, loginToken, measure, printTable, productServer } from './lib.ts';
import { readProbe } from './probe/report.ts';

/**
 * Issue 21: each board's data over a year of history at 10 viewers (goal: p99 under 300 ms), and the
 * first render of a board on localhost (goal: under 1.5 s). The year is the demo history
 * (apps/server/src/seed/history: goods sales paid by several methods and member cards, card sales and
 * top-ups, tickets sold and verified, gate passes), ORDERS_PER_DAY goods orders a day per venue.
 */
const ORDERS_PER_VENUE_DAY = Number(process.env.ORDERS_PER_DAY ?? 80);
const DAYS = Number(process.env.DAYS ?? 365);
const DAY_MS = 86_400_000;
const WEB_DIST = join(import.meta.dirname, '../apps/web/dist');

// BENCH_ENGINE=SQLite or PostgreSQL: that engine only.
const engines = ([['SQLite', undefined]] as [string, string | undefined][])
  .concat(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL]] : [])
  .filter(([label]) => !process.env.BENCH_ENGINE || process.env.BENCH_ENGINE === label);

const bare = await bareServer();
const baseline = await measure('bare Fastify route', { url: bare.url });
await bare.close();

for (const [label, databaseUrl] of engines) {
  const product = await productServer(databaseUrl, WEB_DIST);
  try {
    const started = Date.now();
    const written = await seedHistory(product.db, { days: DAYS, ordersPerDay: ORDERS_PER_VENUE_DAY });
    if (!written) throw new Error('the demo history was not written');
    const r = written.rows;
    console.log(
      `\n${label}: ${DAYS} days written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${r.sale_order} goods orders, ${r.pay_record} pay records, ${r.card} cards (${r.card_order} card orders), ${r.ticket_check} ticket checks, ${r.gate_pass} gate passes`,
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
      ['cockpit: 12 months, venue 1', `board/cockpit?venueId=1`],
      ['verifications: today, all venues', `board/verifications`],
    ];
    for (const [name, path] of reads) {
      const t = performance.now();
      const answer = (await (await fetch(`${product.url}/api/${path}`, { headers })).json()) as { code: number };
      console.log(`  one viewer alone: ${name}: ${(performance.now() - t).toFixed(0)} ms (code ${answer.code})`);
    }
    const figures = [];
    for (const [name, path] of reads) figures.push(await measure(name, { url: `${product.url}/api/${path}`, headers, connections: 10, duration: 5 }));
    printTable(`${label}: board data at 10 viewers (goal p99 < 300 ms)`, figures, baseline);
    if (process.env.BENCH_PROBE_RUN) await probeReads(label, product.env, reads);

    // First render: from navigation to the cockpit's figures shown, logged in, on localhost (median of 3).
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      console.log(`${label}: first render not measured: no web build in ${WEB_DIST} (npm run build)`);
      continue;
    }
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

/**
 * BENCH_PROBE_RUN=1: each read again at 10 viewers (3 s) on a probed child server over the same database
 * (bench/probe/server-probe.ts): per request the statements, the time in the driver and in the handler,
 * and the statements that took the most time.
 */
async function probeReads(label: string, env: Record<string, string>, reads: [string, string][]) {
  const probeFile = join(env.DATA_DIR, 'probe.json');
  const server = await childServer({ ...env, BENCH_PROBE: probeFile });
  try {
    const headers = { authorization: `Bearer ${await loginToken(server.url)}` };
    console.log(`\n${label}, probed server (10 viewers, 3 s a read): per request`);
    for (const [name, path] of reads) {
      await readProbe(server.child, probeFile);
      await measure(name, { url: `${server.url}/api/${path}`, headers, connections: 10, duration: 3 });
      const f = Object.values(await readProbe(server.child, probeFile)).find((r) => r.requests > 10);
      if (!f) continue;
      const per = (n: number) => (n / f.requests).toFixed(1);
      console.log(
        `  ${name}: ${per(f.statements)} statements, ${per(f.ms.database)} ms in the driver, ${per(f.ms.handler)} ms handler, ${per(f.ms.total)} ms total`,
      );
      const top = Object.entries(f.shapeMs)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
      for (const [shape, ms] of top) console.log(`    ${per(ms).padStart(6)} ms  ${((f.shapes[shape] ?? 0) / f.requests).toFixed(1)}x  ${shape}`);
    }
  } finally {
    await server.stop();
  }
}
