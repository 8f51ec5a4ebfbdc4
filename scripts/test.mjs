#!/usr/bin/env node
// `npm test`: lint, typecheck and every suite, with what they need on a fresh machine. The last line is "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'venue-tests-'));
const inCi = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
let passed = 0;
let failed = 0;
const problems = [];
/** Wall seconds of each stage, printed at the end (issue 32 keeps `npm test` under ten minutes). */
const stageSeconds = [];
const timed = async (name, stage) => {
  const started = performance.now();
  try {
    return await stage();
  } finally {
    stageSeconds.push(`${name} ${Math.round((performance.now() - started) / 1000)} s`);
  }
};

function fail(problem) {
  failed += 1;
  problems.push(problem);
  console.log(`\nFAILED: ${problem}`);
}

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

/** Runs the Vitest suite of one folder and adds its counts; a suite that crashes without a report counts as a failure. */
function vitest(name, rootDir, env = {}) {
  console.log(`\n=== ${name} (${rootDir}) ===`);
  const out = join(reports, `${name}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile=${out}`];
  const args = [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', rootDir, '--passWithNoTests', ...reporters];
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      const status = code ?? 1;
      if (!existsSync(out)) fail(`${name}: no report (exit ${status})`);
      else {
        const report = JSON.parse(readFileSync(out, 'utf8'));
        passed += report.numPassedTests;
        failed += report.numFailedTests;
        if (status !== 0 && report.numFailedTests === 0) fail(`${name}: exit ${status} (a file or hook failed outside any test)`);
      }
      done();
    });
  });
}

/**
 * Commands that pass or fail as a whole (lint, typecheck, OpenAPI), run side by side (each is mostly one
 * core's work): each is one check in the final count, its output printed in one piece when it ends.
 */
function checks(list) {
  const one = ([name, script]) =>
    new Promise((done) => {
      const started = performance.now();
      const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (status) => {
        const seconds = Math.round((performance.now() - started) / 1000);
        console.log(`\n=== ${name} (npm run ${script}) ===\n${output}`);
        if (status !== 0) fail(`${name}: npm run ${script} exited ${status} after ${seconds} s`);
        else {
          passed += 1;
          console.log(`${name}: passed in ${seconds} s`);
        }
        done();
      });
    });
  return Promise.all(list.map(one));
}

const files = (dir, pattern) =>
  readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && pattern.test(e.name) && !e.parentPath.includes('node_modules'));

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else apt installs it when we are root. */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  const path = '/usr/bin/chromium';
  if (!existsSync(path) && process.getuid?.() === 0) {
    console.log('Chromium missing: installing chromium and fonts-noto-cjk with apt');
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium', 'fonts-noto-cjk'], { DEBIAN_FRONTEND: 'noninteractive' });
  }
  return existsSync(path) ? path : null;
}

/** The browser tests drive the built web app: build it when missing or older than its sources. */
function ensureWebBuild() {
  const index = join(root, 'apps/web/dist/index.html');
  const newest = (dir) => Math.max(0, ...files(join(root, dir), /./).map((e) => statSync(join(e.parentPath, e.name)).mtimeMs));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(newest('apps/web/src'), newest('packages/contract/src'))) return true;
  console.log('\n=== building the web app ===');
  return run('npm', ['run', 'build']) === 0;
}

async function checkPostgres(url) {
  const pg = createRequire(join(root, 'apps/server/package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    fail(`PostgreSQL at DATABASE_URL is not reachable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.env.DATABASE_URL) {
  console.log(`PostgreSQL: DATABASE_URL is set, API tests run on SQLite and on PostgreSQL (${process.env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')})`);
  await checkPostgres(process.env.DATABASE_URL);
} else {
  console.log('PostgreSQL: DATABASE_URL not set, API tests run on SQLite only');
  if (inCi) fail('CI=1 without DATABASE_URL: CI must run the API tests on PostgreSQL too');
}

/** The browser tests need Chromium and the built web app: answers the Chromium to run them with, or null (failed). */
async function browserSetup() {
  const chromium = ensureChromium();
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!chromium) return (fail(`browser tests: no Chromium at ${path} (apt-get install -y chromium fonts-noto-cjk, or set CHROMIUM_PATH)`), null);
  if (!(await timed('build', () => ensureWebBuild()))) return (fail('browser tests: the web app did not build'), null);
  return chromium;
}

const otherStages = async () => {
  await timed('checks', () =>
    checks([
      ['lint', 'lint'],
      ['typecheck', 'typecheck'],
      ['openapi', 'lint:openapi'],
    ]),
  );
  await timed('contract', () => vitest('contract', 'packages/contract'));
  await timed('server', () => vitest('server', 'apps/server'));
  await timed('web-unit', () => vitest('web-unit', 'apps/web'));
  await timed('lint-boundaries', () => vitest('lint-boundaries', 'scripts'));
};

/**
 * One stage after another. Run beside the CPU stages, the browser tests met a machine too busy for
 * their timing (a scanner's keys reached the page more than 50 ms apart and split the scan): kept apart.
 */
const startedAt = performance.now();
await otherStages();
if (files(join(root, 'e2e'), /\.e2e\.ts$/).length === 0) console.log('\n=== browser: e2e/ has no tests yet, skipped ===');
else {
  const chromium = await browserSetup();
  if (chromium) await timed('browser', () => vitest('browser', 'e2e', { CHROMIUM_PATH: chromium }));
}
stageSeconds.push(`total ${Math.round((performance.now() - startedAt) / 1000)} s`);

console.log(`\nstage times: ${stageSeconds.join(', ')}`);
for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
