import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { HoldCountdown } from './HoldCountdown';

describe('HoldCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-28T02:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts the hold down each second and says so once it has run out', () => {
    const expired = vi.fn();
    render(<HoldCountdown deadline={Date.now() + 62_000} onExpired={expired} />);
    expect(screen.getByRole('timer').textContent).toBe('请在 01:02 内完成支付，超时自动取消');
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer').textContent).toBe('请在 01:00 内完成支付，超时自动取消');
    expect(expired).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer').textContent).toBe('请在 00:00 内完成支付，超时自动取消');
    expect(expired).toHaveBeenCalled();
  });
});
