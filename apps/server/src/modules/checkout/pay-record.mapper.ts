import { fenToYuan, type payment } from '@venue/contract';
import type { z } from 'zod';
import type { RecordRow } from './payable.repository.ts';

type PayRecord = z.infer<typeof payment.payRecord>;

/** A pay record as orders and receipts show it (payRecord of spec 3: payMode, payType, source, cardBalance). */
export const toPayRecord = (r: RecordRow): PayRecord => ({
  payMode: r.pay_mode,
  payName: r.pay_name,
  payType: r.pay_type,
  money: fenToYuan(r.money_fen),
  source: r.card_id ? 'card' : 'system',
  cardId: r.card_id,
  cardNo: r.card_no,
  // A times card's balance is times; a stored-value card's fen.
  cardBalance: r.balance_after === null ? null : r.pay_type === 'T' ? r.balance_after : fenToYuan(r.balance_after),
  state: r.state,
  payTime: r.paid_at ?? r.created_at,
});

/** The records an order shows: the parts paid, or those still waiting for the channel (not failed or refunded attempts). */
export const shownRecord = (r: RecordRow) => r.state === 'P' || r.state === 'N';
