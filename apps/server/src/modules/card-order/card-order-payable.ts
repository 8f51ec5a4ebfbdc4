import { member } from '@venue/contract';
import { fenToYuan } from '@venue/contract';
import type { Executor } from '../../db/database.ts';
import type { PayableKind } from '../checkout/index.ts';
import type { CardLifeService } from '../member-card/card-life.service.ts';
import type { CardOrderRepository, CardOrderRow } from './card-order.repository.ts';

/** A card order as the 收款 dialog sees it: one line, the card sold or the top-up. */
export interface CardOrderLine {
  quantity: number;
  price_orig_fen: number;
  name: string;
  /** The card type's validity, read with the order before the payment's transaction (a sale issues the card with it). */
  validity: { days: number; months: number; start: 'O' | 'S' };
}

export type CardOrderKind = PayableKind<CardOrderRow, CardOrderLine>;

/**
 * 办卡 and 充值 as the checkout pays them: cash, scan-code or any method of the venue, not member
 * cards. A paid sale issues the card (its OPEN ledger row carries the value and bonus); a paid top-up
 * credits the card (RECHARGE row). Both inside the payment's transaction: a refusal (the number taken
 * meanwhile, the card lost meanwhile) rolls the whole payment back.
 */
export function cardOrderKind(repo: CardOrderRepository, life: CardLifeService): CardOrderKind {
  const lineOf = async (tenantId: number, orderId: number, db?: Executor): Promise<CardOrderLine[]> => {
    const o = await repo.detailed(tenantId, orderId, db);
    if (!o) return [];
    const name = o.kind === 'SALE' ? `办卡 ${o.type_name} ${o.card_no}` : `${o.pay_type === 'T' ? '加次' : '充值'} ${o.card_no}`;
    return [{ quantity: 1, price_orig_fen: o.price_pay_fen, name, validity: { days: o.valid_days, months: o.valid_months, start: o.valid_start } }];
  };
  return {
    orderType: member.CARD_ORDER_TYPE,
    label: '办卡充值',
    orderName: '售卡充值订单',
    tradePrefix: 'CO',
    table: 'card_order',
    paidOrderState: 'E',
    cardPayTypes: [],
    cardRefusal: '办卡、充值不能用会员卡支付',
    notFoundMessage: '售卡充值订单不存在',
    find: (tenantId, orderId, db) => repo.findPayable(tenantId, orderId, db),
    lines: (tenantId, orderId, db) => lineOf(tenantId, orderId, db),
    toLine: (l) => ({ detailId: 1, goodsName: l.name, quantity: l.quantity, price: fenToYuan(l.price_orig_fen), pricePay: fenToYuan(l.price_orig_fen) }),
    async precheck(tenantId, order) {
      // Before a channel takes the money: the card still has room for it (another top-up may have come first).
      const payType = (await repo.detailed(tenantId, order.id))?.pay_type ?? 'M';
      await life.assertRoom(
        tenantId,
        order.kind === 'RECHARGE' ? order.card_id : null,
        payType,
        order.amount + order.bonus,
        order.kind === 'RECHARGE' ? 'RECHARGE' : 'OPEN',
      );
      if (order.kind === 'SALE') {
        await life.assertNumberFree(tenantId, order.card_no);
        if (order.phy_card_id) await life.assertNumberFree(tenantId, order.phy_card_id);
      }
    },
    async fulfil(trx, { tenantId, userId, order }, lines) {
      const base = { tenantId, userId, orderType: member.CARD_ORDER_TYPE, orderId: order.id };
      if (order.kind === 'RECHARGE') {
        await life.recharge(trx, { ...base, cardId: order.card_id!, amount: order.amount + order.bonus, remark: `充值订单 ${order.id}` });
        return;
      }
      const { validity } = lines[0];
      const cardId = await life.issue(trx, {
        ...base,
        cardNo: order.card_no,
        phyCardId: order.phy_card_id,
        memberId: order.member_id!,
        cardTypeId: order.card_type_id,
        venueId: null,
        openNow: order.open_now === 'T',
        amount: order.amount + order.bonus,
        validDays: validity.days,
        validMonths: validity.months,
        validStart: validity.start,
        remark: order.remark,
      });
      await repo.setCard(trx, tenantId, order.id, cardId);
    },
  };
}
