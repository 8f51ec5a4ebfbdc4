import { chinaToIso, Code, type BodyOut, type gate, type QueryOut, chinaText } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CardAccessService } from './card-access.service.ts';
import type { ControllerRepository, ControllerRow, ControllerValues } from './controller.repository.ts';
import { targetOf } from './controller.target.ts';
import type { GateDriver } from './driver/gate-driver.ts';
import type { EventEndpoint } from './event-endpoint.ts';
import type { GateLog } from './gate-log.ts';

type Listed = ControllerRow & { gate_count: unknown; pending_cards: unknown; last_error: string | null };
const toController = (r: Listed) => ({
  controllerId: r.id,
  controllerName: r.name,
  serialNo: Number(r.serial_no),
  address: r.address,
  port: r.port,
  broadcast: r.broadcast,
  timeoutMs: r.timeout_ms,
  retries: r.retries,
  openDelay: r.open_delay,
  state: r.state,
  remark: r.remark,
  gateCount: Number(r.gate_count ?? 0),
  pendingCards: Number(r.pending_cards ?? 0),
  lastError: r.last_error,
});
export const CONTROLLER_MISSING = '控制器不存在';
/** The same words whoever holds the number: another tenant's controllers are not to be told apart. */
const SERIAL_TAKEN = '该控制器序列号已被使用';
const secondsBetween = (boardTime: string, now: Date) => Math.round((Date.parse(chinaToIso(boardTime)) - now.getTime()) / 1000);

/** 控制器管理: the boards, their test (status, time, doors, listener), clock setting and card resend. */
export class ControllerService {
  log: GateLog = { warn: () => undefined };

  constructor(
    private readonly repo: ControllerRepository,
    private readonly driver: GateDriver,
    private readonly access: CardAccessService,
    private readonly endpoint: EventEndpoint,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async page(tenantId: number, q: QueryOut<typeof gate.controllerQuery>) {
    return mapPage(await this.repo.page(tenantId, { keyword: q.keyword || undefined, state: q.state }, pageWindow(q)), toController);
  }

  async all(tenantId: number) {
    return (await this.repo.all(tenantId)).map(toController);
  }

  private async row(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(CONTROLLER_MISSING);
    return row;
  }

  async get(tenantId: number, id: number) {
    return toController(await this.row(tenantId, id));
  }

  async save(who: AuditActor, id: number | null, b: BodyOut<typeof gate.controllerAdd>) {
    const { tenantId } = who;
    const before = id === null ? null : await this.row(tenantId, id);
    const values: ControllerValues = {
      name: b.controllerName,
      serial_no: b.serialNo,
      address: b.address,
      port: b.port,
      broadcast: b.broadcast,
      timeout_ms: b.timeoutMs,
      retries: b.retries,
      open_delay: b.openDelay,
      state: b.state,
      remark: b.remark ?? '',
    };
    // A board's events name only its serial number: one controller holds it, whichever tenant asks.
    if (await this.repo.serialTaken(b.serialNo, id)) throw new BizError(Code.EXISTS, SERIAL_TAKEN);
    try {
      if (id === null) id = await this.repo.insert(tenantId, values, iso(this.clock.now()));
      else await this.repo.update(tenantId, id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw new BizError(Code.EXISTS, SERIAL_TAKEN);
      throw error;
    }
    const saved = await this.row(tenantId, id);
    if (saved.state === 'A') this.announce(saved);
    // Another board (or the same board somewhere else) holds none of the cards yet.
    const moved = !before || before.serial_no !== saved.serial_no || before.address !== saved.address || before.port !== saved.port;
    if (saved.state === 'A' && (moved || before?.state !== 'A')) await this.access.syncController(tenantId, id, !!before);
    const after = toController(saved);
    await this.audit.recordNow(who, {
      action: before ? 'gateController.edit' : 'gateController.add',
      target: `闸机控制器 ${after.controllerName}`,
      before: before && toController(before),
      after,
    });
    return after;
  }

  /** Tells a controller where events go (in the background: a board that is down must not hold the save up). */
  announce(row: ControllerRow) {
    const port = this.endpoint.port;
    const address = this.endpoint.addressFor(row.address);
    if (port === null || address === null) return;
    this.driver
      .setListener(targetOf(row), address, port)
      .catch((error: unknown) => this.log.warn({ err: error, serialNo: row.serial_no }, '控制器事件接收地址设置失败'));
  }

  /** Every enabled controller of every tenant is told where events go (the server has started listening). */
  async announceAll() {
    const port = this.endpoint.port;
    if (port === null) return;
    await Promise.allSettled(
      (await this.repo.enabledEverywhere()).map(async (row) => {
        const address = this.endpoint.addressFor(row.address);
        if (address) await this.driver.setListener(targetOf(row), address, port);
      }),
    );
  }

  /** The controllers on 127.0.0.1, of every tenant: the boards the demo simulates. */
  onLoopback() {
    return this.repo.onLoopback();
  }

  /** Points the controllers on 127.0.0.1 at the simulator's port. */
  async moveLoopback(port: number) {
    await this.repo.setPort(
      (await this.repo.onLoopback()).map((c) => c.id),
      port,
    );
  }

  /** Reads what the board says: status, clock, each door's control, its listener and card count. */
  async test(tenantId: number, id: number) {
    const row = await this.row(tenantId, id);
    const target = targetOf(row);
    const started = performance.now();
    const now = this.clock.now();
    const offline = (message: string) => ({
      online: false,
      message,
      elapsedMs: Math.round(performance.now() - started),
      controllerTime: null,
      serverTime: chinaText(now),
      driftSeconds: null,
      doors: [],
      listener: null,
      cards: null,
      lastEvent: null,
    });
    try {
      const status = await this.driver.getStatus(target);
      const [doors, listener, cards] = await Promise.all([
        Promise.all([1, 2, 3, 4].map(async (door) => ({ door, ...(await this.driver.getDoorControl(target, door)), open: !!status.doorsOpen[door] }))),
        this.driver.getListener(target),
        this.driver.getCards(target),
      ]);
      const e = status.event;
      return {
        online: true,
        message: '控制器在线',
        elapsedMs: Math.round(performance.now() - started),
        controllerTime: status.time,
        serverTime: chinaText(now),
        driftSeconds: status.time === null ? null : secondsBetween(status.time, now),
        doors,
        listener,
        cards,
        lastEvent: e ? `#${e.index} ${e.timestamp ?? '（无有效时间）'} ${e.door}号门${e.card ? ` 卡 ${e.card}` : ''}` : null,
      };
    } catch (error) {
      return offline((error as Error).message);
    }
  }

  async syncTime(tenantId: number, id: number) {
    const row = await this.row(tenantId, id);
    try {
      return { controllerTime: await this.driver.setTime(targetOf(row), chinaText(this.clock.now())) };
    } catch (error) {
      throw new BizError(Code.UPDATE_FAILED, (error as Error).message);
    }
  }

  async syncCards(tenantId: number, id: number) {
    await this.row(tenantId, id);
    return { queued: await this.access.syncController(tenantId, id, true) };
  }
}
