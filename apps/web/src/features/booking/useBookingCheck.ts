import { useRef, useState } from 'react';
import type { BookingOrder } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useInvalidate } from '@/lib/query';

/** Lines to be used (A) can be opened. */
export const openable = (line: BookingOrder['details'][number]) => line.state === 'A';

/**
 * 开场 (快速核销 › 场馆业务, 预订订单): the order found by its slip's QR code or its number, its cells to be
 * used ticked, opened (A → U) with at least one; a success clears it.
 */
export function useBookingCheck(initial: BookingOrder | null = null) {
  const [order, setOrder] = useState<BookingOrder | null>(initial);
  const [selected, setSelected] = useState<number[]>(initial ? initial.details.filter(openable).map((d) => d.detailId) : []);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const invalidate = useInvalidate();

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    try {
      return await work();
    } catch {
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }
  function clear() {
    setOrder(null);
    setSelected([]);
  }

  async function search(keyword: string) {
    const code = keyword.trim();
    if (!code) return toast.warning(booking.BOOKING_MSG.notFound);
    const found = await run(() => callApi(booking.getBookingOrder, { query: { code } }));
    if (!found) return clear();
    setOrder(found);
    setSelected(found.details.filter(openable).map((d) => d.detailId));
  }

  /** Opens the ticked cells; answers whether it did. */
  async function confirm(): Promise<boolean> {
    if (!order || !selected.length) {
      toast.warning(booking.BOOKING_MSG.chooseRow);
      return false;
    }
    const done = await run(() => callApi(booking.check, { body: { orderId: order.orderId, detailIds: selected } }));
    if (!done) return false;
    toast.success(`开场成功，共 ${done.opened} 个时段`);
    clear();
    void invalidate([booking.gridQuery, booking.orderQuery]);
    return true;
  }

  return { order, selected, setSelected, busy, search, confirm, clear };
}
