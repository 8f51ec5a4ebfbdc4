import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, bookingAdmin } from '@venue/contract';
import type { Client } from './client.ts';
import { addField, addRule, dateIn, itemId, VENUE } from './booking.helpers.ts';
import { spawnServer, useServer } from './harness.ts';

/**
 * Issue 35: no double booking even across two server processes over one PostgreSQL (the unique key of
 * a live cell), nor beyond a headcount field's capacity (the heads' conditional upsert).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('field booking across two server processes on PostgreSQL', () => {
  const server = useServer('postgres');
  const { admin, cashier } = server;
  let second: Client & { close(): Promise<void> };
  beforeAll(async () => {
    second = await spawnServer(server.database);
  });
  afterAll(() => second?.close());

  it('lets one of 20 desks split over both processes take a cell, and sells heads up to the capacity', async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '双进程场' });
    const pool = await addField(admin, item, { fieldName: '双进程池', saleMode: 'C', capacity: 7 });
    await addRule(admin, item, { fieldIds: [f.fieldId, pool.fieldId] });
    const date = dateIn(server, 3);
    const tokens = [cashier.token, admin.token];
    const create = (i: number, fieldId: number) =>
      (i % 2 ? second : cashier).call(booking.createOrder, {
        body: { venueId: VENUE, itemId: item, cells: [{ fieldId, date, beginTime: '18:00', heads: 1 }] },
        token: tokens[i % 2],
      });
    const cells = await Promise.all(Array.from({ length: 20 }, (_, i) => create(i, f.fieldId)));
    expect(cells.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(cells.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(new Set(cells.filter((a) => a.body.code !== 200).map((a) => a.body.msg))).toEqual(
      new Set([`「双进程场」${date} 18:00-19:00已被预订，请选择其他时段`]),
    );
    const heads = await Promise.all(Array.from({ length: 20 }, (_, i) => create(i, pool.fieldId)));
    expect(heads.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(heads.filter((a) => a.body.code === 200)).toHaveLength(7);
    const sold = await server.db.selectFrom('booking_heads').select('sold').where('field_id', '=', pool.fieldId).executeTakeFirstOrThrow();
    expect(sold.sold).toBe(7);
    const live = await server.db.selectFrom('booking_line').select('id').where('field_id', '=', f.fieldId).where('state', '!=', 'C').execute();
    expect(live).toHaveLength(1);
  });

  it("shows a price edited through one process on the other's next grid, though it keeps the rules in memory", async () => {
    const item = await itemId(server);
    const f = await addField(admin, item, { fieldName: '双进程价' });
    const rule = await addRule(admin, item, { fieldIds: [f.fieldId], price: 30 });
    const date = dateIn(server, 4);
    const priceOnSecond = async () => {
      const { body } = await second.call(booking.gridQuery, { query: { venueId: VENUE, itemId: item, date }, token: cashier.token });
      return body.data!.fields.find((x) => x.fieldId === f.fieldId)!.cells[0].price;
    };
    expect(await priceOnSecond()).toBe(30);
    expect(await priceOnSecond()).toBe(30);
    const saved = await admin.call(bookingAdmin.priceSave, {
      body: { ruleId: rule.ruleId, venueId: VENUE, itemId: item, ruleName: '全天', beginTime: '08:00', endTime: '22:00', price: 35, fieldIds: [f.fieldId] },
    });
    expect(saved.body.code).toBe(200);
    expect(await priceOnSecond()).toBe(35);
  });
});
