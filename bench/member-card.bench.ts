// Card search (member/card/all) over 200,000 cards for each search type, 10 connections, 10 s each, beside a
// bare Fastify route; then the query plans of the name and fuzzy searches. SQLite, and PostgreSQL when DATABASE_URL is set.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/tables.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { CardRepository, type CardFilter } from '../apps/server/src/modules/member-card/card.repository.ts';
import { bareServer, loginToken, measure, printTable, productServer, type Figure } from './lib.ts';

const CARDS = 200_000;
const MEMBERS = 150_000;
const TARGET_P99_MS = 50;
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华博涵怡然萱轩桐俊曦鸣远佳志燕庆东丹鑫婷文嘉佑若晨宇浩梓欣子雨诗天';

const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (text: string) => [...text][Math.floor(random() * [...text].length)];
const nameOf = () => pick(SURNAMES) + pick(GIVEN) + (random() < 0.7 ? pick(GIVEN) : '');
const phoneOf = (n: number) => `1${['35', '37', '39', '50', '58', '86', '88'][n % 7]}${String((n * 7_919_993) % 100_000_000).padStart(8, '0')}`;

/** 150,000 members and 200,000 cards in tenant 1 (balance 0, so the empty ledger still sums to it). */
async function bulkCards(db: Kysely<Database>): Promise<{ names: string[]; phones: string[]; cardNos: string[] }> {
  const now = new Date().toISOString();
  const types = await db.selectFrom('card_type').select(['id', 'pay_type']).where('tenant_id', '=', 1).execute();
  const names: string[] = [];
  const phones: string[] = [];
  const cardNos: string[] = [];
  const memberIds: number[] = [];
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < MEMBERS; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, MEMBERS - start) }, (_, i) => {
        const name = nameOf();
        const phone = phoneOf(start + i + 1);
        if ((start + i) % 3000 === 0) {
          names.push(name);
          phones.push(phone);
        }
        return { tenant_id: 1, name, phone, id_number: null, photo: null, member_type_id: null, source: 'B' as const, created_at: now };
      });
      for (const r of await trx.insertInto('member').values(rows).returning('id').execute()) memberIds.push(r.id);
    }
    for (let start = 0; start < CARDS; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, CARDS - start) }, (_, i) => {
        const n = start + i;
        const cardNo = `BC${String(n).padStart(7, '0')}`;
        if (n % 4000 === 7) cardNos.push(cardNo);
        return {
          tenant_id: 1,
          card_no: cardNo,
          phy_card_id: n % 10 === 0 ? String(3_000_000_000 + n) : null,
          member_id: memberIds[n % MEMBERS],
          card_type_id: types[n % types.length].id,
          venue_id: null,
          state: n % 20 === 0 ? ('L' as const) : ('A' as const),
          is_opened: 'T' as const,
          balance: 0,
          use_begin: now,
          use_end: null,
          remark: '',
          created_at: now,
        };
      });
      await trx.insertInto('card').values(rows).execute();
    }
  });
  console.log(`  inserted ${MEMBERS} members and ${CARDS} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { names, phones, cardNos };
}

/** The plans of the count and page queries the API runs for a search. */
async function explain(db: Db, label: string, filter: CardFilter) {
  const repo = new CardRepository(db.kysely, db.engine);
  const { count, rows } = repo.pageQueries(1, filter, new Date().toISOString(), 0, 10);
  console.log(`\n  plan of ${label} ${JSON.stringify(filter)}:`);
  for (const query of [count, rows]) {
    const compiled = query.compile();
    const prefix = db.engine === 'postgres' ? 'explain (analyze, costs off, timing off, summary off) ' : 'explain query plan ';
    const result = await db.kysely.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
    for (const row of result.rows) console.log(`    ${String(row['QUERY PLAN'] ?? row.detail)}`);
    console.log('    --');
  }
}

const paths = (base: string, field: string, values: string[]) =>
  values.map((v) => ({ method: 'GET' as const, path: `${base}?${field}=${encodeURIComponent(v)}` }));

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  console.log(`${label}:`);
  const { names, phones, cardNos } = await bulkCards(product.db.kysely);
  // The steady state after a bulk load (what autovacuum and the checkpointer reach on their own): statistics,
  // the visibility map and the loaded pages written out; on SQLite the WAL folded in, so that no request
  // pays for checkpointing the whole load.
  if (product.db.engine === 'postgres') {
    await sql`vacuum analyze`.execute(product.db.kysely);
    await sql`checkpoint`.execute(product.db.kysely);
  } else await sql`pragma wal_checkpoint(truncate)`.execute(product.db.kysely);
  const token = await loginToken(product.url);
  const headers = { authorization: `Bearer ${token}` };
  const base = '/api/member/card/all';
  const longNames = names.filter((n) => [...n].length >= 3);
  const shortNames = names.map((n) => [...n].slice(0, 2).join(''));
  const run = (name: string, requests: { method: 'GET'; path: string }[]) => measure(name, { url: product.url, headers, duration: 10, requests });
  const figures: Figure[] = [
    await run('cardNoOrId (number, id, physical)', [
      ...paths(base, 'cardNoOrId', cardNos),
      ...paths(base, 'cardNoOrId', ['12345', '3000000040', '1234567890']),
    ]),
    await run('memberName, 3 chars (trigram)', paths(base, 'memberName', longNames)),
    await run('memberName, 2 chars (prefix)', paths(base, 'memberName', shortNames)),
    await run('phone, exact', paths(base, 'phone', phones)),
    await run(
      'phone, 7-digit prefix',
      paths(
        base,
        'phone',
        phones.map((p) => p.slice(0, 7)),
      ),
    ),
    await run(
      'blurryKeyword, phone tail 4',
      paths(
        base,
        'blurryKeyword',
        phones.map((p) => p.slice(-4)),
      ),
    ),
    await run('blurryKeyword, name or card part', paths(base, 'blurryKeyword', [...longNames.slice(0, 20), ...cardNos.map((c) => c.slice(3))])),
    await run('no filter (first page)', [{ method: 'GET', path: base }]),
  ];
  const baseline = await measure('bare Fastify route', { url: bare.url, duration: 10 });
  printTable(`${label}: member/card/all over ${CARDS} cards, 10 connections, 10 s each`, figures, baseline);
  const slow = figures.filter((f) => f.p99 >= TARGET_P99_MS);
  console.log(
    slow.length ? `  p99 at or over ${TARGET_P99_MS} ms: ${slow.map((f) => f.name).join(', ')}` : `  every search type: p99 under ${TARGET_P99_MS} ms`,
  );
  await explain(product.db, 'member name', { memberName: longNames[0] });
  await explain(product.db, 'member name (short)', { memberName: shortNames[0] });
  await explain(product.db, 'fuzzy', { blurryKeyword: phones[0].slice(-4) });
  await explain(product.db, 'card number', { cardNoOrId: cardNos[0] });
  await product.close();
  await bare.close();
}
