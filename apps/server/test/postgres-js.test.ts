import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Db } from '../src/db/database.ts';
import type { Database } from '../src/db/tables.ts';
import { BizError, isUniqueViolation } from '../src/lib/errors.ts';
import { PayableRepository } from '../src/modules/checkout/payable.repository.ts';
import { StockRepository } from '../src/modules/goods/stock.repository.ts';
import { engines, freshDatabase, type TestDatabase } from './harness.ts';

/**
 * PG_DRIVER=postgres.js, the client bench:sale measures beside pg (issue 33): what the repositories rely
 * on holds through it too: counts as numbers, transactions that roll back, and PostgreSQL's error codes.
 * PostgreSQL only (CI sets DATABASE_URL; without PostgreSQL there it fails).
 */
describe.runIf(engines().includes('postgres'))('the postgres.js client', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    db = openDatabase({ databaseUrl: database.url, sqliteFile: '', pgDriver: 'postgres.js', poolSize: 2 });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('answers the demo tenant and its counts as numbers, as pg does', async () => {
    const viaPg = await database.db.kysely
      .selectFrom('goods')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const viaJs = await db.kysely
      .selectFrom('goods')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof viaJs.n).toBe('number');
    expect(viaJs.n).toBe(viaPg.n);
    expect(viaJs.n).toBeGreaterThan(0);
  });

  it('rolls a failed transaction back and reports a unique violation by its code', async () => {
    const before = await db.kysely
      .selectFrom('sport_item')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const error = await db.kysely
      .transaction()
      .execute(async (trx) => {
        const row = await trx.selectFrom('sport_item').selectAll().limit(1).executeTakeFirstOrThrow();
        await sql`insert into sport_item select * from sport_item where id = ${row.id}`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    const after = await db.kysely
      .selectFrom('sport_item')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
  const kind = { table: 'sale_order', orderType: 'S', paidOrderState: 'E' } as const;
  const clients = () =>
    [
      ['pg', database.db.kysely],
      ['postgres.js', db.kysely],
    ] as const;

  /** An unpaid cash sale of 12.34 yuan in the demo tenant's first venue, its pay record and audit entry as a payment writes them. */
  async function unpaidSale(k: Kysely<Database>, client: string) {
    const venue = await k.selectFrom('venue').select(['tenant_id', 'id']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const warehouse = await k.selectFrom('warehouse').select('id').where('tenant_id', '=', venue.tenant_id).limit(1).executeTakeFirstOrThrow();
    const model = { tenant_id: venue.tenant_id, venue_id: venue.id, warehouse_id: warehouse.id };
    const nowIso = new Date().toISOString();
    const order = await k
      .insertInto('sale_order')
      .values({
        ...model,
        member_id: null,
        order_state: 'P',
        pay_state: 'U',
        source: 'B',
        price_orig_fen: 1234,
        price_pay_fen: 1234,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        created_by: 1,
        username: client,
        remark: '',
        created_at: nowIso,
        paid_at: null,
      })
      .returning(['id', 'pay_attempt'])
      .executeTakeFirstOrThrow();
    const record = (attempt: number) => [
      {
        tenant_id: model.tenant_id,
        order_type: 'S',
        order_id: order.id,
        attempt,
        pay_mode: '1',
        pay_name: '现金',
        pay_type: null,
        card_id: null,
        consume_id: null,
        money_fen: 1234,
        out_trade_no: null,
        channel_trade_no: null,
        state: 'P' as const,
        message: '',
        created_by: null,
        created_at: nowIso,
        paid_at: nowIso,
        venue_id: model.venue_id,
      },
    ];
    const entry = {
      tenant_id: model.tenant_id,
      user_id: null,
      username: client,
      venue_id: model.venue_id,
      action: 'order.pay',
      target: `销售订单 ${order.id}`,
      before_json: '{"payState":"U"}',
      after_json: '{"payState":"P"}',
      client_ip: '',
      created_at: nowIso,
    };
    const set = { nowIso, priceFen: 1234, payMode: '1' };
    const written = async () => ({
      records: await k.selectFrom('pay_record').select(['id', 'attempt']).where('order_type', '=', 'S').where('order_id', '=', order.id).execute(),
      entries: await k.selectFrom('audit_log').select(['username', 'before_json']).where('target', '=', `销售订单 ${order.id}`).execute(),
      order: await k.selectFrom('sale_order').select(['pay_state', 'pay_attempt']).where('id', '=', order.id).executeTakeFirstOrThrow(),
    });
    return { model, order, record, entry, set, written };
  }

  it('pays a cash order in one statement through either client: the claim, its records and its audit entry; a second claim writes nothing', async () => {
    for (const [client, k] of clients()) {
      const { model, order, record, entry, set, written } = await unpaidSale(k, client);
      const repo = new PayableRepository(k, 'postgres');
      const claim = () => k.transaction().execute((trx) => repo.claimWithRecords(trx, kind, model.tenant_id, order.id, set, record, entry));
      const paid = await claim();
      expect(paid?.claimed).toEqual({ pay_attempt: order.pay_attempt + 1, order_state: 'E', pay_state: 'P', price_pay_fen: 1234 });
      expect(paid?.written).toEqual([
        expect.objectContaining({ order_id: order.id, attempt: order.pay_attempt + 1, money_fen: 1234, pay_name: '现金', card_id: null }),
      ]);
      expect(await claim()).toBeNull();
      const after = await written();
      expect(after.records).toEqual([{ id: paid!.written[0].id, attempt: order.pay_attempt + 1 }]);
      expect(after.entries).toEqual([{ username: client, before_json: '{"payState":"U"}' }]);
    }
  });

  it('takes the stock in the same statement, without a transaction, or refuses in Chinese and writes nothing, through either client', async () => {
    for (const [client, k] of clients()) {
      const { model, order, record, entry, set, written } = await unpaidSale(k, client);
      const repo = new PayableRepository(k, 'postgres');
      const stock = new StockRepository(k, 'postgres');
      const goods = await k
        .selectFrom('goods_stock as s')
        .innerJoin('goods as g', 'g.id', 's.goods_id')
        .select(['g.id', 'g.name', 's.quantity'])
        .where('s.warehouse_id', '=', model.warehouse_id)
        .where('s.quantity', '>', 1)
        .orderBy('g.id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const quantity = () =>
        k
          .selectFrom('goods_stock')
          .select('quantity')
          .where('goods_id', '=', goods.id)
          .where('warehouse_id', '=', model.warehouse_id)
          .executeTakeFirstOrThrow();
      const taking = (units: number) => (after: string) =>
        stock.takingPart(
          {
            tenantId: model.tenant_id,
            warehouseId: model.warehouse_id,
            reason: 'SALE',
            refId: order.id,
            userId: null,
            nowIso: set.nowIso,
            lines: [{ goodsId: goods.id, change: -units }],
          },
          after,
        );

      const refusal = await repo.claimWithRecords(k, kind, model.tenant_id, order.id, set, record, entry, taking(goods.quantity + 1)).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(BizError);
      expect(refusal).toMatchObject({ code: -9000, message: `商品「${goods.name}」库存不足` });
      expect(await written()).toEqual({ records: [], entries: [], order: { pay_state: 'U', pay_attempt: order.pay_attempt } });
      expect((await quantity()).quantity).toBe(goods.quantity);

      const paid = await repo.claimWithRecords(k, kind, model.tenant_id, order.id, set, record, entry, taking(1));
      expect(paid?.claimed.pay_state).toBe('P');
      expect((await quantity()).quantity).toBe(goods.quantity - 1);
      const moves = await k
        .selectFrom('stock_movement')
        .select(['change', 'balance', 'reason'])
        .where('ref_id', '=', order.id)
        .where('reason', '=', 'SALE')
        .execute();
      expect(moves).toEqual([{ change: -1, balance: goods.quantity - 1, reason: 'SALE' }]);
      // Taken once: a second payment of the paid order claims nothing, and takes nothing.
      expect(await repo.claimWithRecords(k, kind, model.tenant_id, order.id, set, record, entry, taking(1))).toBeNull();
      expect((await quantity()).quantity).toBe(goods.quantity - 1);
    }
  });
});
