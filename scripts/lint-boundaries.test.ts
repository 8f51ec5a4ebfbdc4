// Proves that eslint.config.js enforces the import direction the README describes (Layout: lib/hooks/components <- features <- app):
// with its rule, and the right way to write it passes; and that oxlint (.oxlintrc.json) refuses an import cycle.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Real files the imports below point at: a boundary rule only judges imports that resolve. */
const targets = [
  'apps/web/src/features/cashier/components/GoodsSaleDialog.tsx',
  'apps/web/src/features/checkout/pay-selection.ts',
  'apps/web/src/features/cashier/index.ts',
  'apps/web/src/app/AppRoutes.tsx',
  'apps/web/src/lib/money.ts',
  'apps/server/src/modules/sale/sale.routes.ts',
  'apps/server/src/modules/sale/sale.repository.ts',
  'apps/server/src/lib/clock.ts',
  'apps/server/src/app.ts',
];

/** Rule ids reported for `code` as if it were the file at `filePath` (which need not exist). */
async function rulesHit(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.map((message) => message.ruleId);
}

describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('has the files the cases import', () => {
    expect(targets.filter((target) => !existsSync(join(root, target)))).toEqual([]);
  });

  it.each([
    ['web lib imports a feature', 'apps/web/src/lib/x.ts', `import '@/features/cashier/components/GoodsSaleDialog';`],
    ['web hooks import app/', 'apps/web/src/hooks/useX.ts', `import '@/app/AppRoutes';`],
    ['a web component imports a feature through its index', 'apps/web/src/components/X.tsx', `import '@/features/cashier';`],
    ['a feature imports app/', 'apps/web/src/features/goods/x.ts', `import '@/app/AppRoutes';`],
    ['a feature deep-imports another feature', 'apps/web/src/features/goods/x.ts', `import '@/features/checkout/pay-selection';`],
    ['a feature deep-imports another feature by a relative path', 'apps/web/src/features/goods/pages/X.tsx', `import '../../checkout/pay-selection';`],
    ['a server repository imports routes', 'apps/server/src/modules/sale/x.repository.ts', `import './sale.routes.ts';`],
    ['server lib imports a module', 'apps/server/src/lib/x.ts', `import '../modules/sale/sale.repository.ts';`],
    ['the contract imports an app', 'packages/contract/src/x.ts', `import '../../../apps/server/src/app.ts';`],
    ['the web app imports the server', 'apps/web/src/lib/x.ts', `import '../../../server/src/lib/clock.ts';`],
  ])('refuses: %s', async (_case, filePath, code) => {
    expect(await rulesHit(filePath, code)).toEqual(['import-x/no-restricted-paths']);
  });

  it.each([
    ['Fastify', `import type { FastifyReply } from 'fastify';\nexport type Reply = FastifyReply;`],
    ['Kysely', `import { sql } from 'kysely';\nexport const raw = sql;`],
  ])('refuses: server lib imports %s', async (_case, code) => {
    expect(await rulesHit('apps/server/src/lib/x.ts', code)).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['a feature imports another feature through its index', 'apps/web/src/features/goods/x.ts', `import '@/features/cashier';`],
    ['a feature imports its own files and shared lib', 'apps/web/src/features/checkout/x.ts', `import './pay-selection';\nimport '@/lib/money';`],
    ['app/ imports a feature', 'apps/web/src/app/x.ts', `import '@/features/checkout/pay-selection';`],
    [
      'a server service imports routes and a repository',
      'apps/server/src/modules/sale/x.service.ts',
      `import './sale.routes.ts';\nimport './sale.repository.ts';`,
    ],
    ['server lib imports lib', 'apps/server/src/lib/x.ts', `import './clock.ts';`],
  ])('allows: %s', async (_case, filePath, code) => {
    expect(await rulesHit(filePath, code)).toEqual([]);
  });

  describe('cycles (oxlint reads the files on disk)', () => {
    const dirs: string[] = [];
    afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    /** A temp folder under `parent` where a.ts imports b.ts; answers the path of b.ts, whose imports each case writes. */
    function halfCycle(parent: string): string {
      const dir = mkdtempSync(join(root, parent, 'lint-cycle-'));
      dirs.push(dir);
      writeFileSync(join(dir, 'a.ts'), `import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n`);
      writeFileSync(join(dir, 'b.ts'), `export const b = (): number => 1;\n`);
      return relative(root, join(dir, 'b.ts'));
    }

    /** Rule codes oxlint reports for the file at `filePath` after writing `code` there, as `npm run lint` runs it. */
    function oxlintHits(filePath: string, code: string): string[] {
      writeFileSync(join(root, filePath), code);
      const bin = join(root, 'node_modules/.bin/oxlint');
      let out: string;
      try {
        out = execFileSync(bin, ['--format', 'json', filePath], { cwd: root, encoding: 'utf8' });
      } catch (error) {
        out = (error as { stdout: string }).stdout; // exit 1 when it found something
      }
      return (JSON.parse(out) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    }

    it.each(['apps/server/src', 'apps/web/src/lib'])('refuses a cycle in %s', (parent) => {
      const code = `import { a } from './a.ts';\nexport const b = (): number => 1;\nexport const c = a;\n`;
      expect(oxlintHits(halfCycle(parent), code)).toEqual(['import(no-cycle)']);
    });

    it('allows a type-only back edge, which is gone at run time', () => {
      const code = `import type { a } from './a.ts';\nexport const b = (): number => 1;\nexport type A = typeof a;\n`;
      expect(oxlintHits(halfCycle('apps/server/src'), code)).toEqual([]);
    });
  });
});
