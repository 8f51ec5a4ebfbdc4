import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { holdText, secondsLeft } from '../booking-view';

export interface HoldCountdownProps {
  /** When the hold ends (this browser's clock, ms): the order's hold seconds from its answer's arrival. */
  deadline: number;
  /** At 00:00, and each second after until it is taken away (a payment under way may hold the parent back). */
  onExpired: () => void;
}

/** 请在 mm:ss 内完成支付，超时自动取消: an unpaid order's hold, counted down each second. */
export function HoldCountdown({ deadline, onExpired }: HoldCountdownProps) {
  const [left, setLeft] = useState(() => secondsLeft(deadline, Date.now()));
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });
  useEffect(() => {
    const tick = () => {
      const now = secondsLeft(deadline, Date.now());
      setLeft(now);
      if (now === 0) expired.current();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return <Alert type={left > 60 ? 'info' : 'warning'} showIcon data-testid="hold-countdown" role="timer" message={holdText(left)} />;
}
