import type { ControllerTarget } from './driver/gate-driver.ts';

/** A stored controller as the driver addresses it. */
export const targetOf = (row: {
  serial_no: number;
  address: string;
  port: number;
  broadcast: 'T' | 'F';
  timeout_ms: number;
  retries: number;
}): ControllerTarget => ({
  serialNo: Number(row.serial_no),
  address: row.address,
  port: row.port,
  broadcast: row.broadcast === 'T',
  timeoutMs: row.timeout_ms,
  retries: row.retries,
});
