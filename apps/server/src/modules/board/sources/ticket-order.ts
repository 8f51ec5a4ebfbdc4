import { ticket } from '@venue/contract';
import { payableRevenue } from './payable-revenue.ts';
import type { BoardSource } from './source.ts';

/** 门票: paid ticket orders and their refunds. */
export const ticketOrderSource: BoardSource = { capability: 'ticket', revenue: payableRevenue('ticket', ticket.TICKET_ORDER_TYPE, 'ticket_order') };

/** 门票 overtime (超时补费) orders: ticket revenue too. */
export const ticketTimeoutSource: BoardSource = {
  capability: 'ticket',
  revenue: payableRevenue('ticket', ticket.TIMEOUT_ORDER_TYPE, 'ticket_timeout_order'),
};
