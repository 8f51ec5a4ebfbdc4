import { describe, expect, it } from 'vitest';
import type { Grid } from '@venue/contract';
import {
  cancelRuleText,
  cellPrice,
  cellStateText,
  chosenRange,
  countdownText,
  dateStrip,
  holdText,
  memberEntryBody,
  memberEntryText,
  moveBy,
  pickTimes,
  pickTotal,
  secondsLeft,
  spokenPrice,
  stillFree,
  stillHeld,
} from './booking-view';

const cell = (beginTime: string, endTime: string, state: 'free' | 'paid', price: number, left = 1) => ({
  beginTime,
  endTime,
  state,
  price,
  left,
  orderId: null,
  orderType: null,
  note: '',
});
const grid = {
  fields: [
    {
      fieldId: 1,
      fieldName: '1号场',
      saleMode: 'F',
      capacity: 1,
      slotMinutes: 60,
      cells: [cell('10:00', '11:00', 'free', 40.1), cell('11:00', '12:00', 'paid', 40, 0)],
    },
    { fieldId: 2, fieldName: '泳池', saleMode: 'C', capacity: 40, slotMinutes: 60, cells: [cell('10:00', '11:00', 'paid', 0.1, 3)] },
  ],
} as unknown as Grid;

describe('booking grid helpers', () => {
  it('adds prices x heads in decimals', () => {
    expect(
      pickTotal(grid, [
        { fieldId: 1, beginTime: '10:00', heads: 1 },
        { fieldId: 2, beginTime: '10:00', heads: 3 },
      ]).toString(),
    ).toBe('40.4');
  });
  it('adds times x heads with a times card attached, and says none without one', () => {
    const withTimes = {
      fields: grid.fields.map((f) => ({ ...f, cells: f.cells.map((c) => ({ ...c, times: f.saleMode === 'C' ? 1 : 2 })) })),
    } as unknown as Grid;
    const picks = [
      { fieldId: 1, beginTime: '10:00', heads: 1 },
      { fieldId: 2, beginTime: '10:00', heads: 3 },
    ];
    expect(pickTimes(withTimes, picks)).toBe(5);
    expect(pickTimes(grid, picks)).toBeNull();
    expect(pickTimes(withTimes, [])).toBeNull();
    expect([cellPrice({ price: 40, times: 2 }), cellPrice({ price: 40.1, times: null }), cellPrice({ price: null, times: null })]).toEqual([
      '2次',
      '¥40.10',
      '',
    ]);
  });
  it('says a price in yuan or, for a times card type, in times: in the grid cell name and the rule list', () => {
    expect([spokenPrice({ price: 40, times: null }), spokenPrice({ price: 40, times: 2 }), spokenPrice({ price: null, times: null })]).toEqual([
      ' 40.00元',
      ' 2次',
      '',
    ]);
    expect(memberEntryText({ cardTypeName: '储值卡', price: 35, times: null })).toBe('储值卡 35.00');
    expect(memberEntryText({ cardTypeName: '羽毛球10次卡', price: 0, times: 2 })).toBe('羽毛球10次卡 2次');
  });
  it("saves a times card type's entry as its times and any other type's as its price", () => {
    expect(memberEntryBody({ cardTypeId: 3, price: 0, times: 2 }, 'T')).toEqual({ cardTypeId: 3, times: 2 });
    expect(memberEntryBody({ cardTypeId: 1, price: 35, times: null }, 'M')).toEqual({ cardTypeId: 1, price: 35 });
    expect(memberEntryBody({ cardTypeId: 1, price: null }, undefined)).toEqual({ cardTypeId: 1, price: undefined });
  });
  it('drops picks no longer free; a headcount cell with heads left stays', () => {
    const picks = [
      { fieldId: 1, beginTime: '11:00', heads: 1 },
      { fieldId: 2, beginTime: '10:00', heads: 1 },
    ];
    expect(stillFree(grid, picks)).toEqual([picks[1]]);
  });
  it('moves by arrows within the grid', () => {
    expect(moveBy('ArrowDown', 0, 0, 2, 2)).toEqual([1, 0]);
    expect(moveBy('ArrowLeft', 0, 0, 2, 2)).toEqual([0, 0]);
    expect(moveBy('x', 0, 0, 2, 2)).toBeNull();
  });
  it('makes one range of the chosen cells', () => {
    const picks = [
      { fieldId: 1, beginTime: '11:00', heads: 1 },
      { fieldId: 1, beginTime: '10:00', heads: 1 },
    ];
    expect(chosenRange(grid, picks)).toEqual({ fieldIds: [1], beginTime: '10:00', endTime: '12:00' });
  });
  it('labels a week of dates', () => {
    expect(dateStrip('2026-11-28', 3).map((d) => d.label)).toEqual(['11-28 今天', '11-29 明天', '11-30 周一']);
    expect(dateStrip('2026-11-28', 2, 7).map((d) => d.label)).toEqual(['12-05 周六', '12-06 周日']);
  });
  it('states the cancellation rule in words', () => {
    const rule = { cancelBeforeHours: 2, feePercent: 20, freeBeforeHours: 24, gateEarlyMinutes: 30 };
    expect(cancelRuleText(rule)).toBe('开场前2小时内不能退订；提前24小时以上免手续费，否则收取20%手续费。');
    expect(cancelRuleText({ ...rule, freeBeforeHours: 0 })).toBe('开场前2小时内不能退订；收取20%手续费。');
  });
  it('counts an unpaid order’s hold down as mm:ss, whole seconds rounded up, never below zero', () => {
    const made = Date.parse('2026-11-28T02:00:00.000Z');
    const deadline = made + 30 * 60_000;
    expect(secondsLeft(deadline, made)).toBe(1800);
    expect(secondsLeft(deadline, made + 400)).toBe(1800);
    expect(secondsLeft(deadline, deadline - 1)).toBe(1);
    expect(secondsLeft(deadline, deadline + 5000)).toBe(0);
    expect(countdownText(1800)).toBe('30:00');
    expect(countdownText(65)).toBe('01:05');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(90 * 60)).toBe('90:00');
    expect(holdText(1799)).toBe('请在 29:59 内完成支付，超时自动取消');
  });
  it('says until when a held cell waits (待支付 至 10:10), and whether an order still holds cells', () => {
    expect(cellStateText({ state: 'held', holdUntil: '10:10' })).toBe('待支付 至 10:10');
    expect(cellStateText({ state: 'held', holdUntil: null })).toBe('待支付');
    expect(cellStateText({ state: 'paid', holdUntil: null })).toBe('已预订');
    const held = {
      fields: [{ ...grid.fields[0], cells: [{ ...grid.fields[0].cells[0], state: 'held', orderId: 7, holdUntil: '10:10' }] }],
    } as unknown as Grid;
    expect(stillHeld(held, 7)).toBe(true);
    expect(stillHeld(held, 8)).toBe(false);
    expect(stillHeld(grid, 7)).toBe(false);
  });
});
