// Issue 35: the booking grid (12 fields x 32 slots of one date) at 10 desks, reservation create+pay at 20 desks on
// different cells, and 20 desks racing for one cell (one wins, 19 refusals, no 5xx), beside a bare route, on each engine.
import { bareServer, loginToken, measure, productServer } from './lib.ts';

const GRID_DESKS = Number(process.env.GRID_DESKS ?? 10);
const DESKS = Number(process.env.DESKS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : '-');
const venueDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const DAY = 86_400_000;

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const db = product.db.kysely;
  const tenantId = 1;
  const venueId = 1;
  const item = await db.selectFrom('sport_item').select('id').where('tenant_id', '=', tenantId).where('name', '=', '乒乓球').executeTakeFirstOrThrow();
  // 06:00-22:00 in 30-minute slots: 32 a field; 12 fields; one price for all.
  await db.updateTable('venue').set({ open_time: '06:00', close_time: '22:00' }).where('id', '=', venueId).execute();
  const nowIso = new Date().toISOString();
  const fields = await db
    .insertInto('booking_field')
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        tenant_id: tenantId,
        venue_id: venueId,
        item_id: item.id,
        name: `${i + 1}号台`,
        sort: i,
        state: 'A' as const,
        sale_mode: 'F' as const,
        capacity: 1,
        slot_minutes: 30,
        created_at: nowIso,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('booking_price')
    .values({
      tenant_id: tenantId,
      venue_id: venueId,
      item_id: item.id,
      name: '全天',
      weekdays: '1,2,3,4,5,6,7',
      begin_time: '06:00',
      end_time: '22:00',
      price_fen: 2000,
      created_at: nowIso,
    })
    .execute();
  const token = await loginToken(product.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${product.url}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: { orderId: number; pricePay: number } | null } };
  };
  const gridDate = venueDate(Date.now() + DAY);
  // A third of the grid's cells booked (paid), so the grid has lines to place.
  for (let f = 0; f < fields.length; f += 3) {
    const cells = Array.from({ length: 10 }, (_, s) => ({ fieldId: fields[f].id, date: gridDate, beginTime: `${String(8 + s).padStart(2, '0')}:00` }));
    const made = await post('booking/order/create', { venueId, itemId: item.id, cells });
    if (made.body.code !== 200) throw new Error(`seed booking: ${made.body.msg}`);
    await post('booking/order/payOrder', { orderId: made.body.data!.orderId, payMode: 'cashpay', money: made.body.data!.pricePay });
  }

  const grid = await measure('booking grid', {
    url: `${product.url}/api/booking/grid?venueId=${venueId}&itemId=${item.id}&date=${gridDate}`,
    headers,
    duration: SECONDS,
    connections: GRID_DESKS,
  });

  // Create + pay at DESKS desks, each on its own cells (a field and a date of its own, slot after slot).
  const pairs: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: DESKS }, async (_, desk) => {
      const field = fields[desk % fields.length].id;
      let day = 2 + Math.floor(desk / fields.length);
      let slot = 0;
      while (performance.now() < until) {
        if (slot === 32) {
          slot = 0;
          day += 2;
        }
        const m = 6 * 60 + 30 * slot++;
        const beginTime = `${String(Math.floor(m / 60)).padStart(2, '0')}:${m % 60 ? '30' : '00'}`;
        const started = performance.now();
        const made = await post('booking/order/create', {
          venueId,
          itemId: item.id,
          cells: [{ fieldId: field, date: venueDate(Date.now() + day * DAY), beginTime }],
        });
        const paid =
          made.body.code === 200
            ? await post('booking/order/payOrder', { orderId: made.body.data!.orderId, payMode: 'cashpay', money: made.body.data!.pricePay })
            : made;
        pairs.push(performance.now() - started);
        if (paid.body.code !== 200) {
          failures++;
          firstFailure ||= paid.body.msg;
        }
      }
    }),
  );
  pairs.sort((a, b) => a - b);

  // DESKS desks on one cell.
  const raceDate = venueDate(Date.now() + 200 * DAY);
  const race = await Promise.all(
    Array.from({ length: DESKS }, () =>
      post('booking/order/create', { venueId, itemId: item.id, cells: [{ fieldId: fields[1].id, date: raceDate, beginTime: '19:00' }] }),
    ),
  );
  const wins = race.filter((r) => r.body.code === 200).length;
  const fives = race.filter((r) => r.status >= 500).length;
  const live = await db
    .selectFrom('booking_line')
    .select('id')
    .where('field_id', '=', fields[1].id)
    .where('use_date', '=', raceDate)
    .where('state', '!=', 'C')
    .execute();

  const baseline = await measure('bare Fastify route', { url: bare.url, duration: SECONDS, connections: DESKS });
  console.log(`\n${label}`);
  console.log(`  grid 12 x 32 (${GRID_DESKS} desks): ${grid.rps} req/s, p50 ${grid.p50} ms, p99 ${grid.p99} ms  (target p99 < 30 ms)`);
  console.log(
    `  create+pay (${DESKS} desks, own cells): ${pairs.length} bookings, ${(pairs.length / SECONDS).toFixed(1)}/s, p50 ${pct(pairs, 50)} ms, p99 ${pct(pairs, 99)} ms, ${failures} failed${firstFailure ? ` (${firstFailure})` : ''}  (target p99 < ${databaseUrl ? 100 : 50} ms)`,
  );
  console.log(
    `  ${DESKS} desks on one cell: ${wins} won, ${race.length - wins - fives} refused (${race.find((r) => r.body.code !== 200)?.body.msg ?? ''}), ${fives} 5xx, ${live.length} live line`,
  );
  console.log(`  bare route (${DESKS} connections): ${baseline.rps} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await product.close();
  await bare.close();
}
