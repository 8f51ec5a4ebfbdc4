import Decimal from 'decimal.js';
import * as member from '@venue/contract/member';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';

/**
 * What 延期 and 补卡 will cost, from the card types (member/cardType/all), for the dialogs to say before
 * confirming (the server's fee order charges the same: days × 延期每天价格 per card, the type's 补卡费).
 */
export function useCardTypeFees(enabled = true) {
  const types = useApiQuery(member.cardTypes, {}, { enabled }).data;
  const typeOf = (cardTypeId: number) => types?.find((t) => t.cardTypeId === cardTypeId);
  return {
    /** '0.00' yuan for extending `cards` by `days`; null until the types are in. */
    extendFee(cards: { cardTypeId: number }[], days: number | null | undefined): string | null {
      if (!types || !days) return null;
      return formatYuan(cards.reduce((sum, c) => sum.plus(new Decimal(typeOf(c.cardTypeId)?.extendDayPrice ?? 0).times(days)), new Decimal(0)));
    },
    replaceFee: (cardTypeId: number): string | null => (types ? formatYuan(typeOf(cardTypeId)?.replaceFee ?? 0) : null),
  };
}
