import { describe, expect, it } from 'vitest';
import type { DialogGate, GateArea } from '@venue/contract/gate';
import { allTicked, canDrive, commandItems, gatesOf, outcome, tick, tickAll } from './gate-control';

const gate = (gateId: number, isRemoteControl: 'T' | 'F' = 'T', hasOut = true): DialogGate => ({
  gateId,
  gateName: `${gateId}号闸`,
  venueName: '游泳馆',
  isRemoteControl,
  usage: 'A',
  hasIn: true,
  hasOut,
  openChecked: false,
  closeChecked: false,
});
const areas: GateArea[] = [
  { areaId: 1, areaName: '东门', gateList: [gate(1), gate(2, 'F')] },
  { areaId: 2, areaName: '西门', gateList: [gate(3, 'T', false)] },
];

describe('gate remote control rules (spec 2.9, 4)', () => {
  it('shows every area under 全部区域, one area otherwise', () => {
    expect(gatesOf(areas, 'all').map((g) => g.gateId)).toEqual([1, 2, 3]);
    expect(gatesOf(areas, 2).map((g) => g.gateId)).toEqual([3]);
    expect(gatesOf(areas, 9)).toEqual([]);
  });

  it('ticks only channels of gates with isRemoteControl T that are wired', () => {
    expect(canDrive(gate(2, 'F'), 'I')).toBe(false);
    expect(tick({}, gate(2, 'F'), 'I', true)).toEqual({});
    expect(tick({}, gate(3, 'T', false), 'O', true)).toEqual({});
    expect(tick({}, gate(1), 'O', true)).toEqual({ 1: { I: false, O: true } });
  });

  it('select-all ticks the drivable channels shown and nothing else', () => {
    const all = tickAll({}, gatesOf(areas, 'all'), true);
    expect(all).toEqual({ 1: { I: true, O: true }, 3: { I: true, O: false } });
    expect(allTicked(all, gatesOf(areas, 'all'))).toEqual({ checked: true, indeterminate: false, disabled: false });
    expect(allTicked(tick(all, gate(1), 'I', false), gatesOf(areas, 'all'))).toMatchObject({ checked: false, indeterminate: true });
    expect(tickAll(all, gatesOf(areas, 1), false)).toEqual({ 1: { I: false, O: false }, 3: { I: true, O: false } });
    expect(allTicked({}, [gate(2, 'F')]).disabled).toBe(true);
  });

  it('sends the ticked channels with the button pressed; none ticked sends nothing', () => {
    expect(commandItems({}, 1)).toEqual([]);
    expect(commandItems({ 1: { I: true, O: true }, 3: { I: false, O: false } }, 3)).toEqual([
      { gateId: 1, passDirection: 'I', doorState: 3 },
      { gateId: 1, passDirection: 'O', doorState: 3 },
    ]);
  });

  it('tells the notice of spec 8 when a channel acted and names each channel that did not', () => {
    const base = { gateId: 1, gateName: '1号闸', doorState: 1, controllerName: 'A', serialNo: 9, door: 1 };
    const ok = { ...base, passDirection: 'I' as const, success: true, message: '已设为常开' };
    const silent = {
      ...base,
      gateId: 3,
      gateName: '3号闸',
      passDirection: 'O' as const,
      success: false,
      message: '常开失败：控制器 9（10.0.0.9:60000）未应答',
    };
    expect(outcome(1, [ok, silent])).toEqual({ notice: '常开请求已发送', failures: ['3号闸（出场通道）：常开失败：控制器 9（10.0.0.9:60000）未应答'] });
    expect(outcome(0, [ok]).notice).toBe('开门请求已发送');
    expect(outcome(3, [silent]).notice).toBeNull();
  });
});
