import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as bookingReport from '@venue/contract/booking-report';
import { boardGet } from '../board-client';
import { FieldsLive } from './FieldsLive';

vi.mock('../board-client', () => ({ boardGet: vi.fn(), forgetAnonymous: vi.fn() }));
const get = vi.mocked(boardGet);
const field = (fieldId: number, fieldName: string, now: string | null, more: object = {}) => ({
  fieldId,
  fieldName,
  saleMode: 'F',
  now,
  capacity: 1,
  headsNow: 0,
  next: null,
  free: 10,
  booked: 0,
  used: 0,
  ...more,
});

function show(answer: unknown) {
  get.mockReset().mockResolvedValue(answer as never);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(<FieldsLive access={{ token: 't', venueId: 1, anonymous: true }} />, { wrapper: wrap });
}

describe('/fieldTX 今日场地', () => {
  it('says each field now (使用中, 已预订, 已占用, 空闲, 关闭), its next booking, a pool’s heads against its capacity', async () => {
    show({
      date: '2026-11-30',
      time: '11:05',
      items: [
        {
          itemId: 1,
          itemName: '羽毛球',
          fields: [
            field(1, '1号场', 'used', { booked: 1, used: 1, next: { beginTime: '19:00', endTime: '21:00', state: 'booked', heads: 0 } }),
            field(2, '2号场', 'booked', { booked: 2 }),
            field(3, '3号场', 'occupied', { booked: 1, next: { beginTime: '14:00', endTime: '15:00', state: 'occupied', heads: 0 } }),
            field(4, '4号场', 'free'),
            field(6, '6号场', 'free', { saleMode: 'C', capacity: 8 }),
            field(5, '5号场', 'closed', { free: 0 }),
          ],
        },
        {
          itemId: 2,
          itemName: '游泳',
          fields: [
            field(9, '泳池', 'booked', {
              saleMode: 'C',
              capacity: 30,
              headsNow: 4,
              next: { beginTime: '18:00', endTime: '19:00', state: 'booked', heads: 12 },
            }),
          ],
        },
      ],
    });
    await waitFor(() => expect(screen.getByRole('table', { name: '羽毛球场地' })).toBeTruthy());
    expect(get.mock.calls[0].slice(0, 3)).toEqual([bookingReport.liveFields, { venueId: 1 }, 't']);
    const row = (name: string) =>
      within(screen.getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(0, 6),
    ).toEqual(['场地', '当前', '下一场', '预订', '开场', '空闲']);
    expect(row('1号场')).toEqual(['使用中', '19:00-21:00', '2', '1', '10']);
    expect(row('2号场').slice(0, 2)).toEqual(['已预订', '无']);
    expect(row('3号场').slice(0, 2)).toEqual(['已占用', '14:00-15:00 占用']);
    expect(row('4号场')[0]).toBe('空闲');
    // A field sold by heads says its heads whatever its state, none booked too.
    expect(row('6号场')[0]).toBe('空闲0/8人');
    expect(row('5号场')[0]).toBe('关闭');
    expect(row('泳池').slice(0, 2)).toEqual(['已预订4/30人', '18:00-19:00 12人']);
    const totals = (figure: string) => document.querySelector(`[data-figure="${figure}"]`)?.textContent;
    expect([totals('fieldsInUse'), totals('fieldsBooked'), totals('fieldsOccupied'), totals('fieldsFree')]).toEqual(['1', '2', '1', '2']);
  });

  it('says when the venue has no fields', async () => {
    show({ date: '2026-11-30', time: '06:00', items: [] });
    await waitFor(() => expect(screen.getByText('本场馆暂无可预订场地')).toBeTruthy());
  });

  it('says 未营业 for a field outside the opening hours', async () => {
    show({
      date: '2026-11-30',
      time: '23:00',
      items: [{ itemId: 1, itemName: '游泳', fields: [field(1, '泳池', null, { free: 0, saleMode: 'C', capacity: 30 })] }],
    });
    await waitFor(() => expect(screen.getByText('未营业')).toBeTruthy());
    expect(screen.queryByText(/人$/)).toBeNull();
  });
});
