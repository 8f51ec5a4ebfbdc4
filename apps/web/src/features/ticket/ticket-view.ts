import type { TicketRow } from '@venue/contract';
import * as ticket from '@venue/contract/ticket';

/** Spec 2.8: use times composed from the slots, 周一至周五 09:00-12:00; … */
export const timesText = (row: Pick<TicketRow, 'useTimeList'>) => row.useTimeList.map(ticket.slotText).join('；');
export const datesText = (row: Pick<TicketRow, 'useBeginDate' | 'useEndDate'>) => `${row.useBeginDate} 至 ${row.useEndDate}`;

/** Spec 4 Verification: A 待使用 (success), U 已使用 (info), anything else 不可用 (warning). */
export function stateTag(state: string): { text: string; color: 'success' | 'default' | 'warning' } {
  if (state === 'A') return { text: ticket.TICKET_STATE_LABELS.A, color: 'success' };
  if (state === 'U') return { text: ticket.TICKET_STATE_LABELS.U, color: 'default' };
  return { text: ticket.TICKET_STATE_OTHER, color: 'warning' };
}

/** Only usable tickets can be chosen (used ones never are). */
export const selectable = (row: Pick<TicketRow, 'detailState'>) => row.detailState === 'A';
/**
 * What a look-up ticks: a ticket's own QR code ticks that ticket alone (the order's others are listed,
 * to tick by hand); an order number ticks every usable ticket of the order.
 */
export const preselected = (rows: TicketRow[], code?: string) => {
  const scanned = rows.filter((r) => code !== undefined && r.qrCode === code);
  return (scanned.length ? scanned : rows).filter(selectable).map((r) => r.detailId);
};

/** The order's member, as the left panel shows it. */
export const memberOf = (rows: TicketRow[]) => {
  const first = rows.find((r) => r.memberName);
  return first ? { name: first.memberName!, phone: first.phone ?? '' } : null;
};
