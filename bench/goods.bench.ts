// allByClassification over 5,000 goods in 20 classes with stock in 2 warehouses, 10 connections (a busy venue's tills).
import { bareServer, loginToken, measure, printTable, productServer } from './lib.ts';

const GOODS = 5000;
const CLASSES = 20;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const db = product.db.kysely;
  const now = new Date().toISOString();
  const classIds: number[] = [];
  for (let c = 0; c < CLASSES; c += 1) {
    classIds.push((await db.insertInto('goods_classification').values({ tenant_id: 1, name: `压测分类${c}`, state: 'A', sort: 100 + c }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const warehouses = [1, 5];
  for (let start = 0; start < GOODS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const n = start + i;
      return {
        tenant_id: 1, name: `压测商品${n}`, specs: '', unit: '个', price_fen: 100 + n, barcode: `77${String(n).padStart(11, '0')}`, shorthand: `yc${n}`,
        classification_id: classIds[n % CLASSES], item_id: null, is_on_sale: n % 10 === 0 ? '0' : '1', state: 'A', created_at: now, picture: null,
      };
    });
    const ids = await db.insertInto('goods').values(rows).returning('id').execute();
    await db.insertInto('goods_stock').values(ids.flatMap(({ id }) => warehouses.map((w) => ({ tenant_id: 1, goods_id: id, warehouse_id: w, quantity: 50 })))).execute();
  }
  const token = await loginToken(product.url, 'cashier', 'cashier123');
  // A till is a browser: it always takes gzip.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const path = `${product.url}/api/goods/goodsArchive/allByClassification?warehouseIds=${warehouses.join(',')}`;
  const started = performance.now();
  const first = await fetch(path, { headers });
  console.log(`${label}: first (uncached) answer ${first.status} in ${(performance.now() - started).toFixed(0)} ms, ${(await first.arrayBuffer()).byteLength} bytes`);
  const figures = [
    await measure('allByClassification (all)', { url: path, headers, duration: 10 }),
    await measure('allByClassification goodsQuery', { url: `${path}&goodsQuery=${encodeURIComponent('压测商品12')}`, headers, duration: 10 }),
  ];
  const baseline = await measure('bare Fastify route', { url: bare.url, duration: 10 });
  printTable(`${label}: ${GOODS} goods in ${CLASSES} classes, 10 connections, 10 s`, figures, baseline);
  await product.close();
  await bare.close();
}
