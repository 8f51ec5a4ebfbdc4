import {
  CHANNEL_LABELS,
  DOOR_NOTICES,
  type DialogGate,
  type DoorState,
  type GateArea,
  type PassDirection,
  type RemoteControlItem,
  type RemoteControlResult,
} from '@venue/contract/gate';

/** The ticked channels of the dialog, by gate: its in (enter) channel and its out (exit) channel. */
export type Ticks = Readonly<Record<number, { I: boolean; O: boolean }>>;
/** The area picked on the left: one area, or every area (全部区域). */
export type AreaChoice = number | 'all';

/** The gates shown for the area picked. */
export const gatesOf = (areas: GateArea[], choice: AreaChoice): DialogGate[] =>
  choice === 'all' ? areas.flatMap((a) => a.gateList) : (areas.find((a) => a.areaId === choice)?.gateList ?? []);

/** Whether a channel can be ticked or clicked: the gate may be driven remotely and has that channel wired. */
export const canDrive = (gate: DialogGate, direction: PassDirection) => gate.isRemoteControl === 'T' && (direction === 'I' ? gate.hasIn : gate.hasOut);

export function tick(ticks: Ticks, gate: DialogGate, direction: PassDirection, on: boolean): Ticks {
  if (!canDrive(gate, direction)) return ticks;
  const current = ticks[gate.gateId] ?? { I: false, O: false };
  return { ...ticks, [gate.gateId]: { ...current, [direction]: on } };
}

/** 全选 (spec 4): ticks both channels of the shown gates with isRemoteControl T, or unticks them. */
export function tickAll(ticks: Ticks, gates: DialogGate[], on: boolean): Ticks {
  let next = ticks;
  for (const gate of gates) for (const direction of ['I', 'O'] as const) next = tick(next, gate, direction, on);
  return next;
}

/** The select-all box: checked when every drivable channel shown is ticked, indeterminate when some are. */
export function allTicked(ticks: Ticks, gates: DialogGate[]): { checked: boolean; indeterminate: boolean; disabled: boolean } {
  const channels = gates.flatMap((g) => (['I', 'O'] as const).filter((d) => canDrive(g, d)).map((d) => ticks[g.gateId]?.[d] ?? false));
  const ticked = channels.filter(Boolean).length;
  return { checked: ticked > 0 && ticked === channels.length, indeterminate: ticked > 0 && ticked < channels.length, disabled: channels.length === 0 };
}

/** Every ticked channel (of any area) as the command to send; the buttons are disabled while there is none. */
export function commandItems(ticks: Ticks, doorState: DoorState): RemoteControlItem[] {
  return Object.entries(ticks).flatMap(([gateId, t]) =>
    (['I', 'O'] as const).filter((d) => t[d]).map((passDirection) => ({ gateId: Number(gateId), passDirection, doorState })),
  );
}

/**
 * What the staff are told after a command: spec 8's notice when any channel acted, and for each channel
 * that did not, which gate and channel, and the controller's reason.
 */
export function outcome(doorState: DoorState, results: RemoteControlResult[]): { notice: string | null; failures: string[] } {
  const failures = results.filter((r) => !r.success).map((r) => `${r.gateName}（${CHANNEL_LABELS[r.passDirection]}）：${r.message}`);
  return { notice: results.some((r) => r.success) ? DOOR_NOTICES[doorState] : null, failures };
}
