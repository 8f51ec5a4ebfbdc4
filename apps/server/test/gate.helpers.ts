import { createSocket } from 'node:dgram';
import { gate } from '@venue/contract';
import type { Controller } from '@venue/contract/gate';
import { ControllerSimulator } from '../src/modules/gate/simulator/controller-simulator.ts';
import { FN, reply, writeEvent, type EventRecord } from '../src/modules/gate/simulator/packets.ts';
import type { Client } from './client.ts';

/** The demo's controllers and gates (see src/seed/gate.ts). */
export const DEMO_GATES = {
  swim: 423187757,
  badminton: 423187758,
  fitness: 423187759,
} as const;

/** Settings of a suite whose server hears the controllers' events and works its card queue often. */
export const GATE_CONFIG = { gateListen: '127.0.0.1:0', gateRetryMs: 100 };

export async function controllerBySerial(as: Client, serialNo: number): Promise<Controller> {
  const { body } = await as.call(gate.controllerAll);
  const found = body.data.find((c) => c.serialNo === serialNo);
  if (!found) throw new Error(`no controller ${serialNo}`);
  return found;
}

/** Saves a controller with some fields changed, answering the saved controller. */
export async function editController(as: Client, c: Controller, patch: Partial<Controller>): Promise<Controller> {
  const next = { ...c, ...patch };
  const { body } = await as.call(gate.controllerEdit, {
    body: {
      controllerId: c.controllerId,
      controllerName: next.controllerName,
      serialNo: next.serialNo,
      address: next.address,
      port: next.port,
      broadcast: next.broadcast,
      timeoutMs: next.timeoutMs,
      retries: next.retries,
      openDelay: next.openDelay,
      state: next.state,
      remark: next.remark,
    },
  });
  if (body.code !== 200) throw new Error(body.msg);
  return body.data;
}

/** One simulator per demo controller, each controller pointed at its own. */
export async function simulateDemoControllers(as: Client, timeoutMs = 400): Promise<Map<number, ControllerSimulator>> {
  const simulators = new Map<number, ControllerSimulator>();
  for (const serialNo of Object.values(DEMO_GATES)) {
    const simulator = await ControllerSimulator.start([serialNo]);
    simulators.set(serialNo, simulator);
    await editController(as, await controllerBySerial(as, serialNo), { port: simulator.port, timeoutMs, retries: 1 });
  }
  return simulators;
}

export async function gateIdByName(as: Client, name: string): Promise<number> {
  const { body } = await as.call(gate.gateAll);
  const found = body.data.find((g) => g.gateName === name);
  if (!found) throw new Error(`no gate ${name}`);
  return found.gateId;
}

/** Sends each datagram from `from` (a loopback address: 127.0.0.2 plays another host) to 127.0.0.1:`port`, one after the other. */
export async function sendDatagrams(port: number, datagrams: Buffer[], from = '127.0.0.1'): Promise<void> {
  const socket = createSocket('udp4');
  await new Promise<void>((done) => socket.bind(0, from, done));
  try {
    for (const d of datagrams) await new Promise<void>((done, fail) => socket.send(d, port, '127.0.0.1', (error) => (error ? fail(error) : done())));
  } finally {
    socket.close();
  }
}

/** A board's event packet (function 0x20) as a board sends it to its listener; `time` may be raw BCD bytes. */
export function eventDatagram(e: Partial<EventRecord> & { serialNo: number; index: number; start?: number; rawTime?: number[] }): Buffer {
  const packet = reply(FN.getStatus, e.serialNo);
  writeEvent(packet, { type: 1, granted: true, door: 1, direction: 1, card: 0, timestamp: '2026-01-01 08:00:00', reason: 1, ...e });
  if (e.start !== undefined) packet[0] = e.start;
  if (e.rawTime) Buffer.from(e.rawTime).copy(packet, 20);
  return packet;
}
