import { MARKETING_TEXTS } from '@venue/contract/marketing';
import { refuse } from '../../../lib/errors.ts';

/** What prepare is asked with: the voucher code, or the QR code's object id as `encrypted_data`. */
export type PrepareKey = { code: string } | { encrypted_data: string };

/** A Douyin voucher code: digits ("通常为 12 位数字"); anything longer or not digits is a QR code's object id. */
const PLAIN_CODE = /^\d{1,16}$/;
/** The query parameters a QR code's long link carries its object id in. */
const OBJECT_ID_PARAMS = ['object_id', 'encrypted_data'];
const MAX_HOPS = 5;
/**
 * A short link read by a barcode gun: the keyboard scanner drops ':' and '/' (spec 4), so
 * https://v.douyin.com/iRNBho6u/ arrives as "httpsv.douyin.comiRNBho6u".
 */
const GUN_SHORT_LINK = /^https?(v\.douyin\.com)([0-9A-Za-z_-]+)$/i;
/** The platform's own hosts a short link may lead through. */
const DOUYIN_HOSTS = [/(^|\.)douyin\.com$/, /(^|\.)iesdouyin\.com$/];

export interface LinkRules {
  /** Besides Douyin's https hosts, origins whose links may be followed (a test platform's own address). */
  origins: string[];
  /** The whole resolution's limit. */
  timeoutMs: number;
}

const objectIdIn = (url: URL) => OBJECT_ID_PARAMS.map((name) => url.searchParams.get(name)?.trim()).find((value): value is string => !!value);
const followable = (url: URL, rules: LinkRules) =>
  rules.origins.includes(url.origin) || (url.protocol === 'https:' && DOUYIN_HOSTS.some((host) => host.test(url.hostname)));
const unresolved = (why: string) => refuse(`抖音券二维码链接无法解析（${why}），请输入券码`);

/**
 * A customer's QR code is a short link (https://v.douyin.com/xxxx/) whose redirect leads to a long link
 * carrying the order's object id: the redirects are followed (Douyin's hosts only, within `timeoutMs`)
 * until a link carries it; the long link itself is never fetched.
 */
async function objectIdOfLink(link: URL, rules: LinkRules): Promise<string> {
  const signal = AbortSignal.timeout(rules.timeoutMs);
  let url = link;
  for (let hop = 0; ; hop++) {
    const id = objectIdIn(url);
    if (id) return id;
    if (!followable(url, rules)) throw refuse(MARKETING_TEXTS.notDouyinQr);
    if (hop === MAX_HOPS) throw unresolved('跳转次数过多');
    let response: Response;
    try {
      response = await fetch(url, { method: 'GET', redirect: 'manual', signal });
      await response.body?.cancel();
    } catch (error) {
      throw unresolved(signal.aborted ? '超时' : (error as Error).name);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) throw unresolved(`HTTP ${response.status}`);
    try {
      url = new URL(location, url);
    } catch {
      throw unresolved('跳转地址无效');
    }
  }
}

/** What the staff typed or scanned, as prepare takes it. */
export async function prepareKeyOf(typed: string, rules: LinkRules): Promise<PrepareKey> {
  const gun = GUN_SHORT_LINK.exec(typed.trim());
  const input = gun ? `https://${gun[1].toLowerCase()}/${gun[2]}/` : typed.trim();
  if (/^https?:\/\//i.test(input)) {
    let link: URL;
    try {
      link = new URL(input);
    } catch {
      throw refuse(MARKETING_TEXTS.notDouyinQr);
    }
    return { encrypted_data: await objectIdOfLink(link, rules) };
  }
  return PLAIN_CODE.test(input) ? { code: input } : { encrypted_data: input };
}
