/**
 * The product as `npm start` runs it (the built apps/server/dist/main.js, built first when a source is
 * newer) in a child process on a free local port: shared by the API tests (a second server) and the
 * browser tests (the product as a user gets it).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ensureServerBuild, serverEntry } from '../build.ts';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}

export interface ProductProcess {
  url: string;
  /** Sends the process a signal (a browser test's movable clock listens for SIGUSR2). */
  signal(name: NodeJS.Signals): void;
  /** What it has printed so far (stdout and stderr), e.g. the admin password a start without demo data prints once. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built product (or another TypeScript `entry` that starts it, relative to the repository, run through tsx) with `env`
 * over the test's own environment (an `undefined` value removes that variable) and resolves once it answers HTTP. Throws, with its output, when it exits first or does
 * not answer within `timeoutMs`, so a product that cannot start fails the suite loudly.
 */
export async function spawnProduct(
  env: Record<string, string | undefined>,
  { timeoutMs = 60_000, entry }: { timeoutMs?: number; entry?: string } = {},
): Promise<ProductProcess> {
  if (!entry) await ensureServerBuild();
  const port = await freePort();
  // One server process unless a test asks for workers (WORKERS's default is the machine's cores).
  const merged: Record<string, string | undefined> = { ...process.env, WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1' };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const args = entry ? ['--import', 'tsx', entry] : ['--enable-source-maps', serverEntry];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  // 'close', not 'exit': its output has been read to the end by then.
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const url = `http://127.0.0.1:${port}`;

  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  // Its own start line too: an HTTP answer alone may come from another product that took the same free
  // port between freePort() and this one's listen (this one then exits with EADDRINUSE).
  const started = () => output.includes(`已启动：http://`) && output.includes(`:${port} `);
  if (!(await answersHttp(url, hasExited, timeoutMs)) || !(await until(started, hasExited, timeoutMs)) || hasExited()) {
    const exitedItself = hasExited();
    if (!exitedItself) child.kill('SIGKILL');
    await exited;
    const why = exitedItself ? `it exited (${child.exitCode ?? child.signalCode})` : `no HTTP answer within ${timeoutMs / 1000} s`;
    throw new Error(`the product did not start: ${why}\n--- its output ---\n${output}`);
  }
  return {
    url,
    output: () => output,
    signal: (name) => void child.kill(name),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls `ready` every 50 ms: false when the process exits or time runs out first. */
async function until(ready: () => boolean, hasExited: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (hasExited() || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Polls until any HTTP answer (main.ts migrates and seeds before it listens): false when it exits or time runs out first. */
async function answersHttp(url: string, hasExited: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !hasExited()) {
    try {
      // Read the answer to its end: an unread body keeps the connection busy, and the product's
      // graceful close would then wait for it.
      await (await fetch(`${url}/api/docs/json`, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
      return true;
    } catch {
      // Not listening yet: its start-up is not an event we can subscribe to from outside the process.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}
