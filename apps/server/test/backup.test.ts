import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/tables.ts';
import { LedgerRepository } from '../src/modules/member-card/ledger.repository.ts';
import { DB_FILE, listBackups, UPLOADS_DIR, writeBackup } from '../src/ops/backup.ts';
import { writePidFile } from '../src/ops/pid-file.ts';
import { setStock } from './goods.helpers.ts';
import { freshDatabase, useServer } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';
import { repoRoot } from './process.ts';
import { goodsWithPrice, orders } from './sale.helpers.ts';

/** Runs one of the ops commands (`npm run backup` / `npm run restore`) as the package script does, with `env` over the test's (SQLite unless it names a DATABASE_URL). */
function command(script: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string | undefined>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `apps/server/src/ops/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

const PAID = 'P' as const;
const PICTURE = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const rowsOf = (db: Kysely<Database>, table: 'sale_order' | 'card_consume' | 'stock_movement' | 'pay_record' | 'goods_stock') =>
  db.selectFrom(table).selectAll().execute() as Promise<Record<string, unknown>[]>;
const byId = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [Number(r.id ?? `${String(r.goods_id)}/${String(r.warehouse_id)}`), r]));

/** Issue 34: a backup taken while the tills sell restores into a new data folder with everything that was paid. */
describe('backups on sqlite', () => {
  const server = useServer('sqlite');

  it('backs up under till traffic; the restore holds every paid order, ledger row and stock as the source had them', async () => {
    const { cashier } = server;
    const source = server.database;
    const goods = await goodsWithPrice(server.db, 200, 3);
    await setStock(server, goods.id, 100_000);
    const vip = await cardByNo(cashier, DEMO.vip);
    const picture = join(source.dataDir, UPLOADS_DIR, '1', '00000000-0000-0000-0000-000000000001.png');
    mkdirSync(join(source.dataDir, UPLOADS_DIR, '1'), { recursive: true });
    writeFileSync(picture, PICTURE);

    // three tills selling one item at a time, every third paid by the member card
    const paid: number[] = [];
    let stop = false;
    const till = async (offset: number) => {
      for (let i = offset; !stop; i += 3) {
        const byCard = i % 3 === 0;
        const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], byCard ? { memberId: vip.memberId } : {});
        const answer = byCard
          ? await orders.pay(cashier, { orderId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: 1.8 })
          : await orders.cash(cashier, orderId, 2);
        if (answer.body.code !== 200) throw new Error(`pay ${orderId}: ${answer.body.msg}`);
        paid.push(orderId);
      }
    };
    const until = async (enough: () => boolean) => {
      while (!enough()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const tills = [till(0), till(1), till(2)];
    await until(() => paid.length >= 15);
    const paidBefore = [...paid];
    const folder = await writeBackup({ dataDir: source.dataDir, copyDatabase: source.db.backup!, reason: 'manual', keep: 14 });
    const paidDuring = paid.length - paidBefore.length;
    // the tills went on selling while the copy was made
    expect(paidDuring).toBeGreaterThan(0);
    await until(() => paid.length >= paidBefore.length + paidDuring + 10);
    stop = true;
    await Promise.all(tills);
    expect(listBackups(source.dataDir)).toEqual([folder]);

    const target = mkdtempSync(join(tmpdir(), 'venue-restored-'));
    try {
      const restore = command('restore-cli', [folder], { DATA_DIR: target });
      expect(restore.out).toContain(`已用 ${join(folder, DB_FILE)} 恢复数据库`);
      expect(restore.status).toBe(0);
      expect(readFileSync(join(target, UPLOADS_DIR, '1', '00000000-0000-0000-0000-000000000001.png'))).toEqual(PICTURE);

      const restored = openDatabase({ sqliteFile: join(target, DB_FILE) });
      try {
        await expectPointInTime(server.db, restored.kysely, paidBefore);
        expect(await new LedgerRepository(restored.kysely, 'sqlite').mismatches()).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it('keeps the newest BACKUP_KEEP; `npm run backup` copies a running server’s data; restore refuses its data folder unless forced', async () => {
    const kept = mkdtempSync(join(tmpdir(), 'venue-kept-'));
    for (let i = 0; i < 3; i++) {
      const copyDatabase = async (file: string) => writeFileSync(file, '');
      await writeBackup({ dataDir: kept, copyDatabase, reason: 'nightly', keep: 2, now: new Date(Date.UTC(2030, 0, 1 + i)) });
    }
    expect(listBackups(kept).map((f) => f.split('/').pop())).toEqual(['20300102-000000-000-nightly', '20300103-000000-000-nightly']);
    rmSync(kept, { recursive: true, force: true });

    const dataDir = server.database.dataDir;

    const backup = command('backup-cli', [], { DATA_DIR: dataDir, DATABASE_URL: undefined, BACKUP_KEEP: '5' });
    expect(backup.status).toBe(0);
    const folder = listBackups(dataDir).at(-1)!;
    expect(backup.out).toContain(`已备份数据库与上传的图片到 ${folder}`);
    expect(existsSync(join(folder, DB_FILE))).toBe(true);

    // this process stands for the server using the data folder
    writePidFile(dataDir);
    const other = mkdtempSync(join(tmpdir(), 'venue-pid-'));
    try {
      writeFileSync(join(other, 'server.pid'), `${process.ppid}\n`);
      const refused = command('restore-cli', [folder], { DATA_DIR: other, DATABASE_URL: undefined });
      expect([refused.status, refused.out.trim()]).toEqual([
        1,
        `未恢复：服务器正在使用数据目录 ${other}（进程 ${process.ppid}）。请先停止服务器，或加 --force 强制恢复。`,
      ]);
      const forced = command('restore-cli', [folder, '--force'], { DATA_DIR: other, DATABASE_URL: undefined });
      expect(forced.status).toBe(0);
      expect(forced.out).toContain('请立即重启它');
      // a second restore over it first backs up what it replaces
      writeFileSync(join(other, 'server.pid'), '999999999\n');
      const again = command('restore-cli', [folder], { DATA_DIR: other, DATABASE_URL: undefined });
      expect(again.status).toBe(0);
      expect(again.out).toContain('原有数据已先备份到');
      expect(listBackups(other)).toHaveLength(1);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

/**
 * The restored database is the source as it was at one moment: every order paid before the backup
 * began is there; each paid order, ledger row, stock movement and pay record there equals the source's;
 * the source's rows up to the last one restored are all there (no hole); and the stock equals the
 * source's plus what the source sold after that moment.
 */
async function expectPointInTime(source: Kysely<Database>, restored: Kysely<Database>, paidBefore: number[]) {
  const paidOf = async (db: Kysely<Database>) =>
    new Set((await db.selectFrom('sale_order').select('id').where('pay_state', '=', PAID).execute()).map((r) => r.id));
  const restoredPaid = await paidOf(restored);
  expect(paidBefore.filter((id) => !restoredPaid.has(id))).toEqual([]);
  const sourceOrders = byId(await rowsOf(source, 'sale_order'));
  for (const row of await rowsOf(restored, 'sale_order')) if (row.pay_state === PAID) expect(row).toEqual(sourceOrders.get(Number(row.id)));

  for (const table of ['card_consume', 'stock_movement', 'pay_record'] as const) {
    const [s, r] = [await rowsOf(source, table), await rowsOf(restored, table)];
    const last = Math.max(...r.map((row) => Number(row.id)));
    const sourceUpTo = s.filter((row) => Number(row.id) <= last);
    // a pay record may still move on after the moment (pending → paid); the ledgers and movements never do
    if (table === 'pay_record') expect(r.map((row) => row.id)).toEqual(sourceUpTo.map((row) => row.id));
    else expect(r).toEqual(sourceUpTo);
  }
  const restoredMoves = new Set((await rowsOf(restored, 'stock_movement')).map((m) => Number(m.id)));
  const laterMoves = (await rowsOf(source, 'stock_movement')).filter((m) => !restoredMoves.has(Number(m.id)));
  const sourceStock = byId(await rowsOf(source, 'goods_stock'));
  for (const row of await rowsOf(restored, 'goods_stock')) {
    const key = Number(row.id ?? `${String(row.goods_id)}/${String(row.warehouse_id)}`);
    const after = laterMoves.filter((m) => m.goods_id === row.goods_id && m.warehouse_id === row.warehouse_id).reduce((sum, m) => sum + Number(m.change), 0);
    expect(Number(row.quantity)).toBe(Number(sourceStock.get(key)!.quantity) - after);
  }
}

describe.runIf(process.env.DATABASE_URL)('backups on postgres', () => {
  it('dumps with pg_dump and the dump restores into an empty database', async () => {
    const pgDumpAt = spawnSync('pg_dump', ['--version']);
    // CI sets DATABASE_URL: there the recipe must be checked, not skipped
    expect(pgDumpAt.error, 'pg_dump is not installed: the PostgreSQL backup recipe cannot be checked').toBeUndefined();
    const source = await freshDatabase('postgres');
    const empty = await freshDatabase('postgres', { seeded: false });
    try {
      const backup = command('backup-cli', [], { DATA_DIR: source.dataDir, DATABASE_URL: source.url });
      expect(backup.out).toContain('已备份 PostgreSQL 数据库');
      expect(backup.status).toBe(0);
      const folder = listBackups(source.dataDir).at(-1)!;
      const restore = command('restore-cli', [folder], { DATA_DIR: empty.dataDir, DATABASE_URL: empty.url });
      expect(restore.out).toContain('恢复 PostgreSQL 数据库');
      expect(restore.status).toBe(0);
      const count = (db: Kysely<Database>) =>
        db
          .selectFrom('sale_order')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
      const cards = (db: Kysely<Database>) => db.selectFrom('card_consume').selectAll().orderBy('id').execute();
      expect(await count(empty.db.kysely)).toEqual(await count(source.db.kysely));
      expect(await cards(empty.db.kysely)).toEqual(await cards(source.db.kysely));
    } finally {
      await source.drop();
      await empty.drop();
    }
  });
});
