import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/database.ts';
import { isUniqueViolation } from '../src/lib/errors.ts';
import { PayableRepository } from '../src/modules/checkout/payable.repository.ts';
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
  it('pays a cash order in one statement through either client: the claim, its records and its audit entry; a second claim writes nothing', async () => {
    const kind = { table: 'sale_order', orderType: 'S', paidOrderState: 'E' } as const;
    for (const [client, k] of [
      ['pg', database.db.kysely],
      ['postgres.js', db.kysely],
    ] as const) {
      const venue = await k.selectFrom('venue').select(['tenant_id', 'id']).orderBy('id').limit(1).executeTakeFirstOrThrow();
      const warehouse = await k.selectFrom('warehouse').select('id').where('tenant_id', '=', venue.tenant_id).limit(1).executeTakeFirstOrThrow();
      const model = { tenant_id: venue.tenant_id, venue_id: venue.id, warehouse_id: warehouse.id };
      const nowIso = new Date().toISOString();
      const order = await k
        .insertInto('sale_order')
        .values({
          tenant_id: model.tenant_id,
          venue_id: model.venue_id,
          warehouse_id: model.warehouse_id,
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
      const repo = new PayableRepository(k, 'postgres');
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
      const claim = () =>
        k.transaction().execute((trx) => repo.claimWithRecords(trx, kind, model.tenant_id, order.id, { nowIso, priceFen: 1234, payMode: '1' }, record, entry));
      const paid = await claim();
      expect(paid?.claimed).toEqual({ pay_attempt: order.pay_attempt + 1, order_state: 'E', pay_state: 'P', price_pay_fen: 1234 });
      expect(paid?.written).toEqual([
        expect.objectContaining({ order_id: order.id, attempt: order.pay_attempt + 1, money_fen: 1234, pay_name: '现金', card_id: null }),
      ]);
      expect(await claim()).toBeNull();
      const records = await k.selectFrom('pay_record').select(['id', 'attempt']).where('order_type', '=', 'S').where('order_id', '=', order.id).execute();
      expect(records).toEqual([{ id: paid!.written[0].id, attempt: order.pay_attempt + 1 }]);
      const entries = await k.selectFrom('audit_log').select(['username', 'before_json']).where('target', '=', `销售订单 ${order.id}`).execute();
      expect(entries).toEqual([{ username: client, before_json: '{"payState":"U"}' }]);
    }
  });
});
