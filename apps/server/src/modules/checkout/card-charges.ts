import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { LedgerService } from '../member-card/ledger.service.ts';
import type { PayableKind, PayContext } from './payable.ts';

/**
 * The card parts of a payment, inside its transaction: each card charged through the member-card ledger
 * (which refuses an unusable card or a short balance, and never goes below zero). Cards are charged in
 * id order, so concurrent payments lock them in one order and cannot deadlock.
 */
export class CardCharges {
  constructor(private readonly ledger: Pick<LedgerService, 'chargeCard'>) {}

  /**
   * Charges the card parts (`amount`: fen, or times of a times card; `itemId`: the item the card's type
   * must cover); answers the ledger row of each card (its id, the balance after the charge).
   */
  async charge(
    trx: Transaction<Database>,
    kind: Pick<PayableKind, 'orderType' | 'label'>,
    ctx: PayContext,
    cards: { cardId: number; amount: number; itemId?: number }[],
  ) {
    const { tenantId, userId, order } = ctx;
    const consumed = new Map<number, { id: number; balance_after: number }>();
    for (const card of [...cards].sort((a, b) => a.cardId - b.cardId)) {
      const row = await this.ledger.chargeCard(trx, {
        tenantId,
        cardId: card.cardId,
        amount: card.amount,
        itemId: card.itemId,
        orderType: kind.orderType,
        orderId: order.id,
        userId,
        venueId: order.venue_id,
        remark: `${kind.label} ${order.id}`,
      });
      consumed.set(card.cardId, { id: row.id, balance_after: row.balance_after });
    }
    return consumed;
  }
}
