// Issue 17: lookup + verify of a short-video platform voucher at 10 desks against the simulator, beside a bare route.
import { simulatedPoi } from '../apps/server/src/seed/voucher.ts';
import { bareServer, loginToken, measure, productServer } from './lib.ts';

const DESKS = 10;
const SECONDS = 10;
const VOUCHERS = 20_000;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const db = product.db.kysely;
  const venueId = 1;
  const poi = simulatedPoi(1, venueId);
  const now = Date.now();
  for (let start = 0; start < VOUCHERS; start += 500) {
    await db
      .insertInto('voucher_sim_certificate')
      .values(
        Array.from({ length: 500 }, (_, i) => {
          const code = `9${String(start + i).padStart(11, '0')}`;
          return {
            poi_id: poi,
            order_id: `${poi}-bench-${code}`,
            certificate_id: `${poi}-bench-cert-${code}`,
            code,
            encrypted_code: `${poi}-bench-enc-${code}`,
            sku_id: 'bench-sku',
            sku_title: '压测团购券',
            groupon_type: 1,
            original_fen: 5000,
            pay_fen: 3990,
            start_time: new Date(now - 86_400_000).toISOString(),
            expire_time: new Date(now + 30 * 86_400_000).toISOString(),
            status: 'unused' as const,
            behaviour: 'ok' as const,
            verify_id: null,
            verify_time: null,
          };
        }),
      )
      .execute();
  }
  const token = await loginToken(product.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let next = 0;
  const pairs: number[] = [];
  const lookups: number[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: DESKS }, async () => {
      while (performance.now() < until && next < VOUCHERS) {
        const code = `9${String(next++).padStart(11, '0')}`;
        const started = performance.now();
        const found = await (await fetch(`${product.url}/api/marketing/coupon/queryByCode?code=${code}&venueId=${venueId}`, { headers })).json();
        lookups.push(performance.now() - started);
        const body = { ...found.data, certificates: found.data.certificates.map((c: object) => ({ ...c, checked: true })) };
        const done = await (
          await fetch(`${product.url}/api/marketing/couponVerificationRecord/verifyDouYinCoupon`, { method: 'POST', headers, body: JSON.stringify(body) })
        ).json();
        pairs.push(performance.now() - started);
        if (done.code !== 200 || done.data.verified !== 1) failures++;
      }
    }),
  );
  pairs.sort((a, b) => a - b);
  lookups.sort((a, b) => a - b);
  const baseline = await measure('bare Fastify route', { url: bare.url, duration: SECONDS });
  console.log(`\n${label}: ${DESKS} desks, ${SECONDS} s, against the platform simulator (${failures} not verified)`);
  console.log(`  lookup + verify: ${pairs.length} pairs, ${(pairs.length / SECONDS).toFixed(1)} pairs/s, p50 ${pct(pairs, 50)} ms, p99 ${pct(pairs, 99)} ms`);
  console.log(`  lookup alone:    p50 ${pct(lookups, 50)} ms, p99 ${pct(lookups, 99)} ms`);
  console.log(`  bare route:      ${baseline.rps} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  await product.close();
  await bare.close();
}
