import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** The first restart of a worker that died waits this long; each quick death after it twice as long. */
const FIRST_RESTART_MS = 500;
const MAX_RESTART_MS = 30_000;
/** A worker that served this long before dying counts as healthy: its restart starts again from FIRST_RESTART_MS. */
const HEALTHY_AFTER_MS = 30_000;
/** How long the supervisor waits for its workers to close before it kills them. */
const STOP_GRACE_MS = 12_000;

export interface SuperviseOptions {
  workers: number;
  logger: Logger;
  /** Said once, when every worker first listens. */
  announce: () => void;
  /** Called when every worker has stopped, before the supervisor exits. */
  stopped: () => void;
}

/**
 * The primary of `npm start` with WORKERS above 1: forks the server processes (they share the port and
 * each accepts from it), restarts one that dies (after a back-off that grows while it keeps
 * dying at once) and logs why it died; SIGINT/SIGTERM stop them all. Only the first worker slot receives
 * the controllers' events and runs the controller simulator: a UDP port and the simulated boards are one
 * per installation. Everything else a worker does is safe to do in each (the jobs claim their work in the
 * database; board events travel through it).
 */
export function superviseWorkers({ workers, logger, announce, stopped }: SuperviseOptions): void {
  // Each worker accepts from the shared socket itself. With Node's default round robin the primary accepts
  // and sends each connection to a worker; one sent to a worker as it is killed is never answered nor
  // closed (the primary waits for a reply that never comes), and that till hangs until its own timeout.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const live = new Map<number, Worker>();
  const quickDeaths = new Array<number>(workers).fill(0);
  let stopping = false;
  let listening = 0;

  const fork = (slot: number) => {
    const worker = cluster.fork({ VENUE_WORKER_SLOT: String(slot), ...(slot > 0 && { GATE_LISTEN: 'off', GATE_SIMULATOR: '0' }) });
    const startedAt = Date.now();
    const pid = worker.process.pid;
    live.set(slot, worker);
    let served = false;
    worker.on('listening', ({ addressType }) => {
      // the HTTP port (addressType 4 or 6), not the first slot's UDP port for the controllers
      if (served || typeof addressType !== 'number') return;
      served = true;
      console.log(`工作进程 ${pid} 已就绪（第 ${slot + 1} 个，共 ${workers} 个）`);
      if (++listening === workers) announce();
    });
    worker.once('exit', (code, signal) => {
      live.delete(slot);
      if (stopping) return;
      const lived = Date.now() - startedAt;
      quickDeaths[slot] = lived >= HEALTHY_AFTER_MS ? 0 : quickDeaths[slot] + 1;
      const delay = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** Math.max(0, quickDeaths[slot] - 1));
      const why = signal ? `被信号 ${signal} 终止` : `退出码 ${code}`;
      logger.error({ worker: pid, slot, code, signal, livedMs: lived }, `工作进程 ${pid} 意外退出（${why}），${delay / 1000} 秒后重启`);
      setTimeout(() => !stopping && fork(slot), delay).unref();
    });
  };

  for (let slot = 0; slot < workers; slot++) fork(slot);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const exits = [...live.values()].map((worker) => new Promise<void>((done) => (worker.isDead() ? done() : worker.once('exit', () => done()))));
    for (const worker of live.values()) worker.process.kill('SIGTERM');
    const late = setTimeout(() => {
      for (const worker of live.values()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await Promise.all(exits);
    clearTimeout(late);
    stopped();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
}
