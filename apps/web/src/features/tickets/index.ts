/**
 * What other features use of tickets: the verification table and its work (the 快速核销 ticket tab
 * composes them with its keyword box and footer), and the in-venue count.
 */
export { TicketTable } from './components/TicketTable';
export { HandCodes } from './components/HandCodes';
export { PeopleCount } from './components/PeopleCount';
export { useTicketCheck } from './useTicketCheck';
export { memberOf, stateTag } from './ticket-view';
