import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** DATA_DIR/server.pid: the server process using the data folder, while it runs (a restore checks it). */
const PID_FILE = 'server.pid';

/** Marks the data folder as used by this process. */
export function writePidFile(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
}

/** Unmarks it, unless another process has marked it since. */
export function removePidFile(dataDir: string): void {
  if (readPid(dataDir) === process.pid) rmSync(join(dataDir, PID_FILE), { force: true });
}

/** The server process using the data folder, or null (none marked it, or the one that did is gone: killed, crashed). */
export function runningServer(dataDir: string): number | null {
  const pid = readPid(dataDir);
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function readPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
