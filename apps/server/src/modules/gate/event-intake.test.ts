import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../lib/clock.ts';
import { listenForEvents } from './driver/event-socket.ts';
import type { EventHandlers, GateDriver } from './driver/gate-driver.ts';
import { EventIntake } from './event-intake.ts';
import type { PassService } from './pass.service.ts';
import { FN, reply, writeEvent } from './simulator/packets.ts';

const send = async (port: number, datagrams: Buffer[]) => {
  const socket = createSocket('udp4');
  for (const d of datagrams) await new Promise<void>((done) => socket.send(d, port, '127.0.0.1', () => done()));
  socket.close();
};
const event = (index: number) => {
  const packet = reply(FN.getStatus, 423187757);
  writeEvent(packet, { index, type: 1, granted: true, door: 1, direction: 1, card: 1, timestamp: '2026-01-01 08:00:00', reason: 1 });
  return packet;
};
const driver = { listen: (bind: string, handlers: EventHandlers) => listenForEvents('127.0.0.1', 0, handlers) } as unknown as GateDriver;

describe('EventIntake', () => {
  let intake: EventIntake | undefined;
  afterEach(async () => intake?.stop());

  it('counts every dropped datagram and warns at most once a minute, with the counts', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock: Clock = { now: () => new Date(now) };
    const warn = vi.fn();
    intake = new EventIntake(driver, { record: () => Promise.resolve('serial') } as unknown as PassService, clock);
    intake.log = { warn };
    const port = await intake.start('127.0.0.1:0');

    await send(port, [Buffer.alloc(10), Buffer.alloc(64), event(1), event(2), Buffer.alloc(1500)]);
    await vi.waitFor(() => expect(intake!.counts()).toEqual({ received: 5, recorded: 0, repeated: 0, dropped: { length: 2, start: 1, serial: 2 } }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toBe('闸机事件数据包已丢弃：长度不是 64 字节');

    now += 61_000;
    await send(port, [Buffer.alloc(3)]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls[1][0]).toMatchObject({ reason: 'length', droppedSinceLastLine: 4, dropped: { length: 3, start: 1, serial: 2 } });
  });

  it('counts an event it could not write and keeps receiving; a handler that throws does not escape the socket', async () => {
    const clock: Clock = { now: () => new Date() };
    intake = new EventIntake(driver, { record: () => Promise.reject(new Error('database down')) } as unknown as PassService, clock);
    const port = await intake.start('127.0.0.1:0');
    await send(port, [event(1), event(2)]);
    await vi.waitFor(() => expect(intake!.counts().dropped).toEqual({ failed: 2 }));

    const errors: Error[] = [];
    const listener = await listenForEvents('127.0.0.1', 0, {
      event: () => {
        throw new TypeError('a handler failed');
      },
      refused: () => {
        throw new RangeError('so did this one');
      },
      error: (error) => errors.push(error),
    });
    try {
      await send(listener.port, [event(3), Buffer.alloc(1), event(4)]);
      await vi.waitFor(() => expect(errors.map((e) => e.message)).toEqual(['a handler failed', 'so did this one', 'a handler failed']));
    } finally {
      listener.close();
    }
  });
});
