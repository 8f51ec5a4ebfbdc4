import type { FastifyInstance } from 'fastify';
import { splitAddress } from './driver/uhppoted.driver.ts';
import type { EventIntake } from './event-intake.ts';
import type { GateServices } from './gate.services.ts';
import { ControllerSimulator } from './simulator/controller-simulator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What came in on the controllers' event port: counts of recorded and dropped datagrams. */
    gateEvents: EventIntake;
  }
}

export interface GateRuntimeOptions {
  /** "address:port" to receive the controllers' events on (port 0: a free one); null or absent: no listener. */
  listen?: string | null;
  /** Runs the controller simulator for the controllers on 127.0.0.1 (the demo's). */
  simulator?: boolean;
  /** How often the card queue is worked through; 5 s unless a test shortens it. */
  retryIntervalMs?: number;
}

/**
 * What the gates do besides answering requests, started when the server is ready and stopped when it
 * closes: the simulated boards of the demo, the event listener (passes recorded as they arrive) and the
 * card-record queue worked through every few seconds.
 */
export function gateRuntime(app: FastifyInstance, s: GateServices, options: GateRuntimeOptions): void {
  s.access.log = app.log;
  s.controllers.log = app.log;
  s.events.log = app.log;
  app.decorate('gateEvents', s.events);
  let simulator: ControllerSimulator | null = null;
  let timer: NodeJS.Timeout | undefined;

  app.addHook('onReady', async () => {
    const simulated = options.simulator ? await s.controllers.onLoopback() : [];
    if (simulated.length) {
      simulator = await ControllerSimulator.start([...new Set(simulated.map((c) => Number(c.serial_no)))]);
      await s.controllers.moveLoopback(simulator.port);
      app.log.info({ port: simulator.port, boards: simulated.length }, '闸机控制器模拟器已启动');
    }
    if (options.listen) {
      s.endpoint.bindHost = splitAddress(options.listen).host;
      s.endpoint.port = await s.events.start(options.listen);
      await s.controllers.announceAll();
    }
    // A simulated board starts empty: it gets every card it should hold.
    for (const c of simulated) await s.access.syncController(c.tenant_id, c.id, true);
    timer = setInterval(() => {
      try {
        void s.access.tick();
      } catch (error) {
        app.log.warn({ err: error }, '闸机卡权限下发失败');
      }
    }, options.retryIntervalMs ?? 5000);
    timer.unref();
  });

  app.addHook('onClose', async () => {
    clearInterval(timer);
    s.endpoint.port = null;
    await s.events.stop();
    await s.access.idle();
    await simulator?.close();
  });
}
