import type { TicketEntry, TicketRow } from '@venue/contract';
import * as ticket from '@venue/contract/ticket';
import * as ticketDesk from '@venue/contract/ticket-desk';
import { callApi } from '@/lib/http';
import { SLIP_CSS, TicketSlip } from './components/TicketSlip';
import { useQrSlipPrinter, type QrSlipKind } from './useQrSlipPrinter';

const TICKETS: QrSlipKind<TicketRow> = {
  typeId: ticket.TICKET_ORDER_TYPE,
  title: '门票',
  load: (orderIds) => callApi(ticket.getPrintDetail, { query: { orderIds: orderIds.join(',') } }),
  code: (row) => row.qrCode,
  key: (row) => row.detailId,
  slip: TicketSlip,
  css: SLIP_CSS,
};

/** Prints tickets, one QR code each, by the venue's 小票打印设置 for tickets and the copy counter of spec 4 "Printing". */
export const useTicketPrinter = (venueId: number | null) => useQrSlipPrinter(venueId, TICKETS);

const BAND_TICKETS: QrSlipKind<TicketEntry> = {
  ...(TICKETS as unknown as QrSlipKind<TicketEntry>),
  load: (orderIds) => callApi(ticketDesk.getPrintDetailWithHand, { query: { orderIds: orderIds.join(',') } }),
};

/** Prints tickets with the band each entry wore (手牌票据), as the tickets' own slip with a 手牌 line. */
export const useBandTicketPrinter = (venueId: number | null) => useQrSlipPrinter(venueId, BAND_TICKETS);
