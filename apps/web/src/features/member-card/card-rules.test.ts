import { describe, expect, it } from 'vitest';
import { balanceText, judgeCard, searchQuery } from './card-rules';

const card = (state: 'A' | 'B' | 'L' | 'R' | 'C' | 'E' | 'S', isOpened: 'T' | 'F' = 'T', isInBlack = false) => ({ state, isOpened, isInBlack });

describe('member card state rules (spec 4, 8)', () => {
  it('passes an opened A card silently', () => {
    expect(judgeCard(card('A'))).toEqual({ needsOpening: false, warnings: [], usable: true });
  });
  it('asks to open an unopened A card', () => {
    expect(judgeCard(card('A', 'F')).needsOpening).toBe(true);
    expect(judgeCard(card('L', 'F')).needsOpening).toBe(false);
  });
  it('warns for L, R, C, B, E with the exact texts and refuses all but A and B', () => {
    expect(judgeCard(card('L'))).toEqual({ needsOpening: false, warnings: ['当前卡状态不可用（已挂失）'], usable: false });
    expect(judgeCard(card('R')).warnings).toEqual(['当前卡状态不可用（已退卡）']);
    expect(judgeCard(card('C')).warnings).toEqual(['当前卡状态不可用（已换卡）']);
    expect(judgeCard(card('E')).warnings).toEqual(['当前卡状态不可用（已过期）']);
    expect(judgeCard(card('B', 'T', true))).toEqual({
      needsOpening: false,
      warnings: ['当前卡状态不可用（已加入黑名单）', '当前卡已加入黑名单'],
      usable: true,
    });
  });
  it('gives S the generic text for a purchase and no warning when only viewing', () => {
    expect(judgeCard(card('S'))).toEqual({ needsOpening: false, warnings: ['当前卡状态不可用'], usable: false });
    expect(judgeCard(card('S'), 'view')).toEqual({ needsOpening: false, warnings: [], usable: true });
  });
  it('shows balances with 元 or 次 and validity for period cards', () => {
    expect(balanceText({ payType: 'M', balance: 12.5, useEndTime: null })).toBe('12.50 元');
    expect(balanceText({ payType: 'T', balance: 8, useEndTime: null })).toBe('8 次');
    expect(balanceText({ payType: 'D', balance: 0, useEndTime: '2027-01-31T15:59:59.999Z' })).toBe('有效期至 2027-01-31');
  });
  it('maps search types 2, 3, 4 and falls back to a fuzzy keyword', () => {
    expect(searchQuery('2', ' VIP0001 ')).toEqual({ cardNoOrId: 'VIP0001' });
    expect(searchQuery('3', '张三')).toEqual({ memberName: '张三' });
    expect(searchQuery('4', '138')).toEqual({ phone: '138' });
    expect(searchQuery('9', '张')).toEqual({ blurryKeyword: '张' });
  });
});
