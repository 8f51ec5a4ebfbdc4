import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Call } from '@venue/contract';
import * as board from '@venue/contract/board';
import { PERMISSIONS } from '@venue/contract/common/access';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { TodayFigures } from './TodayFigures';

vi.mock('@/lib/http', () => ({ callApi: vi.fn() }));
const calls = vi.mocked(callApi);
const ANSWERS = new Map<Call, unknown>([
  [board.revenueQuery, { total: { income: 12, refund: 0, net: 12, orders: 1 }, byPayMode: [], byChannel: [] }],
  [board.flowQuery, { inVenue: 3, inCount: 5 }],
  [board.verificationsQuery, { bySource: [], total: 0 }],
]);

function show(permissions: string[]) {
  useSession.setState({ roles: ['r'], permissions, menus: [] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(<TodayFigures venueId={1} />, { wrapper: wrap });
}

describe('首页’s figures follow 数据看板', () => {
  beforeEach(() => {
    calls.mockReset().mockImplementation(async (call) => ANSWERS.get(call) ?? { records: [], total: 0 });
  });

  it('reads and shows the boards’ figures for a user holding it', async () => {
    show([PERMISSIONS.board.view]);
    await waitFor(() => expect(document.body.textContent).toContain('12.00'));
    expect(screen.getByText('今日营收（元）')).toBeTruthy();
    expect(calls.mock.calls.map(([call]) => call)).toEqual(expect.arrayContaining([board.revenueQuery, board.flowQuery, board.verificationsQuery]));
  });

  it('asks nothing of the boards without it, and leaves their figures and links out', async () => {
    show([PERMISSIONS.system.hand.list]);
    await waitFor(() => expect(document.body.textContent).toContain('在用手牌'));
    expect(screen.queryByText('今日营收（元）')).toBeNull();
    expect(screen.queryByText(/看板：/)).toBeNull();
    expect(calls.mock.calls.map(([call]) => call).filter((call) => (call.path as string).startsWith('board/'))).toEqual([]);
  });
});
