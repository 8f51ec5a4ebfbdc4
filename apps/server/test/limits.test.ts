import { connect } from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auth, goods, MAX_STOCK, sale } from '@venue/contract';
import { setStock, stockOf, WAREHOUSE } from './goods.helpers.ts';
import { REQUEST_TOO_LONG } from '../src/plugins/client-errors.ts';
import { describeEachEngine } from './harness.ts';
import { goodsWithPrice, VENUE } from './sale.helpers.ts';

/** Inputs past what a column holds: a Chinese refusal before any write, the same on both engines. */
describeEachEngine('limits of input on %s', (server) => {
  const { admin } = server;
  const count = async (table: 'sale_order' | 'stock_in' | 'stock_in_line' | 'stock_movement' | 'goods_classification') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = async () => Promise.all([count('sale_order'), count('stock_in'), count('stock_in_line'), count('stock_movement')]);

  it('text with a NUL or another control character is a 400 naming the field, and nothing is written', async () => {
    const before = await count('goods_classification');
    const reply = await admin.call(goods.classificationAdd, { body: { classificationName: '饮\u0000料' } });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toContain('分类名称不能包含控制字符');
    const search = await admin.call(goods.goodsQuery, { query: { goodsName: 'a\u0000b' } });
    expect([search.status, search.body.msg]).toEqual([400, expect.stringContaining('商品名称不能包含控制字符')]);
    expect(await count('goods_classification')).toBe(before);
  });

  it('an order whose total passes 2^31-1 fen is refused in Chinese and writes nothing', async () => {
    const item = await goodsWithPrice(server.db, 999_999_999, 3);
    await setStock(server, item.id, 5);
    const before = await rows();
    const { body } = await admin.call(sale.createOrder, { body: { venueId: VENUE, warehouseId: WAREHOUSE, details: [{ goodsId: item.id, quantity: 3 }] } });
    expect([body.code, body.msg]).toEqual([-9000, '订单总金额不能超过21474836.47元']);
    expect(await rows()).toEqual(before);
    // a single price past 9,999,999.99 yuan is the schema's refusal
    const priced = await admin.call(sale.createOrder, {
      body: { venueId: VENUE, warehouseId: WAREHOUSE, details: [{ goodsId: item.id, quantity: 1, pricePay: 10_000_000 }] },
    });
    expect([priced.status, priced.body.msg]).toEqual([400, expect.stringContaining('实收单价不能超过9999999.99')]);
    expect(await rows()).toEqual(before);
  });

  it('a stock adjustment of 2,147,483,648 is refused and changes no stock', async () => {
    const before = [await rows(), await stockOf(server.db, 1)];
    const { status, body } = await admin.call(goods.adjustStock, { body: { goodsId: 1, warehouseId: WAREHOUSE, change: 2_147_483_648, remark: '盘点' } });
    expect([status, body.msg]).toEqual([400, expect.stringContaining('调整数量不能超过9999999')]);
    const negative = await admin.call(goods.adjustStock, { body: { goodsId: 1, warehouseId: WAREHOUSE, change: -2_147_483_648, remark: '盘点' } });
    expect([negative.status, negative.body.msg]).toEqual([400, expect.stringContaining('调整数量不能小于-9999999')]);
    expect([await rows(), await stockOf(server.db, 1)]).toEqual(before);
  });

  it('a balance that would pass MAX_STOCK is refused, however it is reached, and changes nothing', async () => {
    // Reached by a hundred stock-ins in real life; written directly here.
    await setStock(server, 2, 1);
    await server.db
      .updateTable('goods_stock')
      .set({ quantity: MAX_STOCK - 1 })
      .where('goods_id', '=', 2)
      .where('warehouse_id', '=', WAREHOUSE)
      .execute();
    const before = await rows();
    const { body } = await admin.call(goods.adjustStock, { body: { goodsId: 2, warehouseId: WAREHOUSE, change: 2, remark: '盘点' } });
    expect([body.code, body.msg]).toEqual([-9000, expect.stringContaining(`库存不能超过${MAX_STOCK}`)]);
    expect([await rows(), await stockOf(server.db, 2)]).toEqual([before, MAX_STOCK - 1]);
    expect((await admin.call(goods.adjustStock, { body: { goodsId: 2, warehouseId: WAREHOUSE, change: 1, remark: '盘点' } })).body.code).toBe(200);
    await server.db.updateTable('goods_stock').set({ quantity: 10 }).where('goods_id', '=', 2).where('warehouse_id', '=', WAREHOUSE).execute();
  });

  it('a stock-in of 10^6 x 10^7 yuan, or lines summing past 2^31-1 fen, is refused and writes nothing', async () => {
    await admin.call('PUT', 'system/api/user/setCurrentVenue', { body: { venueId: VENUE } });
    const before = await rows();
    const huge = await admin.call(goods.stockInCreate, {
      body: { warehouseId: WAREHOUSE, supplierId: 1, details: [{ goodsId: 1, quantity: 1_000_000, price: 10_000_000 }] },
    });
    expect([huge.status, huge.body.msg]).toEqual([400, expect.stringContaining('进货价不能超过9999999.99')]);
    const summed = await admin.call(goods.stockInCreate, {
      body: { warehouseId: WAREHOUSE, supplierId: 1, details: [{ goodsId: 1, quantity: 1_000_000, price: 100 }] },
    });
    expect([summed.status, summed.body.msg]).toEqual([400, expect.stringContaining('进货总金额不能超过21474836.47元')]);
    const many = await admin.call(goods.stockInCreate, {
      body: { warehouseId: WAREHOUSE, supplierId: 1, details: [{ goodsId: 1, quantity: 10_000_000, price: 1 }] },
    });
    expect([many.status, many.body.msg]).toEqual([400, expect.stringContaining('数量不能超过9999999')]);
    expect(await rows()).toEqual(before);
    // two lines at the field's maximum price fit (1,999,999,998 fen); three do not
    const line = { goodsId: 1, quantity: 1, price: 9_999_999.99 };
    const fits = await admin.call(goods.stockInCreate, { body: { warehouseId: WAREHOUSE, supplierId: 1, details: [{ ...line, quantity: 2 }] } });
    expect([fits.body.code, fits.body.data?.totalPrice]).toEqual([200, 19_999_999.98]);
    const over = await admin.call(goods.stockInCreate, { body: { warehouseId: WAREHOUSE, supplierId: 1, details: [{ ...line, quantity: 3 }] } });
    expect([over.status, over.body.msg]).toEqual([400, expect.stringContaining('进货总金额不能超过21474836.47元')]);
  });

  describe('picture upload', () => {
    const url = () => new URL(`/api/${goods.uploadPicture.path}`, server.api.url);
    const post = async (form: FormData, token = admin.token) => {
      const response = await fetch(url(), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: { url: string } | null } };
    };
    const formOf = (...parts: [string, Blob | string, string?][]) => {
      const form = new FormData();
      for (const [name, value, fileName] of parts) {
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, value, fileName);
      }
      return form;
    };
    const png = () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer();
    const blob = (bytes: Buffer | string, type: string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });

    it('a PNG with HTML appended is stored re-encoded, without the HTML', async () => {
      const html = '<html><script>alert(document.cookie)</script></html>';
      const polyglot = Buffer.concat([await png(), Buffer.from(html)]);
      const { body } = await post(formOf(['file', blob(polyglot, 'image/png'), 'a.png']));
      expect(body.code).toBe(200);
      const stored = Buffer.from(await (await fetch(new URL(body.data!.url, server.api.url))).arrayBuffer());
      expect(stored.includes('<script>')).toBe(false);
      expect(stored.includes('<html')).toBe(false);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 4, height: 4 });
    });

    it('an SVG is refused', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script><rect width="4" height="4"/></svg>';
      const refused = await post(formOf(['file', blob(svg, 'image/svg+xml'), 'a.svg']));
      expect(refused).toEqual({ status: 400, body: { code: 400, msg: goods.uploadPicture.refusals.wrongType, data: null } });
    });

    it('a picture past 2MB is a 413 with the envelope, and no file a 400', async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(goods.uploadPicture.maxBytes)]);
      const refused = await post(formOf(['file', blob(big, 'image/png'), 'big.png']));
      expect(refused).toEqual({ status: 413, body: { code: 413, msg: goods.uploadPicture.refusals.tooLarge, data: null } });
      const none = await post(new FormData());
      expect(none).toEqual({ status: 400, body: { code: 400, msg: goods.uploadPicture.refusals.missing, data: null } });
    });

    it('takes one file in the field named file: a second file or another name is a Chinese 400', async () => {
      const picture = await png();
      const two = await post(formOf(['file', blob(picture, 'image/png'), 'a.png'], ['file', blob(picture, 'image/png'), 'b.png']));
      expect([two.status, two.body.msg]).toEqual([400, '一次只能上传一个文件']);
      const renamed = await post(formOf(['picture', blob(picture, 'image/png'), 'a.png']));
      expect([renamed.status, renamed.body.msg]).toEqual([400, '只能通过字段 file 上传文件']);
      const field = await post(formOf(['note', 'x'], ['file', blob(picture, 'image/png'), 'a.png']));
      expect([field.status, field.body.msg]).toEqual([400, '只能通过字段 file 上传文件']);
    });

    it('needs the permission to add or edit goods: the cashier is refused', async () => {
      const { status } = await post(formOf(['file', blob(await png(), 'image/png'), 'a.png']), server.cashier.token);
      expect(status).toBe(403);
    });
  });

  describe('request bodies', () => {
    const post = (path: string, body: string, token?: string) =>
      fetch(new URL(`/api/${path}`, server.api.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body,
      });

    it('a 9.5 MB body of nested brackets to login is refused at once, and other requests are served meanwhile', async () => {
      // a raw socket: the time is the server's, from the request to the first byte of its answer
      const { hostname, port } = new URL(server.api.url);
      const size = 9.5 * 1024 * 1024;
      const brackets = Buffer.alloc(size, '[');
      const socket = connect(Number(port), hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      const started = performance.now();
      const answered = new Promise<{ head: string; ms: number }>((resolve) =>
        socket.once('data', (chunk) => resolve({ head: chunk.toString('latin1').split('\r\n')[0], ms: performance.now() - started })),
      );
      socket.write(`POST /api/${auth.login.path} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`);
      socket.write(brackets);
      const other = admin.call(goods.classificationAll, { query: {} });
      const refused = await answered;
      socket.destroy();
      expect(refused.head).toMatch(/^HTTP\/1\.1 (413|400) /);
      expect(refused.ms).toBeLessThan(200);
      expect((await other).body.code).toBe(200);
    });

    it('JSON nested deeper than 32 levels is a Chinese 400 on a logged-in call; within the body limit otherwise', async () => {
      const deep = await post(goods.adjustStock.path, `${'['.repeat(40)}${']'.repeat(40)}`, admin.token);
      expect([deep.status, ((await deep.json()) as { msg: string }).msg]).toEqual([400, '请求内容嵌套过深']);
      const big = await post(goods.classificationAdd.path, JSON.stringify({ classificationName: 'x'.repeat(300 * 1024) }), admin.token);
      expect(big.status).toBe(413);
      const login = await post(auth.login.path, JSON.stringify({ username: 'admin', password: 'x'.repeat(5000) }));
      expect(login.status).toBe(413);
    });
  });

  describe('request lines and headers', () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(new URL(`/api/${path}`, server.api.url), { headers: { authorization: `Bearer ${admin.token}`, ...headers } });

    it('10,000 repeated query parameters answer the Chinese 400 envelope, and the server goes on serving', async () => {
      const response = await get(`${goods.classificationAll.path}?${'state=A&'.repeat(10_000)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 400, msg: REQUEST_TOO_LONG, data: null });
      // a header past the limit is the same refusal
      const header = await get(goods.classificationAll.path, { 'x-filler': 'x'.repeat(20_000) });
      expect([header.status, ((await header.json()) as { msg: string }).msg]).toEqual([400, REQUEST_TOO_LONG]);
      expect((await admin.call(goods.classificationAll, { query: {} })).body.code).toBe(200);
    });

    it('a few hundred repeated parameters, within the limit, are the schema refusal in Chinese', async () => {
      const response = await get(`${goods.goodsQuery.path}?${'current=1&'.repeat(300)}`);
      const body = (await response.json()) as { code: number; msg: string };
      expect([response.status, body.code, /[\u4e00-\u9fa5]/.test(body.msg)]).toEqual([400, 400, true]);
    });
  });
});
