import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { formatDate } from '@/lib/format';

/** Spec 8 card-state warnings, by state (the contract's texts, shared with the server). */
export const STATE_WARNINGS: Partial<Record<Card['state'], string>> = member.CARD_STATE_MESSAGES;
export const {
  unusable: STATE_UNUSABLE,
  inBlacklist: IN_BLACKLIST,
  openQuestion: OPEN_CARD_QUESTION,
  notFound: CARD_NOT_FOUND,
  lookupFailed: CARD_LOOKUP_FAILED,
} = member.CARD_MESSAGES;

export const STATE_LABELS = member.CARD_STATE_LABELS;

export interface CardVerdict {
  /** Ask whether to open the card first (isOpened F, state A). */
  needsOpening: boolean;
  /** Warnings to show, in order. */
  warnings: string[];
  /** Whether the card may be used for what is asked. */
  usable: boolean;
}

/**
 * Spec 4 "Member card states": A passes silently; L, R, C, B, E warn; a blacklisted card warns;
 * for a purchase or rental only A and B may be chosen (others: 当前卡状态不可用).
 */
export function judgeCard(card: Pick<Card, 'state' | 'isOpened' | 'isInBlack'>, purpose: 'purchase' | 'view' = 'purchase'): CardVerdict {
  const warnings: string[] = [];
  const specific = STATE_WARNINGS[card.state];
  if (specific) warnings.push(specific);
  if (card.isInBlack) warnings.push(IN_BLACKLIST);
  const selectable = (member.SELECTABLE_CARD_STATES as readonly string[]).includes(card.state);
  if (purpose === 'purchase' && !selectable && !specific) warnings.push(STATE_UNUSABLE);
  return {
    needsOpening: card.isOpened === 'F' && card.state === 'A',
    warnings,
    usable: purpose === 'view' || selectable,
  };
}

/** Balance with its unit: 元 for stored value, 次 for count cards; period cards show their validity. */
export function balanceText(card: Pick<Card, 'payType' | 'balance' | 'useEndTime'>): string {
  if (card.payType === 'M') return `${card.balance.toFixed(2)} 元`;
  if (card.payType === 'T') return `${card.balance} 次`;
  return card.useEndTime ? `有效期至 ${formatDate(card.useEndTime)}` : '长期有效';
}

/** Search type -> the query field of member/card/all (spec 5: 2 card, 3 name, 4 phone, else fuzzy). */
export function searchQuery(type: string, keyword: string) {
  const k = keyword.trim();
  if (type === member.SEARCH_TYPES.cardNo) return { cardNoOrId: k };
  if (type === member.SEARCH_TYPES.memberName) return { memberName: k };
  if (type === member.SEARCH_TYPES.phone) return { phone: k };
  return { blurryKeyword: k };
}
