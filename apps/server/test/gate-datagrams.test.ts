import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gate, chinaText } from '@venue/contract';
import { freeUdpPort } from '../src/modules/gate/driver/uhppoted.driver.ts';
import type { EventCounts } from '../src/modules/gate/event-intake.ts';
import { client } from './client.ts';
import { controllerBySerial, DEMO_GATES, editController, eventDatagram, GATE_CONFIG, gateIdByName, sendDatagrams } from './gate.helpers.ts';
import { describeEachEngine, engines, freshDatabase, type TestDatabase } from './harness.ts';
import { DEMO } from './member-card.helpers.ts';
import { spawnProduct, type ProductProcess } from './process.ts';

/** A 64-byte reply of function `fn` from serial 123 with nothing in it: `17 fn 00 00 7b 00 00 00` and 56 zeros. */
const emptyReply = (fn: number) => Buffer.concat([Buffer.from([0x17, fn, 0, 0, 0x7b, 0, 0, 0]), Buffer.alloc(56)]);

/** Every reply the controllers send besides the status/event packet (0x20). */
const REPLY_FUNCTIONS = [
  0x30, 0x32, 0x40, 0x50, 0x52, 0x54, 0x58, 0x5a, 0x5c, 0x80, 0x82, 0x88, 0x8a, 0x8e, 0x90, 0x92, 0x94, 0x98, 0xa6, 0xa8, 0xac, 0xb0, 0xb2, 0xb4,
];

/** Tenant 2's controller (星河闸机控制器), also on 127.0.0.1. */
const OTHER_TENANT_SERIAL = 523000001;
const CONFIGURED = [...Object.values(DEMO_GATES), OTHER_TENANT_SERIAL];

/** mulberry32: the same "random" datagrams on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Issue 29: one stray datagram on the controller-event port ended the server (a TypeError thrown in the
 * event library's socket handler). The product as it runs (main.ts in its own process), on each engine.
 */
describe.each(engines())('a stray datagram on the event port of the running product on %s', (engine) => {
  let database: TestDatabase;
  let product: ProductProcess;
  let eventPort: number;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    eventPort = await freeUdpPort('127.0.0.1');
    product = await spawnProduct({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      GATE_LISTEN: `127.0.0.1:${eventPort}`,
      GATE_SIMULATOR: '0',
      LOG: '0',
    });
  });
  afterAll(async () => {
    await product?.stop();
    await database?.drop();
  });

  it('keeps answering after a reply-shaped datagram of every function code but 0x20', async () => {
    const token = await client(() => product.url).login('admin', 'admin123');
    const admin = client(
      () => product.url,
      () => token,
    );
    for (const fn of REPLY_FUNCTIONS) {
      await sendDatagrams(eventPort, [emptyReply(fn)]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answer = await admin.call(gate.controllerAll).then(
        (r) => r.body.code,
        (error: Error) => `${error.message}\n${product.output()}`,
      );
      expect([fn.toString(16), answer]).toEqual([fn.toString(16), 200]);
    }
  });
});

describeEachEngine(
  'the controller-event port takes only events of configured boards from their own address on %s',
  (server) => {
    const { admin } = server;
    const counts = () => server.app.gateEvents.counts();
    const port = () => server.app.gateEvents.port!;
    const dropped = (c: EventCounts) => Object.values(c.dropped).reduce((n, k) => n + (k ?? 0), 0);
    const passCount = async () =>
      Number(
        (
          await server.db
            .selectFrom('gate_pass')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const passOf = (serialNo: number, index: number) =>
      server.db
        .selectFrom('gate_pass as p')
        .innerJoin('gate_controller as k', 'k.id', 'p.controller_id')
        .select(['p.tenant_id', 'p.pass_time', 'p.time_source', 'p.door', 'p.gate_id', 'p.card_id', 'p.created_at'])
        .where('k.serial_no', '=', serialNo)
        .where('p.event_index', '=', index)
        .execute();
    /** Every datagram sent so far has been received and has become a pass, a repeat or a drop. */
    const settled = (received: number) =>
      vi.waitFor(
        () => {
          const c = counts();
          expect(c.received).toBe(received);
          expect(c.recorded + c.repeated + dropped(c)).toBe(c.received);
        },
        { timeout: 5000, interval: 10 },
      );
    let index = 100_000;
    const boardNow = () => chinaText(server.clock.now());

    beforeAll(async () => {
      await vi.waitFor(() => expect(server.app.gateEvents.port).toBeGreaterThan(0));
    });

    it('records an event of a configured board from its address, with the start byte 0x17 and 0x19 (firmware 6.62)', async () => {
      const before = counts();
      const time = boardNow();
      const sent = [++index, ++index];
      await sendDatagrams(port(), [
        eventDatagram({ serialNo: DEMO_GATES.swim, index: sent[0], card: Number(DEMO.phy), timestamp: time }),
        eventDatagram({ serialNo: DEMO_GATES.swim, index: sent[1], card: Number(DEMO.phy), timestamp: time, start: 0x19, door: 2, direction: 2 }),
      ]);
      await settled(before.received + 2);
      expect(counts().recorded).toBe(before.recorded + 2);
      const swimGate = await gateIdByName(admin, '游泳馆1号闸');
      for (const [i, door] of [
        [sent[0], 1],
        [sent[1], 2],
      ]) {
        const [row] = await passOf(DEMO_GATES.swim, i);
        expect(row).toMatchObject({
          tenant_id: 1,
          door,
          gate_id: swimGate,
          time_source: 'C',
          pass_time: new Date(`${time.replace(' ', 'T')}+08:00`).toISOString(),
        });
        expect(row.card_id).not.toBeNull();
      }
    });

    it('keeps an event with an impossible or empty time at the time it arrived, marked so, and once when it is repeated', async () => {
      const times: [string, Partial<{ timestamp: string; rawTime: number[] }>][] = [
        ['all zero', { rawTime: [0, 0, 0, 0, 0, 0, 0] }],
        ['20 00 00 00 00 00 00', { rawTime: [0x20, 0, 0, 0, 0, 0, 0] }],
        ['month 13', { timestamp: '2026-13-01 08:00:00' }],
        ['day 32', { timestamp: '2026-01-32 08:00:00' }],
        ['30 February', { timestamp: '2026-02-30 08:00:00' }],
        ['29 February of a common year', { timestamp: '2025-02-29 08:00:00' }],
        ['hour 24', { timestamp: '2026-01-01 24:00:00' }],
        ['minute 60', { timestamp: '2026-01-01 08:60:00' }],
        ['not BCD', { rawTime: [0x20, 0x26, 0x0a, 0x01, 0x08, 0x00, 0x00] }],
        ['all ff', { rawTime: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff] }],
        ['year 1999', { timestamp: '1999-12-31 23:59:59' }],
      ];
      const before = counts();
      const from = server.clock.now().getTime();
      const sent = times.map(([, time]) => ({
        index: ++index,
        packet: eventDatagram({ serialNo: DEMO_GATES.badminton, index, door: 2, card: 3_999_000_001, ...time }),
      }));
      await sendDatagrams(
        port(),
        sent.map((s) => s.packet),
      );
      await settled(before.received + times.length);
      expect(counts().recorded).toBe(before.recorded + times.length);
      const to = server.clock.now().getTime();
      for (const [i, s] of sent.entries()) {
        const rows = await passOf(DEMO_GATES.badminton, s.index);
        expect([times[i][0], rows.length, rows[0]?.time_source]).toEqual([times[i][0], 1, 'A']);
        const at = new Date(rows[0].pass_time).getTime();
        expect(at).toBeGreaterThanOrEqual(from - 1000);
        expect(at).toBeLessThanOrEqual(to + 1000);
      }
      // A board repeating an event without a time keeps one record.
      const latest = sent[0];
      await sendDatagrams(port(), [latest.packet, latest.packet]);
      await settled(before.received + times.length + 2);
      expect(counts().repeated).toBe(before.repeated + 2);
      expect(await passOf(DEMO_GATES.badminton, latest.index)).toHaveLength(1);
      // The pass list shows it with the rest.
      const listed = (await admin.call(gate.passQuery, { query: { keyword: '3999000001', size: 50 } })).body.data;
      expect(listed.total).toBe(times.length);
      // …marked as the time it arrived (接收时间 on the screen).
      expect(new Set(listed.records.map((p) => p.timeSource))).toEqual(new Set(['A']));
    });

    it('takes no event of a configured board sent from another host, unless the board is reached by broadcast', async () => {
      const before = counts();
      const passes = await passCount();
      const strangers = [
        { from: '127.0.0.2', serialNo: DEMO_GATES.swim },
        { from: '127.0.0.3', serialNo: DEMO_GATES.fitness },
        { from: '127.0.0.2', serialNo: OTHER_TENANT_SERIAL },
      ];
      for (const s of strangers)
        await sendDatagrams(port(), [eventDatagram({ serialNo: s.serialNo, index: ++index, card: Number(DEMO.phy), timestamp: boardNow() })], s.from);
      await settled(before.received + strangers.length);
      expect(counts().dropped.sender).toBe((before.dropped.sender ?? 0) + strangers.length);
      expect(await passCount()).toBe(passes);

      // A board reached by broadcast has no one address: its events are taken from whichever host sends them.
      const fitness = await controllerBySerial(admin, DEMO_GATES.fitness);
      await editController(admin, fitness, { address: '127.255.255.255', broadcast: 'T' });
      try {
        const sent = ++index;
        await sendDatagrams(port(), [eventDatagram({ serialNo: DEMO_GATES.fitness, index: sent, timestamp: boardNow() })], '127.0.0.2');
        await settled(before.received + strangers.length + 1);
        expect(await passOf(DEMO_GATES.fitness, sent)).toHaveLength(1);
      } finally {
        await editController(admin, fitness, {});
      }
    });

    it(
      'survives a datagram fuzz: every function code, lengths 0 to 1,500, random bytes, broken events; no pass from any of them',
      { timeout: 60_000 },
      async () => {
        const random = prng(29);
        const byte = () => Math.floor(random() * 256);
        const bytes = (n: number) => Buffer.from(Array.from({ length: n }, byte));
        const unknownSerial = () => {
          for (;;) {
            const serial = Math.floor(random() * 2 ** 32);
            if (!CONFIGURED.includes(serial)) return serial;
          }
        };
        const valid = (patch: Partial<Parameters<typeof eventDatagram>[0]> = {}) =>
          eventDatagram({ serialNo: DEMO_GATES.swim, index: ++index, card: Number(DEMO.phy), timestamp: boardNow(), ...patch });
        const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

        type Batch = { name: string; datagrams: Buffer[]; from?: string; expect?: Partial<Record<keyof EventCounts['dropped'], number>> };
        const withFunction = (fn: number, start: number, payload: Buffer, serial: number) => {
          const d = Buffer.alloc(64);
          d[0] = start;
          d[1] = fn;
          d.writeUInt32LE(serial, 4);
          payload.copy(d, 8);
          return d;
        };
        const everyFunction = range(0, 255);
        const batches: Batch[] = [
          {
            name: 'every function code, 0x17, empty, a configured serial',
            datagrams: everyFunction.map((fn) => withFunction(fn, 0x17, Buffer.alloc(56), DEMO_GATES.swim)),
            expect: { function: 255, 'no-event': 1 },
          },
          {
            name: 'every function code, 0x19, empty, a configured serial',
            datagrams: everyFunction.map((fn) => withFunction(fn, 0x19, Buffer.alloc(56), DEMO_GATES.swim)),
            expect: { function: 255, 'no-event': 1 },
          },
          { name: 'every function code, 0x17, random payload', datagrams: everyFunction.map((fn) => withFunction(fn, 0x17, bytes(56), unknownSerial())) },
          { name: 'every function code, 0x19, random payload', datagrams: everyFunction.map((fn) => withFunction(fn, 0x19, bytes(56), unknownSerial())) },
          { name: 'valid events truncated to 0-63 bytes', datagrams: range(0, 63).map((n) => valid().subarray(0, n)), expect: { length: 64 } },
          {
            name: 'valid events grown to 65-1,500 bytes',
            datagrams: range(65, 1500).map((n) => Buffer.concat([valid(), bytes(n - 64)])),
            expect: { length: 1436 },
          },
          { name: 'random bytes, random lengths 0-1,500', datagrams: range(1, 300).map(() => bytes(Math.floor(random() * 1501))) },
          {
            name: 'valid events with every other start byte',
            datagrams: everyFunction.filter((b) => b !== 0x17 && b !== 0x19).map((start) => valid({ start })),
            expect: { start: 254 },
          },
          { name: 'valid events with door 0 or 5-255', datagrams: [0, ...range(5, 255)].map((door) => valid({ door })), expect: { door: 252 } },
          { name: 'valid events with event type 0 or 4-255', datagrams: [0, ...range(4, 255)].map((type) => valid({ type })), expect: { type: 253 } },
          {
            name: 'valid events of unknown serial numbers',
            datagrams: [0, 123, 0xffffffff, ...range(1, 50).map(unknownSerial)].map((serialNo) => valid({ serialNo })),
            expect: { serial: 53 },
          },
          {
            name: 'valid events of every configured board from another host',
            datagrams: CONFIGURED.map((serialNo) => valid({ serialNo })),
            from: '127.0.0.2',
            expect: { sender: 4 },
          },
        ];

        const passes = await passCount();
        const started = counts();
        let received = started.received;
        const sent: Record<string, number> = {};
        for (const batch of batches) {
          const before = counts();
          // Small runs, each settled before the next: the socket's receive buffer is not the thing under test.
          for (let at = 0; at < batch.datagrams.length; at += 64) {
            const run = batch.datagrams.slice(at, at + 64);
            await sendDatagrams(port(), run, batch.from);
            received += run.length;
            await settled(received);
          }
          const after = counts();
          expect([batch.name, after.recorded]).toEqual([batch.name, started.recorded]);
          for (const [reason, n] of Object.entries(batch.expect ?? {}))
            expect([
              batch.name,
              reason,
              (after.dropped[reason as keyof EventCounts['dropped']] ?? 0) - (before.dropped[reason as keyof EventCounts['dropped']] ?? 0),
            ]).toEqual([batch.name, reason, n]);
          expect([batch.name, (await admin.call(gate.controllerAll)).body.code]).toEqual([batch.name, 200]);
          sent[batch.name] = batch.datagrams.length;
        }
        expect(await passCount()).toBe(passes);
        expect(counts().received - started.received).toBe(Object.values(sent).reduce((a, b) => a + b, 0));
      },
    );
  },
  { config: GATE_CONFIG },
);
