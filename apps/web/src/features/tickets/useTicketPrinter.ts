import { ticket, type TicketRow } from '@venue/contract';
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
