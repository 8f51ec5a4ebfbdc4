import { useRef, useState } from 'react';
import type { LectureOrder } from '@venue/contract';
import * as lecture from '@venue/contract/lecture';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useInvalidate } from '@/lib/query';
import { lecturePreselected } from './lecture-view';

/**
 * The lecture tab's work (spec 2.8, 4 Verification, 5): look the order up by a ticket code or order
 * number, tick its participants to be used, verify them (at least one). A success clears the tab.
 */
export function useLectureCheck() {
  const [order, setOrder] = useState<LectureOrder | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const invalidate = useInvalidate();

  function clear() {
    setOrder(null);
    setSelected([]);
  }

  async function search(code: string) {
    const ticketId = code.trim();
    if (!ticketId) return toast.warning(lecture.LECTURE_MSG.notFound);
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const found = await callApi(lecture.getLectureOrder, { query: { ticketId } });
      setOrder(found);
      setSelected(lecturePreselected(found.details));
    } catch {
      clear();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** Verifies the ticked participants; answers whether it did (the dialog then closes). */
  async function confirm(): Promise<boolean> {
    if (!order || !selected.length) {
      toast.warning(lecture.LECTURE_MSG.chooseRow);
      return false;
    }
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      const done = await callApi(lecture.check, { body: { orderId: order.orderId, userIds: selected } });
      toast.success(`核销成功，共 ${done.checked} 人`);
      clear();
      void invalidate([lecture.orderQuery]); // not awaited: the next scan must not wait for the refetch
      return true;
    } catch {
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { order, rows: order?.details ?? [], selected, setSelected, busy, search, confirm, clear };
}
