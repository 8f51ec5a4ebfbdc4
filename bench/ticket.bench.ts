// Issue 18: ticket verification (checkTicket, and lookup by QR code + checkTicket as the desk does) at 20 desks (DESKS=n to change),
// beside a bare route. Also prints the CPU time of the process (server and the desks' client) per check: on a busy shared machine the
// latencies follow the load, the CPU per check much less.
import { bareServer, loginToken, measure, productServer } from './lib.ts';

const DESKS = Number(process.env.DESKS ?? 20);
const SECONDS = 10;
const TICKETS = 20_000;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
const venueDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const db = product.db.kysely;
  const tenantId = 1;
  // The demo's all-day type (every weekday 00:00-23:59) of the first venue; one paid order per ticket.
  const type = await db.selectFrom('ticket_type').selectAll().where('tenant_id', '=', tenantId).where('name', '=', '散客全天票').executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select(['id', 'username']).where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
  const nowIso = new Date().toISOString();
  const today = venueDate(Date.now());
  const details: { id: number; qr: string }[] = [];
  for (let start = 0; start < TICKETS; start += 500) {
    const orders = await db
      .insertInto('ticket_order')
      .values(
        Array.from({ length: 500 }, () => ({
          tenant_id: tenantId,
          venue_id: type.venue_id,
          member_id: null,
          order_state: 'A' as const,
          pay_state: 'P' as const,
          price_pay_fen: type.price_fen,
          price_orig_fen: type.price_fen,
          pay_mode: 'cashpay',
          pay_lock: null,
          pay_lock_until: null,
          paid_at: nowIso,
          source: 'B' as const,
          created_by: admin.id,
          username: admin.username,
          created_at: nowIso,
        })),
      )
      .returning('id')
      .execute();
    const rows = await db
      .insertInto('ticket_detail')
      .values(
        orders.map((o, i) => ({
          tenant_id: tenantId,
          order_id: o.id,
          type_id: type.id,
          venue_id: type.venue_id,
          item_id: type.item_id,
          qr_code: `TBENCH${String(start + i).padStart(8, '0')}`,
          detail_state: 'A' as const,
          type_name: type.name,
          use_begin_date: today,
          use_end_date: type.use_end_date,
          uses_left: 1,
          price_fen: type.price_fen,
          price_orig_fen: type.price_fen,
          price_pay_fen: type.price_fen,
        })),
      )
      .returning(['id', 'qr_code'])
      .execute();
    details.push(...rows.map((r) => ({ id: r.id, qr: r.qr_code })));
  }
  const token = await loginToken(product.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let next = 0;
  const checks: number[] = [];
  const pairs: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const cpu0 = process.cpuUsage();
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: DESKS }, async (_, desk) => {
      while (performance.now() < until && next < details.length) {
        const t = details[next++];
        const started = performance.now();
        // Half the desks scan first (lookup by QR code, then verify), half verify a ticket they already hold.
        if (desk % 2 === 0) await (await fetch(`${product.url}/api/ticket/ticketOrderDetail/queryDetail?qrCode=${t.qr}`, { headers })).json();
        const checkStarted = performance.now();
        const done = await (
          await fetch(`${product.url}/api/ticket/ticketCheck/checkTicket`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ ticketCheckDetails: [{ detailId: t.id }] }),
          })
        ).json();
        const ended = performance.now();
        checks.push(ended - checkStarted);
        if (desk % 2 === 0) pairs.push(ended - started);
        if (done.code !== 200) {
          failures++;
          firstFailure ||= done.msg;
        }
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  console.log(`  CPU (server and client, one process): ${((cpu.user + cpu.system) / 1000 / checks.length).toFixed(2)} ms per check`);
  checks.sort((a, b) => a - b);
  pairs.sort((a, b) => a - b);
  const baseline = await measure('bare Fastify route', { url: bare.url, duration: SECONDS, connections: DESKS });
  // An authenticated read of the product (session, access, tenant scope, one small query): what any call pays before its own work.
  const plain = await measure('queryPeopleCount', {
    url: `${product.url}/api/ticket/ticketCheck/queryPeopleCount?venueId=${type.venue_id}`,
    headers,
    duration: SECONDS,
    connections: DESKS,
  });
  console.log(`\n${label}: ${DESKS} desks, ${SECONDS} s (${failures} not verified${firstFailure ? `: ${firstFailure}` : ''})`);
  console.log(
    `  checkTicket:          ${checks.length} checks, ${(checks.length / SECONDS).toFixed(1)} checks/s, p50 ${pct(checks, 50)} ms, p99 ${pct(checks, 99)} ms`,
  );
  console.log(`  lookup + checkTicket: ${pairs.length} pairs, p50 ${pct(pairs, 50)} ms, p99 ${pct(pairs, 99)} ms`);
  console.log(`  queryPeopleCount (${DESKS} connections): ${plain.rps} req/s, p50 ${plain.p50} ms, p99 ${plain.p99} ms`);
  console.log(`  bare route (${DESKS} connections): ${baseline.rps} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  // autocannon's last requests may still be in flight: let them land before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await product.close();
  await bare.close();
}
