import { useRef, useState } from 'react';
import type { TicketEntry, TicketRow } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import * as ticket from '@venue/contract/ticket';
import * as ticketDesk from '@venue/contract/ticket-desk';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useInvalidate } from '@/lib/query';
import { preselected } from './ticket-view';

/**
 * The ticket tab's work (spec 2.8, 4 Verification): look the order up by a QR code or order number,
 * tick its usable tickets, verify them. Each search replaces the rows; a success clears them.
 * `withHand` (快速核销): a ticked ticket whose type issues a wristband takes the band's number
 * (`bandRows`, `hands`), and the tickets are verified with checkTicketWithHand.
 */
export function useTicketCheck({ withHand = false }: { withHand?: boolean } = {}) {
  const [rows, setRows] = useState<(TicketRow | TicketEntry)[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [hands, setHands] = useState<Record<number, string>>({});
  const bandRows = withHand ? rows.filter((r) => r.withHand === 'T' && selected.includes(r.detailId)) : [];
  const setHand = (detailId: number, code: string) => setHands((h) => ({ ...h, [detailId]: code }));
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const invalidate = useInvalidate();

  function clear() {
    setRows([]);
    setSelected([]);
    setHands({});
  }

  async function search(code: string) {
    const qrCode = code.trim();
    if (!qrCode) return toast.warning(ticket.TICKET_MSG.notFound);
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const found = withHand ? await callApi(ticketDesk.queryDetailAndHand, { query: { qrCode } }) : await callApi(ticket.queryDetail, { query: { qrCode } });
      setRows(found);
      setSelected(preselected(found, qrCode));
      setHands({});
    } catch {
      clear();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** 扫码即核销 (queryDetailAndCheck): the scanned ticket (or an order number's usable ones) is verified at once; the rows show the order after it. */
  async function checkNow(code: string): Promise<boolean> {
    const qrCode = code.trim();
    if (!qrCode) {
      toast.warning(ticket.TICKET_MSG.notFound);
      return false;
    }
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      const done = await callApi(ticketDesk.queryDetailAndCheck, { query: { qrCode } });
      setRows(done.details);
      setSelected([]);
      toast.success(`核销成功，共 ${done.checked} 张`);
      // Not awaited: the next scan must not wait for the lists to refetch (a scan during it was dropped).
      void invalidate([ticket.queryPeopleCount, ticket.orderQuery]);
      return true;
    } catch {
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** Verifies the ticked tickets; answers whether it did (the dialog then closes). */
  async function confirm(): Promise<boolean> {
    if (!selected.length) {
      toast.warning(ticket.TICKET_MSG.chooseTicket);
      return false;
    }
    const unbanded = bandRows.find((r) => !hands[r.detailId]?.trim());
    if (unbanded) {
      toast.warning(`${unbanded.qrCode}：${ticket.TICKET_MSG.handRequired}`);
      return false;
    }
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      const done = bandRows.length
        ? await callApi(hand.checkTicketWithHand, {
            body: { ticketCheckDetails: selected.map((detailId) => ({ detailId, handCode: hands[detailId]?.trim() || undefined })) },
          })
        : await callApi(ticket.checkTicket, { body: { ticketCheckDetails: selected.map((detailId) => ({ detailId })) } });
      toast.success(`核销成功，共 ${done.checked} 张`);
      clear();
      // Not awaited: the next scan must not wait for the lists to refetch (a scan during it was dropped).
      void invalidate([ticket.queryPeopleCount, ticket.orderQuery]);
      return true;
    } catch {
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { rows, selected, setSelected, busy, search, checkNow, confirm, clear, bandRows, hands, setHand };
}
