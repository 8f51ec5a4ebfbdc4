import { ticket } from '@venue/contract';
import type { BoardSource } from './source.ts';

/** 门票: paid ticket orders and their refunds. */
export const ticketOrderSource: BoardSource = { capability: 'ticket', payable: { orderType: ticket.TICKET_ORDER_TYPE, table: 'ticket_order' } };

/** 门票 overtime (超时补费) orders: ticket revenue too. */
export const ticketTimeoutSource: BoardSource = {
  capability: 'ticket',
  payable: { orderType: ticket.TIMEOUT_ORDER_TYPE, table: 'ticket_timeout_order' },
};
