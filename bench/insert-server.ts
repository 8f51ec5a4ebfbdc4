// The baseline of bench/sale.bench.ts: a bare Fastify route that inserts one row per request into a table
// of the product's database (SQLite file under DATA_DIR, or DATABASE_URL), in its own process like the product.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';

const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, sqliteFile: join(process.env.DATA_DIR!, 'venue.db') });
const identity = db.engine === 'postgres' ? 'generated always as identity' : 'autoincrement';
await sql`create table if not exists bench_insert (id integer primary key ${sql.raw(identity)}, at text not null)`.execute(db.kysely);
const app = Fastify();
app.post('/insert', async () => {
  await sql`insert into bench_insert (at) values (${new Date().toISOString()})`.execute(db.kysely);
  return { code: 200, msg: '操作成功', data: null };
});
// The baseline of a read (bench/booking.bench.ts's grid): a bare route that answers without the database.
app.get('/bare', async () => ({ code: 200, msg: '操作成功', data: { ok: true } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('insert server ready');
