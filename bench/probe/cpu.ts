// CPU time of processes from /proc (Linux): the server processes', and the PostgreSQL backends serving one
// database (the cost per sale that projects to a bigger machine, where rates on a shared machine do not).
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_S = 100;

/** User + system CPU milliseconds of a process so far (children not included); 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** A process and its descendants (the workers under `WORKERS=2`'s supervisor), from /proc. */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // gone, or no children file: the process alone
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * The CPU used by a set of processes between `start()` and `stop()`. Processes that appear in between
 * count from zero; a process that ends in between loses what it used since the start (`lost` says how many).
 */
export class CpuMeter {
  private before = new Map<number, number>();
  constructor(private readonly pids: () => Promise<number[]> | number[]) {}

  async start(): Promise<void> {
    this.before = new Map((await this.pids()).map((pid) => [pid, processCpuMs(pid)]));
  }

  async stop(): Promise<{ ms: number; processes: number; lost: number }> {
    const after = await this.pids();
    let ms = 0;
    for (const pid of after) ms += processCpuMs(pid) - (this.before.get(pid) ?? 0);
    return { ms, processes: after.length, lost: [...this.before.keys()].filter((pid) => !after.includes(pid)).length };
  }
}

/** The backend process ids serving database `name` (on this machine), the asking connection aside. */
export async function backendPids(admin: pg.Client, name: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  return rows.map((r) => r.pid);
}

/**
 * Samples, every `everyMs`, what the backends of database `name` are doing: running a statement, waiting
 * on a lock (another transaction's row), idle inside a transaction (holding its locks while the server
 * works or the network carries the next statement), or idle. Answers the share of each, in samples.
 */
export function sampleBackends(admin: pg.Client, name: string, everyMs = 20) {
  const counts = { running: 0, lockWait: 0, idleInTransaction: 0, idle: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await admin.query<{ state: string | null; wait: string | null }>(
        `select state, wait_event_type as wait from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [name],
      );
      for (const r of rows) {
        if (r.state === 'active') counts[r.wait === 'Lock' ? 'lockWait' : 'running'] += 1;
        else if (r.state?.startsWith('idle in transaction')) counts.idleInTransaction += 1;
        else counts.idle += 1;
      }
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return counts;
  };
}
