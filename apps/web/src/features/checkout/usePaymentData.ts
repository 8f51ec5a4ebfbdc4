import { keepPreviousData } from '@tanstack/react-query';
import * as member from '@venue/contract/member';
import * as payment from '@venue/contract/payment';
import { sumLines } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { payModeOf, timesCardOf, type PayCard, type PayMethod, type Selection } from './pay-selection';
import { defaultSelection } from './payment-state';

const NO_METHODS: PayMethod[] = [];
const NO_CARDS: PayCard[] = [];
const NO_LINES: payment.ForPayLine[] = [];

/**
 * What the payment dialog shows while open: the venue's methods, the member's cards, the order's lines,
 * their list total (what the cards split) and the amount due with the chosen cards (each discounts only its part).
 */
export function usePaymentData({
  forPay,
  open,
  orderId,
  memberId,
  venueId,
  payTypes,
  picked,
}: {
  /** The order kind's queryOrderForPay. */
  forPay: payment.ForPayCall;
  open: boolean;
  orderId: number;
  memberId: number | null;
  venueId: number;
  payTypes: string;
  /** The cashier's choice; null before one is made (the default method applies). */
  picked: Selection | null;
}) {
  const methods = useApiQuery(payment.queryPayType, { query: { venueId } }, { enabled: open }).data ?? NO_METHODS;
  // Balances split a payment: never taken from an earlier sale's cache.
  const cards = useApiQuery(member.allForPay, { query: { memberId: memberId ?? 0, venueId, payTypes } }, { enabled: open && !!memberId, gcTime: 0 }).data;
  const selection = picked ?? defaultSelection(methods);
  const payMode = payModeOf(selection) || selection.method?.payMode;
  const cardIds = selection.cards.map((c) => c.cardId).join(',') || undefined;
  const answer = useApiQuery(forPay, { query: { orderId, payMode, cardIds } }, { enabled: open, placeholderData: keepPreviousData });
  const order = answer.data;
  const isPlaceholder = answer.isPlaceholderData;
  const details = order?.details ?? NO_LINES;
  const listTotal = sumLines(details.map((l) => ({ price: l.pricePay, qty: l.quantity })));
  // A times card pays by times: the server's count, once it answers for this choice (not a previous one's).
  const times = timesCardOf(selection) && order?.times !== undefined && !isPlaceholder ? order.times : undefined;
  return { methods, cards: (memberId && cards) || NO_CARDS, selection, total: order?.totalPrice ?? 0, listTotal, details, times };
}
