import {
  CHANNEL_LABELS,
  DOOR_STATE_LABELS,
  GATE_TEXTS,
  type DialogGate,
  type DoorState,
  type GateArea,
  type RemoteControlItem,
  type RemoteControlResult,
} from '@venue/contract/gate';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { CommandRepository, Viewer } from './command.repository.ts';
import { targetOf } from './controller.target.ts';
import type { ControllerTarget, GateDriver } from './driver/gate-driver.ts';

type VisibleGate = Awaited<ReturnType<CommandRepository['visibleGates']>>[number];
const viewerOf = (s: UserSession): Viewer => ({ userId: s.userId, isAdmin: s.isAdmin, within: inUserVenues(s, 'g.venue_id') });
const DONE: Record<DoorState, string> = { 0: '已开门', 1: '已设为常开', 3: '已设为常闭' };

/**
 * The remote-control dialog (spec 2.9): the gates a user may see, by area, and the door commands —
 * 0 open once (the door goes back to card control and opens), 1 keep open, 3 keep closed — sent to
 * every controller in parallel, each within its own timeout, every command logged with the answer.
 */
export class RemoteControlService {
  constructor(
    private readonly repo: CommandRepository,
    private readonly driver: GateDriver,
    private readonly clock: Clock,
  ) {}

  async gatesByArea(s: UserSession): Promise<GateArea[]> {
    const areas = new Map<number, GateArea>();
    for (const g of await this.repo.visibleGates(s.tenantId, viewerOf(s))) {
      const area = areas.get(g.area_id) ?? { areaId: g.area_id, areaName: g.area_name, gateList: [] as DialogGate[] };
      area.gateList.push({
        gateId: g.id,
        gateName: g.name,
        venueName: g.venue_name,
        isRemoteControl: g.is_remote_control,
        usage: g.usage,
        hasIn: g.in_door !== null,
        hasOut: g.out_door !== null,
        openChecked: false,
        closeChecked: false,
      });
      areas.set(g.area_id, area);
    }
    return [...areas.values()];
  }

  async control(s: UserSession, asked: RemoteControlItem[]) {
    // One command per channel: a channel ticked twice is driven once, as last asked.
    const items = [...new Map(asked.map((i) => [`${i.gateId}:${i.passDirection}`, i])).values()];
    const gates = new Map(
      (
        await this.repo.visibleGates(
          s.tenantId,
          viewerOf(s),
          items.map((i) => i.gateId),
        )
      ).map((g) => [g.id, g]),
    );
    const planned = items.map((item) => {
      const gate = gates.get(item.gateId);
      if (!gate) throw notFound('所选闸机不存在或您无权控制');
      if (gate.is_remote_control !== 'T') throw refuse(`闸机「${gate.name}」${GATE_TEXTS.noRemote}`);
      const door = item.passDirection === 'I' ? gate.in_door : gate.out_door;
      if (door === null) throw refuse(`闸机「${gate.name}」没有${CHANNEL_LABELS[item.passDirection]}`);
      return { item, gate, door };
    });
    const sentAt = iso(this.clock.now());
    const results = await Promise.all(planned.map(({ item, gate, door }) => this.drive(gate, door, item)));
    await this.repo.insert(
      results.map(({ result, ms }, i) => ({
        tenant_id: s.tenantId,
        gate_id: result.gateId,
        venue_id: planned[i].gate.venue_id,
        controller_id: planned[i].gate.controller_id,
        door: result.door,
        pass_direction: result.passDirection,
        door_state: result.doorState,
        success: result.success ? 'T' : 'F',
        answer: result.message,
        duration_ms: ms,
        user_id: s.userId,
        created_at: sentAt,
      })),
    );
    const succeeded = results.filter((r) => r.result.success).length;
    return { results: results.map((r) => r.result), succeeded, failed: results.length - succeeded };
  }

  /** One channel's command and what came of it. */
  private async drive(gate: VisibleGate, door: number, item: RemoteControlItem): Promise<{ result: RemoteControlResult; ms: number }> {
    const started = performance.now();
    const state = item.doorState as DoorState;
    const base = {
      gateId: gate.id,
      gateName: gate.name,
      passDirection: item.passDirection,
      doorState: state,
      controllerName: gate.controller_name,
      serialNo: Number(gate.serial_no),
      door,
    };
    let success = false;
    let message: string;
    if (gate.controller_state !== 'A') message = `控制器「${gate.controller_name}」已停用`;
    else {
      try {
        await this.send(targetOf(gate), door, state, gate.open_delay);
        success = true;
        message = DONE[state];
      } catch (error) {
        message = `${DOOR_STATE_LABELS[state]}失败：${(error as Error).message}`;
      }
    }
    return { result: { ...base, success, message }, ms: Math.round(performance.now() - started) };
  }

  private async send(target: ControllerTarget, door: number, state: DoorState, delay: number) {
    if (state === 1) return this.driver.setDoorControl(target, door, 'normally open', delay);
    if (state === 3) return this.driver.setDoorControl(target, door, 'normally closed', delay);
    // Open once: a door kept open or closed goes back to card control first, then opens for one pass.
    await this.driver.setDoorControl(target, door, 'controlled', delay);
    await this.driver.openDoor(target, door);
  }
}
