/** Masking for display (spec 5). Values too short to mask come back unchanged. */

/** 13812345678 -> 138****5678: keeps the first 3 digits and those after the 7th. */
export const maskMobile = (value?: string | null): string => (value ?? '').replace(/^(\d{3})\d{4}/, '$1****');

/** abcdef@x.com -> abc***@x.com: keeps the first 3 characters of the local part. */
export function maskEmail(value?: string | null): string {
  const text = value ?? '';
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  return `${text.slice(0, Math.min(at, 3))}***${text.slice(at)}`;
}

/** Member card numbers: first 4 and last 4 kept with stars between; up to 8 characters only the last 4 stay. */
export function maskCardNo(value?: string | null): string {
  const text = value ?? '';
  if (text.length <= 4) return text;
  if (text.length <= 8) return '*'.repeat(text.length - 4) + text.slice(-4);
  return text.slice(0, 4) + '*'.repeat(text.length - 8) + text.slice(-4);
}
