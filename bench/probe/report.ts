// Prints what bench/probe/server-probe.ts counted: per request of each route and per sale (the routes together).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { summarise } from './cpu-profile.ts';
import type { Inner, Phase, RouteFigures } from './server-probe.ts';

const PHASES: (Phase | Inner)[] = ['guard', 'validation', 'handler', 'compile', 'database', 'acquire', 'transaction', 'serialisation', 'total'];
const LABELS: Record<string, string> = {
  guard: 'session+perm',
  validation: 'zod in',
  handler: 'handler',
  compile: '-kysely compile',
  database: '-in driver',
  acquire: '-wait conn',
  transaction: '-tx open',
  serialisation: 'zod+json out',
  total: 'total',
};

/** Asks the probed server for its figures since the last ask (SIGUSR2) and reads them. */
export async function readProbe(child: ChildProcess, file: string): Promise<Record<string, RouteFigures>> {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 5000 && !existsSync(file); waited += 20) await new Promise((done) => setTimeout(done, 20));
  await new Promise((done) => setTimeout(done, 50));
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RouteFigures>;
}

/**
 * One row per route and one for a sale (the routes summed per sale): statements, round trips and
 * transactions per request, and the mean milliseconds of each phase. The "-" phases are inside the handler
 * (or the guard): Kysely's compiler, the driver's calls (PostgreSQL: send to answer; SQLite: the statement
 * itself), waiting for a connection, a transaction from BEGIN to COMMIT.
 */
export function printProbe(figures: Record<string, RouteFigures>, routes: string[], sales: number, sumLabel = 'a sale (create + pay)') {
  console.log(
    'per request'.padEnd(34),
    'stmts'.padStart(6),
    'trips'.padStart(6),
    'tx'.padStart(4),
    ...PHASES.map((p) => LABELS[p].padStart(Math.max(8, LABELS[p].length + 1))),
  );
  const row = (name: string, f: RouteFigures, per: number) =>
    console.log(
      name.padEnd(34),
      (f.statements / per).toFixed(1).padStart(6),
      (f.roundTrips / per).toFixed(1).padStart(6),
      (f.transactions / per).toFixed(1).padStart(4),
      ...PHASES.map((p) => (f.ms[p] / per).toFixed(2).padStart(Math.max(8, LABELS[p].length + 1))),
    );
  const picked = routes.map((r) => [r, figures[r]] as const).filter(([, f]) => f);
  for (const [name, f] of picked) row(name.replace(/^(POST|GET) \/api\//, ''), f, f.requests);
  const sale = picked.reduce<RouteFigures | null>((sum, [, f]) => {
    if (!sum) return structuredClone(f);
    sum.statements += f.statements;
    sum.roundTrips += f.roundTrips;
    sum.transactions += f.transactions;
    for (const k of Object.keys(sum.ms) as (Phase | Inner)[]) sum.ms[k] += f.ms[k];
    for (const [shape, n] of Object.entries(f.shapes)) sum.shapes[shape] = (sum.shapes[shape] ?? 0) + n;
    for (const [shape, ms] of Object.entries(f.shapeMs)) sum.shapeMs[shape] = (sum.shapeMs[shape] ?? 0) + ms;
    return sum;
  }, null);
  if (!sale) return;
  if (picked.length > 1) row(sumLabel, sale, sales);
  console.log(`statements of ${sumLabel} (per one: how many, ms in the driver):`);
  for (const [shape, n] of Object.entries(sale.shapes).sort((a, b) => b[1] - a[1]))
    console.log(`  ${(n / sales).toFixed(2).padStart(5)} ${((sale.shapeMs[shape] ?? 0) / sales).toFixed(3).padStart(7)}  ${shape}`);
}

/** The CPU profile of the probed span by package (self time), the biggest first. */
export function printCpuProfile(file: string, sales: number) {
  if (!existsSync(file)) return;
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')));
  console.log(`server CPU by package while probed (${(s.busyMs / sales).toFixed(2)} ms of samples per sale, profiler on):`);
  const shown = s.buckets.filter((b) => b.share >= 0.01);
  console.log(`  ${shown.map((b) => `${b.name} ${(b.share * 100).toFixed(0)}%`).join(', ')}`);
}
