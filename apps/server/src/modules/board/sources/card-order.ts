import { member } from '@venue/contract';
import { payableRevenue } from './payable-revenue.ts';
import type { BoardSource } from './source.ts';

/** 会员卡售卡: paid card orders (a card sold, a top-up) and their refunds. */
export const cardOrderSource: BoardSource = { capability: 'cardSale', revenue: payableRevenue('cardSale', member.CARD_ORDER_TYPE, 'card_order') };
