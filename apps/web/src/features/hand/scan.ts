import type { Card, Hand, HandOrder } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import { codesOf } from '@venue/contract/common/access';
import { lookupCard } from '@/features/member-card';
import { callApi } from '@/lib/http';
import { notify } from '@/lib/notify';
import { allows } from '@/lib/permission';
import { useSession } from '@/lib/session';

/** 没有该手牌或会员信息 (spec 8): a scanned code that is neither a wristband nor a member card. */
export const NOTHING_FOUND = '没有该手牌或会员信息';

export type ScanFound = { kind: 'hand'; hand: Hand; order: HandOrder | null } | { kind: 'card'; card: Card };

/**
 * Spec 4's scan path: the code as a wristband first (a lookup that is not 200 shows the server's msg
 * and stops), then as a member card; neither: 没有该手牌或会员信息. Answers what was found, or null
 * (the warning already shown; the sale dialog, where a code may also be a barcode, says which code).
 * A user without 手牌管理's codes cannot look bands up: the code is tried as a card only.
 */
export async function lookupHandOrCard(code: string, nothingFound = NOTHING_FOUND): Promise<ScanFound | null> {
  const { roles, permissions } = useSession.getState();
  if (allows(codesOf(hand.lookup.access), roles, permissions)) {
    try {
      const band = await callApi(hand.lookup, { query: { id: code } }, { quiet: true });
      if (band) return { kind: 'hand', ...band };
    } catch (error) {
      notify.warning(error instanceof Error && error.message ? error.message : NOTHING_FOUND);
      return null;
    }
  }
  const card = await lookupCard(code, { quiet: true });
  if (card) return { kind: 'card', card };
  notify.warning(nothingFound);
  return null;
}
