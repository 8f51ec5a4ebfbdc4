import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bookingReport } from '@venue/contract';
import { boardGet } from '../board-client';
import { FieldsLive } from './FieldsLive';

vi.mock('../board-client', () => ({ boardGet: vi.fn(), forgetAnonymous: vi.fn() }));
const get = vi.mocked(boardGet);
const field = (fieldId: number, fieldName: string, now: string | null, more: object = {}) => ({
  fieldId,
  fieldName,
  saleMode: 'F',
  now,
  headsNow: 0,
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
  it('says each field now as 使用中, 已预订 or 空闲, with the day’s booked slots opened or not', async () => {
    show({
      date: '2026-11-30',
      time: '11:05',
      items: [
        {
          itemId: 1,
          itemName: '羽毛球',
          fields: [
            field(1, '1号场', 'used', { booked: 1, used: 1 }),
            field(2, '2号场', 'paid', { booked: 2 }),
            field(3, '3号场', 'occupied', { booked: 1 }),
            field(4, '4号场', 'past'),
          ],
        },
        { itemId: 2, itemName: '游泳', fields: [field(9, '泳池', 'free', { saleMode: 'C', headsNow: 4 })] },
      ],
    });
    await waitFor(() => expect(screen.getByRole('table', { name: '羽毛球场地' })).toBeTruthy());
    expect(get.mock.calls[0].slice(0, 3)).toEqual([bookingReport.liveFields, { venueId: 1 }, 't']);
    const row = (name: string) =>
      within(screen.getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('1号场')).toEqual(['使用中', '2', '1', '10']);
    expect(row('2号场')[0]).toBe('已预订');
    expect(row('3号场')[0]).toBe('已预订');
    expect(row('4号场')[0]).toBe('空闲');
    expect(row('泳池')[0]).toBe('空闲4人');
    const totals = (figure: string) => document.querySelector(`[data-figure="${figure}"]`)?.textContent;
    expect([totals('fieldsInUse'), totals('fieldsBooked'), totals('fieldsFree')]).toEqual(['1', '2', '2']);
  });

  it('says when the venue has no fields', async () => {
    show({ date: '2026-11-30', time: '06:00', items: [] });
    await waitFor(() => expect(screen.getByText('本场馆暂无可预订场地')).toBeTruthy());
  });

  it('says 未营业 for a field outside the opening hours', async () => {
    show({ date: '2026-11-30', time: '23:00', items: [{ itemId: 1, itemName: '羽毛球', fields: [field(1, '1号场', null, { free: 0 })] }] });
    await waitFor(() => expect(screen.getByText('未营业')).toBeTruthy());
  });
});
