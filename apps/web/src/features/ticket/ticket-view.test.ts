import { describe, expect, it } from 'vitest';
import type { TicketRow } from '@venue/contract';
import { preselected, selectable, stateTag, timesText } from './ticket-view';

const row = (detailId: number, detailState: string) => ({ detailId, detailState, qrCode: `QR${detailId}` }) as TicketRow;

describe('ticket rows in verification', () => {
  it('tags states as the spec says', () => {
    expect(stateTag('A')).toEqual({ text: '待使用', color: 'success' });
    expect(stateTag('U')).toEqual({ text: '已使用', color: 'default' });
    expect(stateTag('C').text).toBe('不可用');
    expect(stateTag('P').color).toBe('warning');
  });
  it('selects only usable tickets and never pre-selects used ones', () => {
    const rows = [row(1, 'A'), row(2, 'U'), row(3, 'A'), row(4, 'C')];
    expect(rows.filter(selectable).map((r) => r.detailId)).toEqual([1, 3]);
    expect(preselected(rows)).toEqual([1, 3]);
  });
  it('a ticket QR code ticks that ticket alone; an order number ticks every usable one (issue 30)', () => {
    const rows = [row(1, 'A'), row(2, 'U'), row(3, 'A')];
    expect(preselected(rows, 'QR3')).toEqual([3]);
    expect(preselected(rows, 'QR2')).toEqual([]);
    expect(preselected(rows, '20261128001')).toEqual([1, 3]);
  });
  it('composes the use times, Sunday as 日', () => {
    expect(
      timesText({
        useTimeList: [
          { beginWeek: 1, endWeek: 5, beginTime: '09:00', endTime: '12:00' },
          { beginWeek: 7, endWeek: 7, beginTime: '08:00', endTime: '20:00' },
        ],
      }),
    ).toBe('周一至周五 09:00-12:00；周日 08:00-20:00');
  });
});
