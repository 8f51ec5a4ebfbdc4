import { App } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { Code } from '@venue/contract/common/codes';
import { ApiError, callApi } from '@/lib/http';
import { notify } from '@/lib/notify';
import { CARD_LOOKUP_FAILED, CARD_NOT_FOUND, judgeCard, OPEN_CARD_QUESTION } from './card-rules';

/** Looks a card up by number, id or physical id; shows 438's msg (unless `quiet`: the caller says what was not found), or 会员卡信息查询失败. */
export async function lookupCard(code: string, { quiet = false } = {}): Promise<Card | null> {
  try {
    return await callApi(member.getByCardId, { query: { cardId: code } }, { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.CARD_LOOKUP_FAILED) {
      if (!quiet) notify.warning(error.message || CARD_NOT_FOUND);
    } else notify.warning(CARD_LOOKUP_FAILED);
    return null;
  }
}

/**
 * Spec 4 card handling: an unopened A card asks 该卡尚未开卡，确定现在开卡么？ and opens it (开卡成功,
 * then reloads it); state and blacklist warnings; answers the card when it may be used, else null.
 */
export function useCardHandler() {
  const { modal } = App.useApp();
  return async function handle(card: Card, purpose: 'purchase' | 'view' = 'purchase'): Promise<Card | null> {
    let current = card;
    if (judgeCard(current, purpose).needsOpening) {
      const confirmed = await modal.confirm({ title: '提示', content: OPEN_CARD_QUESTION, okText: '确定', cancelText: '取消' });
      if (!confirmed) return null;
      try {
        await callApi(member.openCard, { body: { cardId: current.cardId } }, { quiet: true });
      } catch (error) {
        notify.warning(error instanceof Error ? error.message : CARD_LOOKUP_FAILED);
        return null;
      }
      notify.success(member.CARD_MESSAGES.opened);
      const reloaded = await lookupCard(current.cardNo);
      if (!reloaded) return null;
      current = reloaded;
    }
    const verdict = judgeCard(current, purpose);
    verdict.warnings.forEach((w) => notify.warning(w));
    return verdict.usable ? current : null;
  };
}
