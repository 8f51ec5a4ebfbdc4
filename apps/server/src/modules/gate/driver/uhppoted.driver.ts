import { createSocket } from 'node:dgram';
import uhppoted, { type Context } from 'uhppoted';
import { z } from 'zod';
import { boardTime } from './event-packet.ts';
import { listenForEvents } from './event-socket.ts';
import {
  describeTarget,
  GateDriverError,
  type CardRecord,
  type ControllerEvent,
  type ControllerStatus,
  type ControllerTarget,
  type DoorControl,
  DOOR_CONTROL_CODES,
  type EventHandlers,
  type EventListener,
  type GateDriver,
} from './gate-driver.ts';
import { ownPortsForLibraryRequests } from './udp-sockets.ts';

/** Below this a try cannot hear back even from a board next door. */
const MIN_TRY_MS = 20;

/** "host:port" into its parts (the port defaults to the boards' 60000). */
export function splitAddress(text: string): { host: string; port: number } {
  const at = text.lastIndexOf(':');
  if (at < 0) return { host: text, port: 60000 };
  return { host: text.slice(0, at), port: Number(text.slice(at + 1)) };
}

/** A UDP port nobody is bound to on `host` right now. */
export function freeUdpPort(host: string): Promise<number> {
  return new Promise((done, fail) => {
    const socket = createSocket('udp4');
    socket.once('error', fail);
    socket.bind(0, host, () => {
      const { port } = socket.address();
      socket.close(() => done(port));
    });
  });
}

/** The library's decoded answers as each request expects them: a reply of another function (or one with fields missing) fails its check. */
const coded = z.object({ code: z.number() });
const ANSWERS = {
  opened: z.object({ opened: z.boolean() }),
  doorControl: z.object({ doorControlState: z.object({ door: z.number(), delay: z.number(), control: z.object({ value: z.number() }) }) }),
  status: z.object({
    deviceId: z.number(),
    state: z.object({
      event: z.object({
        index: z.number(),
        type: coded,
        granted: z.boolean(),
        door: z.number(),
        direction: coded,
        card: z.number(),
        timestamp: z.string(),
        reason: coded,
      }),
      doors: z.record(z.string(), z.boolean()),
      system: z.object({ date: z.string(), time: z.string() }),
    }),
  }),
  time: z.object({ datetime: z.string() }),
  listener: z.object({ address: z.string(), port: z.number() }),
  updated: z.object({ updated: z.boolean() }),
  cards: z.object({ cards: z.number() }),
  stored: z.object({ stored: z.boolean() }),
  deleted: z.object({ deleted: z.boolean() }),
};
type StatusAnswer = z.infer<typeof ANSWERS.status>;

const eventOf = (status: StatusAnswer): ControllerEvent => {
  const e = status.state.event;
  return {
    serialNo: status.deviceId,
    index: e.index,
    type: e.type.code,
    granted: e.granted,
    door: e.door,
    direction: e.direction.code,
    card: e.card,
    timestamp: boardTime(e.timestamp),
    reason: e.reason.code,
  };
};

const unrecognised = (t: ControllerTarget) => new GateDriverError('invalid', `控制器答复无法识别（${t.serialNo}，${t.address}:${t.port}）`);

/** The library's failures in the staff's words: no answer, or what the network said. */
function failure(target: ControllerTarget, error: unknown): GateDriverError {
  if (error instanceof GateDriverError) return error;
  // The library tripped over what came back (its decoders assume a well-formed reply).
  if (error instanceof TypeError || error instanceof RangeError) return unrecognised(target);
  const { message, code } = error as { message?: string; code?: string };
  if (message === 'timeout' || /no reply/.test(message ?? '')) {
    const retried = target.retries ? `，已重试 ${target.retries} 次` : '';
    return new GateDriverError('timeout', `${describeTarget(target)}未应答（${target.timeoutMs} 毫秒内无回应${retried}）`);
  }
  return new GateDriverError('network', `${describeTarget(target)}通信失败（${code ?? message ?? '未知错误'}）`);
}

/** 微耕 / UHPPOTE boards over UDP through the `uhppoted` library: each request tried 1 + retries times within the controller's timeout. */
export class UhppotedDriver implements GateDriver {
  private context(target: ControllerTarget, timeoutMs: number): Context {
    const address = `${target.address}:${target.port}`;
    const devices = [{ deviceId: target.serialNo, address, forceBroadcast: target.broadcast }];
    return { config: new uhppoted.Config('venue', '0.0.0.0', address, '0.0.0.0:60001', timeoutMs, devices, false) };
  }

  constructor() {
    ownPortsForLibraryRequests();
  }

  /**
   * One request, retried on silence, all within the controller's timeout: each try waits for its share
   * of the time left, so a late start (a busy server) shortens the tries instead of overrunning.
   */
  private async ask<T>(target: ControllerTarget, answer: z.ZodType<T>, request: (ctx: Context) => Promise<unknown>): Promise<T> {
    const tries = target.retries + 1;
    const deadline = performance.now() + target.timeoutMs;
    for (let attempt = 1; ; attempt += 1) {
      const share = Math.floor((deadline - performance.now()) / (tries - attempt + 1));
      try {
        const checked = answer.safeParse(await request(this.context(target, Math.max(MIN_TRY_MS, share))));
        if (!checked.success) throw unrecognised(target);
        return checked.data;
      } catch (error) {
        const reason = failure(target, error);
        if (reason.reason !== 'timeout' || attempt >= tries || deadline - performance.now() < MIN_TRY_MS) throw reason;
      }
    }
  }

  async openDoor(target: ControllerTarget, door: number) {
    const answer = await this.ask(target, ANSWERS.opened, (ctx) => uhppoted.openDoor(ctx, target.serialNo, door));
    if (!answer.opened) throw new GateDriverError('refused', `${describeTarget(target)}拒绝打开 ${door} 号门`);
  }

  async setDoorControl(target: ControllerTarget, door: number, control: DoorControl, delaySeconds: number) {
    const answer = await this.doorControl(target, door, (ctx) => uhppoted.setDoorControl(ctx, target.serialNo, door, delaySeconds, control));
    if (answer.control.value !== DOOR_CONTROL_CODES[control]) throw new GateDriverError('refused', `${describeTarget(target)}未接受 ${door} 号门的控制方式`);
  }

  async getDoorControl(target: ControllerTarget, door: number) {
    const answer = await this.doorControl(target, door, (ctx) => uhppoted.getDoorControl(ctx, target.serialNo, door));
    return { control: answer.control.value, delay: answer.delay };
  }

  /** A door-control answer, for the door asked about. */
  private async doorControl(target: ControllerTarget, door: number, request: (ctx: Context) => Promise<unknown>) {
    const state = (await this.ask(target, ANSWERS.doorControl, request)).doorControlState;
    if (state.door !== door) throw unrecognised(target);
    return state;
  }

  async getStatus(target: ControllerTarget): Promise<ControllerStatus> {
    const status = await this.ask(target, ANSWERS.status, (ctx) => uhppoted.getStatus(ctx, target.serialNo));
    const doorsOpen = Object.fromEntries(Object.entries(status.state.doors).map(([door, open]) => [Number(door), open]));
    return {
      serialNo: status.deviceId,
      time: boardTime(`${status.state.system.date} ${status.state.system.time}`),
      doorsOpen,
      event: status.state.event.index > 0 ? eventOf(status) : null,
    };
  }

  async getTime(target: ControllerTarget) {
    return (await this.ask(target, ANSWERS.time, (ctx) => uhppoted.getTime(ctx, target.serialNo))).datetime;
  }

  async setTime(target: ControllerTarget, datetime: string) {
    return (await this.ask(target, ANSWERS.time, (ctx) => uhppoted.setTime(ctx, target.serialNo, datetime))).datetime;
  }

  async getListener(target: ControllerTarget) {
    const answer = await this.ask(target, ANSWERS.listener, (ctx) => uhppoted.getListener(ctx, target.serialNo));
    return answer.address === '0.0.0.0' && answer.port === 0 ? null : `${answer.address}:${answer.port}`;
  }

  async setListener(target: ControllerTarget, address: string, port: number) {
    const answer = await this.ask(target, ANSWERS.updated, (ctx) => uhppoted.setListener(ctx, target.serialNo, address, port));
    if (!answer.updated) throw new GateDriverError('refused', `${describeTarget(target)}未接受事件接收地址`);
  }

  async getCards(target: ControllerTarget) {
    return (await this.ask(target, ANSWERS.cards, (ctx) => uhppoted.getCards(ctx, target.serialNo))).cards;
  }

  async putCard(target: ControllerTarget, card: CardRecord) {
    const doors = Object.fromEntries([1, 2, 3, 4].map((door) => [String(door), card.doors.includes(door)]));
    const answer = await this.ask(target, ANSWERS.stored, (ctx) => uhppoted.putCard(ctx, target.serialNo, card.number, card.from, card.to, doors));
    if (!answer.stored) throw new GateDriverError('refused', `${describeTarget(target)}未保存卡 ${card.number}`);
  }

  async deleteCard(target: ControllerTarget, cardNumber: number) {
    // `deleted: false` means the board did not hold the card: what was wanted either way.
    await this.ask(target, ANSWERS.deleted, (ctx) => uhppoted.deleteCard(ctx, target.serialNo, cardNumber));
  }

  async listen(bind: string, handlers: EventHandlers): Promise<EventListener> {
    const { host, port } = splitAddress(bind);
    return listenForEvents(host, port, handlers);
  }
}
