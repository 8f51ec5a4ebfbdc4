import type { Certificate, VoucherLookup } from '@venue/contract/marketing';
import { MARKETING_TEXTS } from '@venue/contract/marketing';

/** 2 代金券: not open at the desk (spec 4). */
export const CASH_VOUCHER = 2;

/** The voucher sources of the certificate tab: only the short-video platform's can be chosen (spec 2.8). */
export const SOURCES = [
  { value: 'douyin', label: '短视频平台券', notice: null },
  { value: 'venue', label: '场馆券', notice: '场馆券暂不支持在此核销，请到营销管理中处理' },
  { value: 'groupon', label: '团购平台券', notice: '团购平台券暂未接入，请使用短视频平台券' },
] as const;

/** "可用 N 张，已选 M 张" */
export const countLine = (certificates: readonly Certificate[]) => `可用 ${certificates.length} 张，已选 ${certificates.filter((c) => c.checked).length} 张`;

/** The warning of a lookup that found nothing usable, or null. */
export function lookupWarning(found: VoucherLookup): string | null {
  if (found.certificates.length === 0)
    return found.description && found.errorCode !== 0 ? `${MARKETING_TEXTS.noVoucher}（${found.description}）` : MARKETING_TEXTS.noVoucher;
  if (found.certificates.every((c) => c.sku.grouponType === CASH_VOUCHER)) return MARKETING_TEXTS.typeNotOpen;
  return null;
}

/**
 * Ticks or unticks one voucher, known by its encrypted code (the platform answers no plain code before
 * verifying); a cash voucher (type 2) is never ticked: the caller shows 该类型券暂未开放.
 */
export function toggle(found: VoucherLookup, encryptedCode: string, checked: boolean): { next: VoucherLookup; refused: string | null } {
  const target = found.certificates.find((c) => c.encryptedCode === encryptedCode);
  if (target?.sku.grouponType === CASH_VOUCHER) return { next: found, refused: MARKETING_TEXTS.typeNotOpen };
  return { next: { ...found, certificates: found.certificates.map((c) => (c.encryptedCode === encryptedCode ? { ...c, checked } : c)) }, refused: null };
}

/** A found order ticks its single voucher at once (the common case: one voucher held up). */
export function withDefaults(found: VoucherLookup): VoucherLookup {
  const usable = found.certificates.filter((c) => c.sku.grouponType !== CASH_VOUCHER);
  return usable.length === 1 ? { ...found, certificates: found.certificates.map((c) => ({ ...c, checked: c === usable[0] })) } : found;
}
