import { cardFeeOrderSource, cardOrderSource } from './card-order.ts';
import { courseOrderSource } from './course-order.ts';
import { gatePassSource } from './gate-passes.ts';
import { goodsSaleSource } from './goods-sale.ts';
import { leaseOrderSource } from './lease-order.ts';
import { lectureCheckSource } from './lecture-check.ts';
import { lectureOrderSource } from './lecture-order.ts';
import { memberCardSource } from './member-cards.ts';
import type { BoardSource } from './source.ts';
import { ticketCheckSource } from './ticket-check.ts';
import { ticketOrderSource, ticketTimeoutSource } from './ticket-order.ts';
import { voucherVerifySource } from './verifications.ts';

export type { BoardSource } from './source.ts';

/** Every capability's board source, one line each: a capability that lands adds its line here. */
export const BOARD_SOURCES: readonly BoardSource[] = [
  goodsSaleSource,
  leaseOrderSource,
  ticketOrderSource,
  ticketTimeoutSource,
  cardOrderSource,
  cardFeeOrderSource,
  lectureOrderSource,
  courseOrderSource,
  gatePassSource,
  voucherVerifySource,
  ticketCheckSource,
  lectureCheckSource,
  memberCardSource,
];
