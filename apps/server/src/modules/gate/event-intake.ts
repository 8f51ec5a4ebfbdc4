import type { Clock } from '../../lib/clock.ts';
import type { PacketRefusal } from './driver/gate-driver.ts';
import type { ControllerEvent, EventListener, EventSender, GateDriver } from './driver/gate-driver.ts';
import type { GateLog } from './gate-log.ts';
import type { PassService, RecordOutcome } from './pass.service.ts';

/** Why a datagram on the event port did not become a pass record. */
export type DropReason = PacketRefusal | Exclude<RecordOutcome, 'recorded' | 'repeat'> | 'busy' | 'failed';

const DROP_TEXTS: Record<DropReason, string> = {
  length: '长度不是 64 字节',
  start: '起始字节不是 0x17 或 0x19',
  function: '不是事件数据包（功能码不是 0x20）',
  'no-event': '数据包中没有事件',
  type: '事件类型未知',
  door: '门号不在 1-4 之间',
  serial: '序列号不属于任何已启用的控制器',
  sender: '发送地址不是该控制器的地址',
  busy: '待记录的事件过多',
  failed: '记录失败',
};

/** Events being written at once; past this a flood is dropped rather than held in memory. */
const MAX_IN_FLIGHT = 500;
/** At most one warning line per this: a flood of bad datagrams must not flood the log too. */
const WARN_EVERY_MS = 60_000;

export interface EventCounts {
  /** Datagrams received on the event port. */
  received: number;
  recorded: number;
  /** Events a board sent again (kept once). */
  repeated: number;
  dropped: Partial<Record<DropReason, number>>;
}

/**
 * The controllers' events as they come in: the listener, what each datagram became (recorded, a repeat,
 * or dropped with its reason, counted) and a warning in the log at most once a minute with the counts.
 */
export class EventIntake {
  log: GateLog = { warn: () => undefined };
  private listener: EventListener | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly tally: EventCounts = { received: 0, recorded: 0, repeated: 0, dropped: {} };
  private lastWarnAt = -Infinity;
  private unreported = 0;

  constructor(
    private readonly driver: GateDriver,
    private readonly passes: PassService,
    private readonly clock: Clock,
  ) {}

  /** Starts receiving on `bind` ("address:port", port 0: a free one) and answers the port. */
  async start(bind: string): Promise<number> {
    this.listener = await this.driver.listen(bind, {
      event: (event, from) => this.take(event, from),
      refused: (reason, from) => {
        this.tally.received += 1;
        this.drop(reason, from);
      },
      error: (error) => this.log.warn({ err: error }, '闸机事件接收出错'),
    });
    return this.listener.port;
  }

  /** Stops receiving and waits for the events being written. */
  async stop(): Promise<void> {
    this.listener?.close();
    this.listener = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** The UDP port events arrive on, while receiving. */
  get port(): number | null {
    return this.listener?.port ?? null;
  }

  counts(): EventCounts {
    return { ...this.tally, dropped: { ...this.tally.dropped } };
  }

  private take(event: ControllerEvent, from: EventSender) {
    this.tally.received += 1;
    if (this.inFlight.size >= MAX_IN_FLIGHT) return this.drop('busy', from);
    const work = this.passes
      .record(event, from)
      .then((outcome) => {
        if (outcome === 'recorded') this.tally.recorded += 1;
        else if (outcome === 'repeat') this.tally.repeated += 1;
        else this.drop(outcome, from);
      })
      .catch((error: unknown) => this.drop('failed', from, { err: error, event }))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private drop(reason: DropReason, from: EventSender, details: object = {}) {
    this.tally.dropped[reason] = (this.tally.dropped[reason] ?? 0) + 1;
    const now = this.clock.now().getTime();
    if (now - this.lastWarnAt < WARN_EVERY_MS) {
      this.unreported += 1;
      return;
    }
    this.lastWarnAt = now;
    const line = { ...details, reason, from: `${from.address}:${from.port}`, droppedSinceLastLine: this.unreported, dropped: { ...this.tally.dropped } };
    this.unreported = 0;
    try {
      this.log.warn(line, `闸机事件数据包已丢弃：${DROP_TEXTS[reason]}`);
    } catch {
      // A logger that fails must not turn a dropped datagram into a failure of the server.
    }
  }
}
