import { lecture } from '@venue/contract';
import type { BoardSource } from './source.ts';

/** 讲座活动: paid lecture sign-ups and their refunds. */
export const lectureOrderSource: BoardSource = { capability: 'lecture', payable: { orderType: lecture.LECTURE_ORDER_TYPE, table: 'lecture_order' } };
