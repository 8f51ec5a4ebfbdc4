import { fenToYuan, lecture } from '@venue/contract';
import type { PayableKind, PayableLineDto } from '../checkout/index.ts';
import type { LectureOrderRow, LectureRepository, ParticipantRow } from './lecture.repository.ts';

type Line = ParticipantRow & { quantity: number; price_orig_fen: number };
export type LectureKind = PayableKind<LectureOrderRow, Line, PayableLineDto>;

/** A lecture sign-up as the checkout pays it: M cards only; once paid its participants can be verified (A). */
export function lectureKind(repo: LectureRepository): LectureKind {
  return {
    orderType: lecture.LECTURE_ORDER_TYPE,
    label: '讲座报名',
    orderName: '讲座订单',
    tradePrefix: 'LC',
    table: 'lecture_order',
    paidOrderState: 'A',
    cardPayTypes: ['M'],
    cardRefusal: '计次卡、计时卡不能用于讲座报名',
    notFoundMessage: '讲座订单不存在',
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, db),
    lines: async (tenantId, orderId, db) => (await repo.participants(tenantId, [orderId], db)).map((p) => ({ ...p, quantity: 1, price_orig_fen: p.price_fen })),
    toLine: (l) => ({ detailId: l.id, goodsName: `讲座票 ${l.user_name}`, quantity: 1, price: fenToYuan(l.price_fen), pricePay: fenToYuan(l.price_fen) }),
    async fulfil(trx, { tenantId, order }) {
      await repo.makeUsable(trx, tenantId, order.id);
    },
  };
}
