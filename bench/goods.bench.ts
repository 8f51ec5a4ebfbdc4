// allByClassification over 5,000 goods in 20 classes with stock in 2 warehouses, 10 connections (a busy venue's tills).
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createServices } from '../apps/server/src/modules.ts';
import { bareServer, loginToken, measure, printTable, productServer } from './lib.ts';

const GOODS = 5000;
const CLASSES = 20;
const SALES = 3000;
const DAY_MS = 24 * 3600 * 1000;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

/** Milliseconds of `runs` sequential calls: p50 and p99 (the slowest but one of 50). */
async function timeCalls(runs: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  return `p50 ${at(50)} ms, p99 ${at(99)} ms`;
}

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const db = product.db.kysely;
  const now = Date.now();
  const classIds: number[] = [];
  for (let c = 0; c < CLASSES; c += 1) {
    classIds.push(
      (
        await db
          .insertInto('goods_classification')
          .values({ tenant_id: 1, name: `压测分类${c}`, state: 'A', sort: 100 + c })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const warehouses = [1, 5];
  const goodsIds: number[] = [];
  for (let start = 0; start < GOODS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const n = start + i;
      return {
        tenant_id: 1,
        name: `压测商品${n}`,
        specs: '',
        unit: '个',
        price_fen: 100 + n,
        barcode: `77${String(n).padStart(11, '0')}`,
        shorthand: `yc${n}`,
        classification_id: classIds[n % CLASSES],
        item_id: null,
        is_on_sale: n % 10 === 0 ? ('0' as const) : ('1' as const),
        state: 'A' as const,
        created_at: new Date(now).toISOString(),
        picture: null,
      };
    });
    const ids = await db.insertInto('goods').values(rows).returning('id').execute();
    goodsIds.push(...ids.map(({ id }) => id));
    await db
      .insertInto('goods_stock')
      .values(ids.flatMap(({ id }) => warehouses.map((w) => ({ tenant_id: 1, goods_id: id, warehouse_id: w, quantity: 50 }))))
      .execute();
  }
  // A month of till sales in the ledger, so hotSale has work to do.
  for (let start = 0; start < SALES; start += 500) {
    await db
      .insertInto('stock_movement')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          tenant_id: 1,
          goods_id: goodsIds[((start + i) * 37) % 400],
          warehouse_id: 1,
          change: -1 - ((start + i) % 3),
          balance: 40,
          reason: 'SALE' as const,
          ref_id: null,
          remark: '',
          created_at: new Date(now - ((start + i) % 40) * DAY_MS).toISOString(),
          created_by: 2,
        })),
      )
      .execute();
  }

  const token = await loginToken(product.url, 'cashier', 'cashier123');
  // A till is a browser: it always takes gzip.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const path = `${product.url}/api/goods/goodsArchive/allByClassification?warehouseIds=${warehouses.join(',')}`;
  const started = performance.now();
  const first = await fetch(path, { headers });
  console.log(
    `${label}: first (uncached) answer ${first.status} in ${(performance.now() - started).toFixed(0)} ms, ${(await first.arrayBuffer()).byteLength} bytes`,
  );
  // The query path itself, without the cache in front of it (a till asks right after a sale changed stock).
  const archive = createServices(product.db, systemClock, '').goods.archive;
  const list = (goodsQuery?: string) => archive.allByClassification(1, { warehouseIds: warehouses, isOnSale: '1', goodsQuery });
  console.log(`  uncached, whole list (${GOODS} goods): ${await timeCalls(50, () => list())}`);
  console.log(`  uncached, goodsQuery by name fragment: ${await timeCalls(50, () => list('压测商品12'))}`);
  console.log(`  uncached, goodsQuery by barcode prefix: ${await timeCalls(50, () => list('7700000001'))}`);

  let n = 0;
  const figures = [
    await measure('allByClassification (all)', { url: path, headers, duration: 10 }),
    await measure('allByClassification goodsQuery', { url: `${path}&goodsQuery=${encodeURIComponent('压测商品12')}`, headers, duration: 10 }),
    // Every request a new search (as a cashier types), so every one misses the cache.
    await measure('goodsQuery, new each time', {
      url: path,
      headers,
      duration: 10,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            path: `${new URL(path).pathname}?warehouseIds=${warehouses.join(',')}&goodsQuery=${encodeURIComponent(`商品${(n += 1)}`)}`,
          }),
        },
      ],
    }),
  ];
  const baseline = await measure('bare Fastify route', { url: bare.url, duration: 10 });
  printTable(`${label}: ${GOODS} goods in ${CLASSES} classes, 10 connections, 10 s`, figures, baseline);
  await product.close();
  await bare.close();
}
