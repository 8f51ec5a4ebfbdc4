import { fenToYuan, member } from '@venue/contract';
import type { PayableKind } from '../checkout/index.ts';
import type { CardFeeService } from './card-fee.service.ts';

type FeeOrderRow = NonNullable<Awaited<ReturnType<CardFeeService['find']>>>;
export interface CardFeeLine {
  quantity: number;
  price_orig_fen: number;
  name: string;
}
export type CardFeeKind = PayableKind<FeeOrderRow, CardFeeLine>;

/**
 * 延期 and 补卡 fee orders as the checkout pays them (cash, scan-code or any method of the venue; not
 * member cards). Paying one extends its cards or replaces its card inside the payment's transaction, so a
 * refusal (the card returned meanwhile, the new number taken) rolls the payment back.
 */
export function cardFeeKind(fees: CardFeeService): CardFeeKind {
  return {
    orderType: member.CARD_FEE_ORDER_TYPE,
    label: '延期补卡',
    orderName: '延期补卡订单',
    tradePrefix: 'CF',
    table: 'card_fee_order',
    paidOrderState: 'E',
    cardPayTypes: [],
    cardRefusal: '延期、补卡不能用会员卡支付',
    notFoundMessage: '延期补卡订单不存在',
    find: (tenantId, orderId, db) => fees.find(tenantId, orderId, db),
    async lines(tenantId, orderId, db) {
      const o = await fees.find(tenantId, orderId, db);
      if (!o) return [];
      const name =
        o.kind === 'REPLACE'
          ? `补卡 ${o.card_no} → ${o.new_card_no}`
          : o.card_count > 1
            ? `批量延期 ${o.card_count} 张 ${o.days}天`
            : `延期 ${o.card_no} ${o.days}天`;
      return [{ quantity: 1, price_orig_fen: o.price_pay_fen, name }];
    },
    toLine: (l) => ({ detailId: 1, goodsName: l.name, quantity: l.quantity, price: fenToYuan(l.price_orig_fen), pricePay: fenToYuan(l.price_orig_fen) }),
    async precheck(tenantId, order) {
      if (order.kind === 'REPLACE' && order.new_card_no) {
        await fees.assertFree(tenantId, order.new_card_no);
        if (order.phy_card_id) await fees.assertFree(tenantId, order.phy_card_id);
      }
    },
    fulfil: (trx, { userId, order, actor }) => fees.fulfil(trx, { ...actor, userId }, order),
  };
}
