// Remote gate control through the real driver (uhppoted, UDP) to simulated controllers: remoteControl to 20
// gates on 5 controllers (4 doors each), one request after another. Targets: with every controller
// answering, p99 of the whole request under 100 ms; with one silent, the other controllers' doors act
// within 100 ms of the request and the whole answer comes within the silent one's timeout plus 50 ms.
// The product runs in this process (buildApp), beside the simulators, so the doors' action times and
// the requests share one clock. SQLite, and PostgreSQL when DATABASE_URL is set; a bare route as baseline.
import { loadavg, cpus } from 'node:os';
import { gate } from '@venue/contract';
import { ControllerSimulator } from '../apps/server/src/modules/gate/simulator/controller-simulator.ts';
import { bareServer, loginToken, productServer } from './lib.ts';

const CONTROLLERS = 5;
const DOORS = 4;
const TIMEOUT_MS = 1000;
const ANSWERING_ROUNDS = 300;
const SILENT_ROUNDS = 20;
const TARGET_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function call<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** 5 controllers on their own simulators, 4 single-channel gates on each: 20 gates. */
async function setUp(url: string, token: string) {
  const simulators: ControllerSimulator[] = [];
  const area = await call<{ areaId: number }>(url, token, 'POST', gate.areaAdd.path, { areaName: '压测区域' });
  const venueId = (await call<{ venueId: number }[]>(url, token, 'GET', gate.gateAll.path))[0].venueId;
  const gateIds: number[] = [];
  for (let c = 0; c < CONTROLLERS; c += 1) {
    const serialNo = 900_000_001 + c;
    const simulator = await ControllerSimulator.start([serialNo]);
    simulators.push(simulator);
    const controller = await call<{ controllerId: number }>(url, token, 'POST', gate.controllerAdd.path, {
      controllerName: `压测控制器${c + 1}`,
      serialNo,
      address: '127.0.0.1',
      port: simulator.port,
      timeoutMs: TIMEOUT_MS,
      retries: 1,
    });
    for (let door = 1; door <= DOORS; door += 1) {
      const g = await call<{ gateId: number }>(url, token, 'POST', gate.gateAdd.path, {
        gateName: `压测闸机${c + 1}-${door}`,
        areaId: area.areaId,
        venueId,
        controllerId: controller.controllerId,
        inDoor: door,
      });
      gateIds.push(g.gateId);
    }
  }
  return { simulators, gateIds };
}

async function run(engine: string, databaseUrl?: string) {
  const product = await productServer(databaseUrl);
  const bare = await bareServer();
  try {
    const token = await loginToken(product.url);
    const { simulators, gateIds } = await setUp(product.url, token);
    const send = (doorState: 1 | 3) =>
      call<{ succeeded: number; failed: number }>(
        product.url,
        token,
        'POST',
        gate.remoteControl.path,
        gateIds.map((gateId) => ({ gateId, passDirection: 'I', doorState })),
      );
    for (let i = 0; i < 20; i += 1) await send(i % 2 ? 1 : 3); // warm-up

    const all: number[] = [];
    for (let i = 0; i < ANSWERING_ROUNDS; i += 1) {
      const started = performance.now();
      const answer = await send(i % 2 ? 1 : 3);
      all.push(performance.now() - started);
      if (answer.succeeded !== gateIds.length) throw new Error(`round ${i}: ${answer.failed} gates failed`);
    }
    const bareTimes: number[] = [];
    for (let i = 0; i < ANSWERING_ROUNDS; i += 1) {
      const started = performance.now();
      await (await fetch(bare.url)).arrayBuffer();
      bareTimes.push(performance.now() - started);
    }

    const silent = simulators[CONTROLLERS - 1];
    silent.board(900_000_000 + CONTROLLERS).silent = true;
    const whole: number[] = [];
    const doorsActed: number[] = [];
    for (let i = 0; i < SILENT_ROUNDS; i += 1) {
      const marks = simulators.map((s) => s.board(900_000_001 + simulators.indexOf(s)).actions.length);
      const started = performance.now();
      const answer = await send(i % 2 ? 1 : 3);
      whole.push(performance.now() - started);
      if (answer.succeeded !== gateIds.length - DOORS || answer.failed !== DOORS)
        throw new Error(`silent round ${i}: ${answer.succeeded} ok, ${answer.failed} failed`);
      const acted = simulators.slice(0, -1).flatMap((s, c) =>
        s
          .board(900_000_001 + c)
          .actions.slice(marks[c])
          .map((a) => a.at - started),
      );
      if (acted.length !== gateIds.length - DOORS) throw new Error(`silent round ${i}: ${acted.length} doors acted`);
      doorsActed.push(Math.max(...acted));
    }

    const p99 = percentile(all, 99);
    const slowestDoor = Math.max(...doorsActed);
    const slowestWhole = Math.max(...whole);
    console.log(`\n${engine}: remoteControl to ${gateIds.length} gates on ${CONTROLLERS} simulated controllers (timeout ${TIMEOUT_MS} ms, 1 retry)`);
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} (the bare route below shows what the load costs)`);
    console.log(
      `  all answering, ${ANSWERING_ROUNDS} requests: p50 ${fmt(percentile(all, 50))}, p99 ${fmt(p99)}, max ${fmt(Math.max(...all))}  (target p99 < ${TARGET_MS} ms: ${p99 < TARGET_MS ? 'met' : 'MISSED'})`,
    );
    console.log(`  bare Fastify route, same run:  p50 ${fmt(percentile(bareTimes, 50))}, p99 ${fmt(percentile(bareTimes, 99))}`);
    console.log(`  one controller silent, ${SILENT_ROUNDS} requests:`);
    console.log(
      `    the other 16 doors acted within: p50 ${fmt(percentile(doorsActed, 50))}, max ${fmt(slowestDoor)}  (target < ${TARGET_MS} ms: ${slowestDoor < TARGET_MS ? 'met' : 'MISSED'})`,
    );
    console.log(
      `    whole answer: p50 ${fmt(percentile(whole, 50))}, max ${fmt(slowestWhole)}  (target <= ${TIMEOUT_MS + 50} ms: ${slowestWhole <= TIMEOUT_MS + 50 ? 'met' : 'MISSED'})`,
    );
    for (const s of simulators) await s.close();
  } finally {
    await bare.close();
    await product.close();
  }
}

await run('SQLite');
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
