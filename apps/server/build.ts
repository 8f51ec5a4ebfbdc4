/**
 * The server as production runs it: main.ts bundled with the contract into dist/main.js, and each
 * migration into dist/migrations/ (they are found by listing that folder at start), so a start loads
 * JavaScript instead of transpiling some 400 TypeScript files. Packages from node_modules stay outside.
 * `node --import tsx apps/server/build.ts` builds; `ensureServerBuild()` builds only when a source is newer.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const serverDir = import.meta.dirname;
const root = join(serverDir, '../..');
export const serverEntry = join(serverDir, 'dist/main.js');
const migrationsDir = join(serverDir, 'src/db/migrations');

/**
 * Imports of packages stay imports, but for the workspace's own TypeScript (the contract) and pure
 * JavaScript packages of many small modules (kysely: about a second of a start to load file by file).
 */
const INSIDE = /^(@venue\/|kysely(\/|$))/;
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (INSIDE.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const newestIn = (dir: string) =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
      .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
  );

export async function buildServer(): Promise<void> {
  rmSync(join(serverDir, 'dist'), { recursive: true, force: true });
  const migrations = readdirSync(migrationsDir).filter((name) => /^\d.*\.ts$/.test(name) && !name.endsWith('.test.ts'));
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [packagesOutside],
  };
  await Promise.all([
    build({ ...common, entryPoints: [join(serverDir, 'src/main.ts')], outfile: serverEntry }),
    build({ ...common, entryPoints: migrations.map((name) => join(migrationsDir, name)), outdir: join(serverDir, 'dist/migrations') }),
  ]);
}

/** Builds the server when dist/main.js is missing or older than a source of the server or the contract. */
export async function ensureServerBuild(): Promise<void> {
  const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  if (built >= Math.max(newestIn(join(serverDir, 'src')), newestIn(join(root, 'packages/contract/src')))) return;
  await buildServer();
}

if (process.argv[1] === import.meta.filename) await buildServer();
