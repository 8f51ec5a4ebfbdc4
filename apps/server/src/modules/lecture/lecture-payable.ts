import { fenToYuan, lecture } from '@venue/contract';
import { refuse } from '../../lib/errors.ts';
import type { OrderLineRow, PayableKind, PayableLineDto, RefundableKind } from '../checkout/index.ts';
import type { LectureOrderRow, LectureRepository } from './lecture.repository.ts';

type Line = OrderLineRow<'lecture_participant'> & { price_orig_fen: number };
export type LectureKind = PayableKind<LectureOrderRow, Line, PayableLineDto> & RefundableKind<LectureOrderRow>;

/**
 * A lecture sign-up as the checkout pays and refunds it: M cards only; once paid its participants can
 * be verified (A); a refund takes back only participants not verified yet, who become void (C), their
 * seats back to the session.
 */
export function lectureKind(repo: LectureRepository): LectureKind {
  return {
    orderType: lecture.LECTURE_ORDER_TYPE,
    label: '讲座报名',
    orderName: '讲座订单',
    tradePrefix: 'LC',
    table: 'lecture_order',
    lineTable: 'lecture_participant',
    paidOrderState: 'A',
    cardPayTypes: ['M'],
    cardRefusal: '计次卡、计时卡不能用于讲座报名',
    notFoundMessage: '讲座订单不存在',
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, db),
    lines: async (tenantId, orderId, db) => (await repo.lines(tenantId, [orderId], db)).map((p) => ({ ...p, quantity: 1, price_orig_fen: p.price_fen })),
    toLine: (l) => ({ detailId: l.id, goodsName: `讲座票 ${l.user_name}`, quantity: 1, price: fenToYuan(l.price_fen), pricePay: fenToYuan(l.price_fen) }),
    refundLines: async (tenantId, orderId, db) =>
      (await repo.lines(tenantId, [orderId], db)).map((p) => ({
        id: p.id,
        item_id: p.session_id,
        name: `讲座票 ${p.user_name}`,
        specs: '',
        unit: '人',
        quantity: 1,
        refunded_quantity: p.refunded_quantity,
        price_pay_fen: p.price_fen,
        // A verified participant is not refunded; a void one has nothing left.
        kept: p.refunded_quantity === 0 && p.state !== 'A',
      })),
    async fulfil(trx, { tenantId, order }) {
      await repo.makeUsable(trx, tenantId, order.id);
    },
    async restore(trx, { tenantId, order }, lines) {
      const ids = lines.map((l) => l.line_id);
      if ((await repo.voidUnused(trx, tenantId, order, ids)) !== ids.length) throw refuse('已核销的参会人不能退款');
    },
  };
}
