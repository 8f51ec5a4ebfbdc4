import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './client.ts';
import { setStock } from './goods.helpers.ts';
import { spawnServer, useServer } from './harness.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';

/**
 * Issue 21: with two server processes on one PostgreSQL, a board connected to one hears of a sale paid
 * through the other (the triggers' NOTIFY reaches every process's LISTEN).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('board events across two server processes on one PostgreSQL', () => {
  const server = useServer('postgres');
  let second: Client & { close(): Promise<void> };
  beforeAll(async () => {
    second = await spawnServer(server.database);
  });
  afterAll(() => second?.close());

  it('moves the board served by the second process when a sale is paid through the first', async () => {
    const token = await second.login('admin', 'admin123');
    const res = await fetch(`${second.url}/api/board/events?venueId=${VENUE}&seconds=10`, { headers: { authorization: `Bearer ${token}` } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        text += decoder.decode(value);
      }
    };
    await until('event: ready');
    const before = (await second.call('GET', 'board/revenue', { token, query: { venueId: VENUE } })).body.data.total.orders as number;
    const goods = await goodsWithPrice(server.db, 800, 36);
    await setStock(server, goods.id, 10);
    const orderId = await orders.createId(server.cashier, [{ goodsId: goods.id, quantity: 1 }]);
    const paidAt = Date.now();
    expect((await orders.cash(server.cashier, orderId, 8)).body.code).toBe(200);
    await until('event: change');
    expect(Date.now() - paidAt).toBeLessThan(5000);
    const after = (await second.call('GET', 'board/revenue', { token, query: { venueId: VENUE } })).body.data.total.orders as number;
    expect(after).toBe(before + 1);
    await reader.cancel();
  });
});
