import { cardDiscount, Code, fenToYuan, payment, yuanToFen, type BodyOut, sale, Msg } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, refuse } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { CardService } from '../member-card/card.service.ts';
import type { ChannelRegistry } from '../payment/channel-registry.ts';
import type { PaymentMethodService } from '../payment/payment-method.service.ts';
import { ChannelPayFlow, PAY_FAILED_MSG } from './sale-channel-pay.ts';
import { outTradeNo, recordOf, type PayContext, type SaleFulfilment } from './sale-fulfil.ts';
import type { SaleOrderService } from './sale-order.service.ts';
import { GOODS_CARD_TYPES_ONLY, planPayment, type PayBody, type PayPlan } from './sale-pay-plan.ts';
import { listTotalFen } from './sale-pricing.ts';
import type { OrderRow, SaleRepository } from './sale.repository.ts';

export interface SalePayDeps {
  db: Kysely<Database>;
  repo: SaleRepository;
  orders: SaleOrderService;
  cards: CardService;
  methods: PaymentMethodService;
  channels: ChannelRegistry;
  fulfil: SaleFulfilment;
  clock: Clock;
}

/** Thrown inside a payment transaction that found the order already taken by another request: rolls it back. */
const TAKEN = Symbol('order taken');

/**
 * payOrder and member/card/payWithOrder. Idempotent per order: a paid order answers its paid result
 * and charges nothing; two payments of one order racing each other charge once (the conditional
 * update of the order is the first statement of the payment's transaction).
 */
export class SalePayService {
  private readonly channelFlow: ChannelPayFlow;

  constructor(private readonly deps: SalePayDeps) {
    this.channelFlow = new ChannelPayFlow(deps);
  }

  async pay(s: UserSession, body: PayBody) {
    const { orders } = this.deps;
    let order = await orders.orderOfUser(s, body.orderId);
    if (order.pay_state === 'P') return orders.payResult(s.tenantId, order.id);
    if (order.pay_state === 'N') {
      const settled = await this.channelFlow.settle(s, order);
      if (settled) return settled;
      order = await orders.orderOfUser(s, body.orderId);
      if (order.pay_state === 'P') return orders.payResult(s.tenantId, order.id);
    }
    if (order.pay_state !== 'U' && order.pay_state !== 'F') throw refuse(sale.ORDER_CLOSED_MSG);
    const plan = await planPayment(this.deps, s.tenantId, order, body);
    return plan.remote ? this.channelFlow.pay(s, order, plan) : this.payAtOnce(s, order, plan);
  }

  /** Cash-like methods and cards: the whole sale in one transaction. */
  private async payAtOnce(s: UserSession, order: OrderRow, plan: PayPlan) {
    const { db, repo, fulfil, orders } = this.deps;
    const ctx: PayContext = { tenantId: s.tenantId, userId: s.userId, order };
    const nowIso = iso(this.deps.clock.now());
    try {
      await db.transaction().execute(async (trx) => {
        const attempt = await repo.markPaid(trx, s.tenantId, order.id, {
          nowIso,
          priceFen: plan.totalFen,
          payMode: plan.mode,
          memberId: plan.memberId,
          remark: plan.remark,
        });
        if (attempt === null) throw TAKEN;
        const cards = plan.parts.filter((p) => p.cardId !== null).map((p) => ({ cardId: p.cardId!, moneyFen: p.moneyFen }));
        const consumed = await fulfil.chargeCards(trx, ctx, cards);
        const records = [];
        for (const p of plan.parts) {
          if (p.channel) {
            const answer = await p.channel.pay({
              tenantId: s.tenantId,
              orderNo: outTradeNo(s.tenantId, order.id, attempt),
              amountFen: p.moneyFen,
              authCode: p.authCode,
            });
            if (answer.state !== 'PAID') throw new BizError(Code.PAY_FAILED, PAY_FAILED_MSG);
          }
          records.push(recordOf(ctx, attempt, p, 'P', nowIso, p.cardId ? { consume_id: consumed.get(p.cardId) } : {}));
        }
        await repo.insertRecords(trx, records);
        await fulfil.takeStock(trx, ctx, plan.lines);
      });
    } catch (error) {
      if (error === TAKEN) return orders.answerTakenOrder(s.tenantId, order.id);
      throw error;
    }
    return orders.payResult(s.tenantId, order.id);
  }

  /**
   * Pays an order with the member's cards only: M cards in the order given, each up to its balance and
   * at its own discount, until the order is settled.
   */
  async payWithCards(s: UserSession, b: BodyOut<typeof sale.payWithOrder>) {
    const order = await this.deps.orders.orderOfUser(s, b.orderId);
    if (order.pay_state === 'P') return this.deps.orders.payResult(s.tenantId, order.id);
    const cards = await this.deps.cards.byIds(s.tenantId, b.cardIds);
    if (cards.some((c) => c.payType !== 'M')) throw refuse(GOODS_CARD_TYPES_ONLY);
    const listFen = listTotalFen(await this.deps.repo.lines(s.tenantId, [order.id]));
    const split = cardDiscount.splitOverCards(
      listFen,
      cards.map((c) => ({ balanceFen: yuanToFen(c.balance), perMille: cardDiscount.perMilleOf(c) })),
    );
    if (split.restFen > 0) throw new BizError(Code.PAY_FAILED, Msg.cardBalanceShort);
    const parts: payment.PayRequest['payDetails'] = cards
      .map((card, i) => ({ payMode: payment.CARD_PAY, payType: 'M', authCode: String(card.cardId), money: fenToYuan(split.cardFen[i]) }))
      .filter((_, i) => split.cardFen[i] > 0);
    const money = fenToYuan(split.dueFen);
    const body: PayBody =
      parts.length === 1
        ? { ...parts[0], orderId: order.id, memberId: b.memberId, money }
        : { payMode: payment.COMPOSE_PAY, orderId: order.id, memberId: b.memberId, money, payDetails: parts };
    return this.pay(s, body);
  }
}
