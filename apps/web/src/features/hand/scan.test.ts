import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as hand from '@venue/contract/hand';
import { PERMISSIONS } from '@venue/contract/common/access';
import { callApi } from '@/lib/http';
import { useSession } from '@/lib/session';
import { lookupCard } from '@/features/member-card';
import { lookupHandOrCard } from './scan';

vi.mock('@/lib/http', () => ({ callApi: vi.fn(), ApiError: class extends Error {} }));
vi.mock('@/lib/notify', () => ({ notify: { warning: vi.fn() } }));
vi.mock('@/features/member-card', () => ({ lookupCard: vi.fn() }));
const calls = vi.mocked(callApi);
const cards = vi.mocked(lookupCard);
const card = { cardId: 1, cardNo: 'VIP0001' };

describe('lookupHandOrCard: a scanned code at the till', () => {
  beforeEach(() => {
    calls.mockReset().mockResolvedValue(null);
    cards.mockReset().mockResolvedValue(card as never);
  });

  it('asks for a band first when the user holds one of 手牌管理’s codes', async () => {
    useSession.setState({ roles: ['cashier'], permissions: [PERMISSIONS.goods.saleOrder.add, PERMISSIONS.system.hand.lend] });
    expect(await lookupHandOrCard('1234567890')).toEqual({ kind: 'card', card });
    expect(calls).toHaveBeenCalledWith(hand.lookup, { query: { id: '1234567890' } }, { quiet: true });
  });

  it('goes straight to the card without them: the band lookup would be refused', async () => {
    useSession.setState({ roles: ['seller'], permissions: [PERMISSIONS.goods.saleOrder.add] });
    expect(await lookupHandOrCard('1234567890')).toEqual({ kind: 'card', card });
    expect(calls).not.toHaveBeenCalled();
  });
});
