#!/usr/bin/env node
// `npm test`: every suite, with what it needs on a fresh machine. The last line is "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'venue-tests-'));
const inCi = Boolean(process.env.CI);
let passed = 0;
let failed = 0;
const problems = [];

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

/** Runs one Vitest project and adds its counts; a suite that crashes without a report counts as a failure. */
function vitest(name, rootDir, env = {}) {
  console.log(`\n=== ${name} ===`);
  const out = join(reports, `${name}.json`);
  const status = run('npx', ['vitest', 'run', '--root', rootDir, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  if (!existsSync(out)) {
    failed += 1;
    problems.push(`${name}: no report (exit ${status})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (status !== 0 && report.numFailedTests === 0) {
    failed += 1;
    problems.push(`${name}: exit ${status} (suite error)`);
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log('Chromium missing: installing chromium and fonts-noto-cjk with apt');
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium', 'fonts-noto-cjk']);
    if (existsSync(path)) return path;
  }
  return null;
}

/** The web app is built when missing or older than its sources. */
function ensureWebBuild() {
  const index = join(root, 'apps/web/dist/index.html');
  const newest = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const path = join(dir, entry.name);
      return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }, 0);
  const sources = Math.max(newest(join(root, 'apps/web/src')), newest(join(root, 'packages/contract/src')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return true;
  console.log('\n=== building the web app ===');
  return run('npm', ['run', 'build']) === 0;
}

if (process.env.DATABASE_URL) console.log(`PostgreSQL: API tests run on SQLite and on ${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}`);
else {
  console.log('PostgreSQL: DATABASE_URL not set, API tests run on SQLite only');
  if (inCi) {
    failed += 1;
    problems.push('CI without DATABASE_URL: PostgreSQL must be tested in CI');
  }
}

vitest('server', 'apps/server');
vitest('web-unit', 'apps/web');

const chromium = ensureChromium();
if (!chromium) {
  failed += 1;
  problems.push('browser tests: no Chromium (install it: apt-get install -y chromium fonts-noto-cjk, or set CHROMIUM_PATH)');
} else if (!ensureWebBuild()) {
  failed += 1;
  problems.push('browser tests: the web app did not build');
} else {
  vitest('browser', 'e2e', { CHROMIUM_PATH: chromium });
}

for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
