import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWindow } from '../lib/paging.ts';
import { countRows, pageQuery } from './page-query.ts';

interface TestDb {
  item: { id: number; name: string; kind: string };
  tag: { item_id: number; label: string };
}

describe('pageQuery on SQLite', () => {
  const db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });

  beforeAll(async () => {
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .addColumn('kind', 'text')
      .execute();
    await db.schema.createTable('tag').addColumn('item_id', 'integer').addColumn('label', 'text').execute();
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    await db
      .insertInto('item')
      .values(ids.map((id) => ({ id, name: `item ${id}`, kind: id % 5 === 0 ? 'five' : 'other' })))
      .execute();
    await db
      .insertInto('tag')
      .values(ids.map((id) => ({ item_id: id, label: `tag ${id}` })))
      .execute();
  });
  afterAll(() => db.destroy());

  const others = () => db.selectFrom('item').where('kind', '=', 'other');

  it('answers the filtered total and the rows of the window, in the order asked', async () => {
    const q = others();
    const page = await pageQuery(q, q.select(['id', 'name']).orderBy('id', 'desc'), pageWindow({ current: 2, size: 6 }));
    expect(page.total).toBe(20);
    expect(page.records.map((r) => r.id)).toEqual([17, 16, 14, 13, 12, 11]);
  });

  it('counts a query that already selects, and pages rows joined beyond it', async () => {
    const q = others().selectAll();
    const rows = q.innerJoin('tag', 'tag.item_id', 'item.id').select('tag.label').orderBy('item.id');
    const page = await pageQuery(q, rows, pageWindow({ current: 4, size: 6 }));
    expect(page.total).toBe(20);
    expect(page.records.map((r) => r.label)).toEqual(['tag 23', 'tag 24']);
  });

  it('takes a total known another way instead of counting', async () => {
    const page = await pageQuery(Promise.resolve(99), others().select('id').orderBy('id'), { offset: 0, limit: 2 });
    expect(page).toEqual({ total: 99, records: [{ id: 1 }, { id: 2 }] });
  });

  it('answers an empty page past the end, and zero for nothing found', async () => {
    expect((await pageQuery(others(), others().select('id'), pageWindow({ current: 9, size: 10 }))).records).toEqual([]);
    expect(await countRows(db.selectFrom('item').where('kind', '=', 'none').selectAll())).toBe(0);
  });
});
