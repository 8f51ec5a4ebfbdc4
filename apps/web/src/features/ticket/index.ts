/**
 * What other features use of tickets: the verification table and its work (the 快速核销 ticket tab
 * composes them with its keyword box and footer), the in-venue count, and the QR slip printer (lecture tickets).
 */
export { TicketTable } from './components/TicketTable';
export { HandCodes } from './components/HandCodes';
export { PeopleCount } from './components/PeopleCount';
export { useTicketCheck } from './useTicketCheck';
export { memberOf, stateTag } from './ticket-view';
export { useQrSlipPrinter, type QrSlipKind } from './useQrSlipPrinter';
export { useBandTicketPrinter } from './useTicketPrinter';
export { SLIP_CSS } from './components/TicketSlip';
