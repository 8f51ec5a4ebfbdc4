import { member } from '@venue/contract';
import type { BoardSource } from './source.ts';

/** 会员卡售卡: paid card orders (a card sold, a top-up) and their refunds. */
export const cardOrderSource: BoardSource = { capability: 'cardSale', payable: { orderType: member.CARD_ORDER_TYPE, table: 'card_order' } };

/** 会员卡续期补卡: paid fee orders (a card's term extended, a lost card replaced) and their refunds. */
export const cardFeeOrderSource: BoardSource = { capability: 'cardFee', payable: { orderType: member.CARD_FEE_ORDER_TYPE, table: 'card_fee_order' } };
