import { sale } from '@venue/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { StockService } from '../goods/stock.service.ts';
import type { LedgerService } from '../member-card/ledger.service.ts';
import type { PlannedPart } from './sale-pay-plan.ts';
import type { NewRecord, OrderRow } from './sale.repository.ts';

export interface PayContext {
  tenantId: number;
  userId: number;
  order: Pick<OrderRow, 'id' | 'venue_id' | 'warehouse_id'>;
}

/** Our trade number of a channel part: one per order and attempt, so asking the channel again names the same trade. */
export const outTradeNo = (tenantId: number, orderId: number, attempt: number) => `GS${tenantId}O${orderId}A${attempt}`;

export function recordOf(ctx: PayContext, attempt: number, p: PlannedPart, state: 'N' | 'P', nowIso: string, extra: Partial<NewRecord> = {}): NewRecord {
  return {
    tenant_id: ctx.tenantId,
    order_type: sale.SALE_ORDER_TYPE,
    order_id: ctx.order.id,
    attempt,
    pay_mode: p.payMode,
    pay_name: p.payName,
    pay_type: p.payType,
    card_id: p.cardId,
    consume_id: null,
    money_fen: p.moneyFen,
    out_trade_no: null,
    channel_trade_no: null,
    state,
    message: '',
    created_by: ctx.userId,
    created_at: nowIso,
    paid_at: state === 'P' ? nowIso : null,
    ...extra,
  };
}

/**
 * What a paid sale changes, inside the payment's transaction: the charge of every card part (the
 * member-card ledger) and the stock of every line (the goods module refuses to go below zero). Any
 * refusal throws and the caller's transaction rolls back whole. Every payment locks rows in one order
 * (its order, its cards by id, its goods by id), so concurrent sales cannot deadlock; the stock, the
 * rows every till shares, comes last, just before the commit, so its locks are held the shortest.
 */
export class SaleFulfilment {
  constructor(
    private readonly stock: Pick<StockService, 'applyStockChange'>,
    private readonly ledger: Pick<LedgerService, 'chargeCard'>,
  ) {}

  /** Charges the card parts; answers the ledger row id of each card. */
  async chargeCards(trx: Transaction<Database>, ctx: PayContext, cards: { cardId: number; moneyFen: number }[]) {
    const { tenantId, userId, order } = ctx;
    const consumed = new Map<number, number>();
    for (const card of [...cards].sort((a, b) => a.cardId - b.cardId)) {
      const row = await this.ledger.chargeCard(trx, {
        tenantId,
        cardId: card.cardId,
        amount: card.moneyFen,
        orderType: sale.SALE_ORDER_TYPE,
        orderId: order.id,
        userId,
        venueId: order.venue_id,
        remark: `商品销售 ${order.id}`,
      });
      consumed.set(card.cardId, row.id);
    }
    return consumed;
  }

  /** Takes the stock of every line; call it last in the transaction. */
  async takeStock(trx: Transaction<Database>, ctx: PayContext, lines: { goods_id: number; quantity: number }[]) {
    const { tenantId, userId, order } = ctx;
    for (const line of [...lines].sort((a, b) => a.goods_id - b.goods_id)) {
      await this.stock.applyStockChange(trx, {
        tenantId,
        goodsId: line.goods_id,
        warehouseId: order.warehouse_id,
        change: -line.quantity,
        reason: 'SALE',
        refId: order.id,
        userId,
        remark: `销售订单 ${order.id}`,
      });
    }
  }
}
