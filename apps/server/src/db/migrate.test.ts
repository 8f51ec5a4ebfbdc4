import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationFiles } from './migrate.ts';

describe('migrationFiles', () => {
  let dir = '';
  const folder = (...names: string[]) => {
    dir = mkdtempSync(join(tmpdir(), 'venue-migrations-'));
    for (const name of names) writeFileSync(join(dir, name), 'export async function up() {}\n');
    return dir;
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the product migrations in timestamp order, helpers left out', () => {
    const files = migrationFiles();
    expect(files[0]).toBe('2026-11-22-0001-foundation.ts');
    expect(files).toEqual([...files].sort());
    expect(files).not.toContain('helpers.ts');
  });

  it('orders by file name, whatever order the folder lists them in', () => {
    const found = migrationFiles(folder('2027-01-02-0001-gate.ts', 'helpers.ts', '2026-12-31-0002-b.ts', '2026-12-31-0001-a.ts'));
    expect(found).toEqual(['2026-12-31-0001-a.ts', '2026-12-31-0002-b.ts', '2027-01-02-0001-gate.ts']);
  });

  it('refuses a migration without its full timestamp, rather than skipping it', () => {
    expect(() => migrationFiles(folder('2026-11-23-gate.ts'))).toThrow('2026-11-23-gate.ts');
  });
});
