import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';

/**
 * WeChat Pay API v2 (付款码支付 is only on v2): XML bodies signed with the merchant's API key. The
 * documented signature: the non-empty fields but `sign`, sorted by name, as `k=v&k=v`, then `&key=KEY`;
 * MD5 or HMAC-SHA256 (with `sign_type=HMAC-SHA256`), upper-case hex. Answers are signed the same way.
 */
export type WxSignType = 'MD5' | 'HMAC-SHA256';
export type WxFields = Record<string, string>;

export function wxSign(fields: WxFields, key: string, type: WxSignType): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const plain = `${text}&key=${key}`;
  const digest = type === 'MD5' ? createHash('md5').update(plain, 'utf8') : createHmac('sha256', key).update(plain, 'utf8');
  return digest.digest('hex').toUpperCase();
}

/** Whether the fields carry a valid signature of `key` (an answer without one never verifies). */
export function wxVerify(fields: WxFields, key: string, type: WxSignType): boolean {
  if (!fields.sign) return false;
  const expected = Buffer.from(wxSign(fields, key, type));
  const given = Buffer.from(fields.sign.toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const nonce = () => randomBytes(16).toString('hex');

const cdata = (v: string) => `<![CDATA[${v.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
export function toXml(fields: WxFields): string {
  return `<xml>${Object.entries(fields)
    .filter(([, v]) => v !== '' && v !== undefined)
    .map(([k, v]) => `<${k}>${/^[\w.-]*$/.test(v) ? v : cdata(v)}</${k}>`)
    .join('')}</xml>`;
}

const parser = new XMLParser({ parseTagValue: false, trimValues: false, processEntities: true, ignoreDeclaration: true });
/** The flat fields of an XML answer, every value a string; null when it is not such XML. */
export function fromXml(text: string): WxFields | null {
  try {
    const doc = parser.parse(text) as { xml?: Record<string, unknown> };
    if (!doc?.xml || typeof doc.xml !== 'object') return null;
    return Object.fromEntries(Object.entries(doc.xml).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? String(v) : '']));
  } catch {
    return null;
  }
}
