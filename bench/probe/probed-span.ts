// A probed span of a bench's load (BENCH_PROBE_RUN=1): the same steps against a server that loads
// bench/probe/server-probe.ts, then per route the statements, round trips, transactions and phase times,
// the server's CPU by package, and (PostgreSQL) what the backends were doing.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { childServer } from '../lib.ts';
import { load } from '../sale-load.ts';
import { sampleBackends } from './cpu.ts';
import { printCpuProfile, printProbe, readProbe } from './report.ts';

export async function probedSpan(
  title: string,
  env: Record<string, string>,
  opts: {
    workers: number;
    seconds: number;
    routes: string[];
    step: (url: string) => (worker: number) => Promise<Record<string, number>>;
    /** What the routes together make (the summed row): a sale by default. */
    sumLabel?: string;
  },
) {
  const probeFile = join(env.DATA_DIR, 'probe.json');
  const server = await childServer({ ...env, BENCH_PROBE: probeFile });
  const step = opts.step(server.url);
  await load(2, opts.workers, step);
  await readProbe(server.child, probeFile);
  const admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : undefined;
  await admin?.connect();
  const sampling = admin ? sampleBackends(admin, new URL(env.DATABASE_URL).pathname.slice(1)) : undefined;
  await load(opts.seconds, opts.workers, step);
  const backends = await sampling?.();
  await admin?.end();
  const figures = await readProbe(server.child, probeFile);
  const last = figures[opts.routes[opts.routes.length - 1]]?.requests ?? 1;
  console.log(`\n${title}, profile (probed server, ${opts.workers} workers back to back, ${last} rounds):`);
  printProbe(figures, opts.routes, last, opts.sumLabel);
  printCpuProfile(`${probeFile}.cpuprofile`, last);
  // BENCH_PROBE_KEEP=dir keeps the probed span's CPU profile (bench/probe/cpu-profile.ts lists its top functions).
  const kept = process.env.BENCH_PROBE_KEEP;
  if (kept) copyFileSync(`${probeFile}.cpuprofile`, join(kept, `${title.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`));
  if (backends) {
    const all = Object.values(backends).reduce((a, b) => a + b, 0) || 1;
    const share = (n: number) => `${((n / all) * 100).toFixed(0)}%`;
    console.log(
      `  PostgreSQL backends, sampled: running ${share(backends.running)}, waiting on a row lock ${share(backends.lockWait)}, ` +
        `idle in a transaction ${share(backends.idleInTransaction)}, idle ${share(backends.idle)}`,
    );
  }
  await server.stop();
}
