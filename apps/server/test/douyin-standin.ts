import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Douyin's local-life voucher API written from its documentation and two public SDKs'
 * models (shared notes, integrations.md, "Checked against the platforms' documentation"), not from our
 * adapter: client_token (JSON body; `data` + `message`; only the latest two tokens of a key valid),
 * certificate prepare / verify / cancel / get in the envelope `{ data: {..., error_code, description},
 * extra: {error_code, description, sub_error_code, sub_description, logid, now} }`, and a customer's QR
 * short link that redirects to a long link carrying the order's object_id.
 *
 * As documented: prepare answers no plain code and no certificate id, only encrypted codes (fresh ones
 * on every prepare, about 90 characters of base64 with + / =); verify answers each result under the code
 * it was sent, with origin_code and the certificate_id cancel needs; prepare and verify go one to one
 * (a verify takes only the encrypted codes of its token's prepare).
 */
export interface StandinVoucher {
  code: string;
  certificateId: string;
  orderId: string;
  skuId: string;
  title: string;
  grouponType: number;
  originalFen: number;
  payFen: number;
  /** seconds */
  expireTime: number;
  verify: { verifyId: string; at: number } | null;
}

export interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The logid the stand-in answered with ('' for none). */
  logid: string;
}

type Reply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };

export const STANDIN_PATHS = {
  token: '/oauth/client_token/',
  prepare: '/goodlife/v1/fulfilment/certificate/prepare/',
  verify: '/goodlife/v1/fulfilment/certificate/verify/',
  cancel: '/goodlife/v1/fulfilment/certificate/cancel/',
  get: '/goodlife/v1/fulfilment/certificate/get/',
} as const;

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const newLogid = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14) + randomBytes(10).toString('hex').toUpperCase();

export class DouyinStandin {
  readonly seen: Seen[] = [];
  /** How verify and get write verify_time: the SDKs disagree (seconds in one, milliseconds in another's sample). */
  verifyTimeUnit: 'seconds' | 'milliseconds' = 'seconds';
  private readonly vouchers: StandinVoucher[] = [];
  private readonly objectIds = new Map<string, string>();
  private readonly shortLinks = new Map<string, string>();
  private readonly encrypted = new Map<string, StandinVoucher>();
  private readonly prepares = new Map<string, { orderId: string; codes: Set<string> }>();
  /** Issued tokens, newest last; `expired` holds the code a token is now refused with. */
  private readonly tokens: { value: string; expired: number | null }[] = [];
  private readonly replies = new Map<string, Reply[]>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly credentials: { clientKey: string; clientSecret: string; poiId: string },
  ) {}

  static async start(credentials: { clientKey: string; clientSecret: string; poiId: string }): Promise<DouyinStandin> {
    const ready: { standin?: DouyinStandin } = {};
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => ready.standin!.handle(req, text, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ready.standin = new DouyinStandin(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, credentials);
    return ready.standin;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** An order of vouchers on the platform; answers its object id (what the customer's QR code leads to). */
  addOrder(vouchers: Omit<StandinVoucher, 'certificateId' | 'orderId' | 'verify' | 'expireTime'>[]): { orderId: string; objectId: string } {
    const orderId = `10${digits(17)}`;
    for (const v of vouchers)
      this.vouchers.push({ ...v, orderId, certificateId: `70${digits(17)}`, expireTime: Math.floor(Date.now() / 1000) + 90 * 86400, verify: null });
    const objectId = randomBytes(24).toString('base64url');
    this.objectIds.set(objectId, orderId);
    return { orderId, objectId };
  }

  /** The customer's QR code for an object id: a short link that redirects twice before naming it. */
  shortLinkOf(objectId: string) {
    const slug = randomBytes(5).toString('hex');
    this.shortLinks.set(slug, objectId);
    return `${this.url}/s/${slug}/`;
  }

  voucher(code: string) {
    return this.vouchers.find((v) => v.code === code)!;
  }

  /** Every token issued so far is refused from now on with this code (28001008 now, 2190008 before). */
  expireTokens(code: number) {
    for (const t of this.tokens) t.expired = code;
  }

  /** The next answer of a path is this one (an answer the documentation does not describe). */
  replyOnce(path: string, reply: Reply) {
    this.replies.set(path, [...(this.replies.get(path) ?? []), reply]);
  }

  calls(path: string) {
    return this.seen.filter((s) => s.path === path);
  }

  private envelope(data: Record<string, unknown>, code = 0, description = 'success') {
    const logid = newLogid();
    return {
      logid,
      json: {
        data: { ...data, error_code: code, description },
        extra: { error_code: code, description, sub_error_code: 0, sub_description: description, logid, now: Date.now() },
      },
    };
  }

  private handle(req: IncomingMessage, text: string, res: ServerResponse) {
    const url = new URL(req.url!, this.url);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const seen: Seen = { method: req.method!, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body, logid: '' };
    this.seen.push(seen);
    const send = ({ status = 200, json, text: raw, headers = {} }: Reply) =>
      res.writeHead(status, { 'content-type': raw === undefined ? 'application/json' : 'text/html', ...headers }).end(raw ?? JSON.stringify(json));

    const scripted = this.replies.get(url.pathname)?.shift();
    if (scripted) {
      seen.logid = String((scripted.json as { extra?: { logid?: string } } | undefined)?.extra?.logid ?? scripted.headers?.['x-tt-logid'] ?? '');
      return send(scripted);
    }
    const short = /^\/s\/([0-9a-f]+)\/$/.exec(url.pathname);
    if (req.method === 'GET' && short && this.shortLinks.has(short[1])) return send({ status: 302, headers: { location: `/share/${short[1]}?from=qrcode` } });
    const share = /^\/share\/([0-9a-f]+)$/.exec(url.pathname);
    if (req.method === 'GET' && share && this.shortLinks.has(share[1])) {
      const long = `https://life.douyin.com/verify/coupon?object_id=${encodeURIComponent(this.shortLinks.get(share[1])!)}&source=share`;
      return send({ status: 302, headers: { location: long } });
    }

    const answer = this.answer(req.method!, url.pathname, Object.fromEntries(url.searchParams), body, req.headers);
    if (!answer) return send({ status: 404, json: { message: 'not found' } });
    seen.logid = answer.logid;
    return send({ json: answer.json });
  }

  private answer(method: string, path: string, query: Record<string, string>, body: unknown, headers: IncomingMessage['headers']) {
    const input = (body ?? {}) as Record<string, unknown>;
    const json = String(headers['content-type'] ?? '').startsWith('application/json');
    if (method === 'POST' && path === STANDIN_PATHS.token) {
      const { clientKey, clientSecret } = this.credentials;
      if (!json || input.grant_type !== 'client_credential')
        return { logid: '', json: { data: { error_code: 10002, description: '参数错误' }, message: 'error' } };
      if (input.client_key !== clientKey || input.client_secret !== clientSecret)
        return { logid: '', json: { data: { error_code: 10013, description: 'client_key 或者 client_secret 报错' }, message: 'error' } };
      const value = `clt.${randomBytes(24).toString('hex')}`;
      this.tokens.push({ value, expired: null });
      return { logid: '', json: { data: { access_token: value, description: '', error_code: 0, expires_in: 7200 }, message: 'success' } };
    }
    const known = Object.values(STANDIN_PATHS) as string[];
    if (!known.includes(path)) return null;
    // Only the latest two client tokens of a key are valid at once.
    const token = this.tokens.slice(-2).find((t) => t.value === headers['access-token']);
    if (!token || token.expired) return this.envelope({}, token?.expired ?? 28001008, 'access_token无效或已过期');

    if (method === 'GET' && path === STANDIN_PATHS.prepare) return this.prepare(query);
    if (method === 'POST' && path === STANDIN_PATHS.verify && json) return this.verify(input);
    if (method === 'POST' && path === STANDIN_PATHS.cancel && json) return this.cancel(input);
    if (method === 'GET' && path === STANDIN_PATHS.get) return this.get(query);
    return this.envelope({}, 10002, '参数错误');
  }

  private verifyTime(at: number) {
    return this.verifyTimeUnit === 'seconds' ? Math.floor(at / 1000) : at;
  }

  private prepare(query: Record<string, string>) {
    if (query.poi_id !== this.credentials.poiId) return this.envelope({}, 10002, '参数错误：poi_id');
    // encrypted_data wins when both are sent.
    const orderId = query.encrypted_data ? this.objectIds.get(query.encrypted_data) : this.vouchers.find((v) => v.code === query.code)?.orderId;
    if (!orderId) return this.envelope({}, 13000, query.encrypted_data ? '参数错误,请刷新二维码' : '无券信息');
    const unused = this.vouchers.filter((v) => v.orderId === orderId && !v.verify);
    const verifyToken = randomBytes(16).toString('hex');
    const codes = new Set<string>();
    const certificates = unused.map((v) => {
      const encrypted = randomBytes(64).toString('base64');
      this.encrypted.set(encrypted, v);
      codes.add(encrypted);
      return {
        encrypted_code: encrypted,
        start_time: v.expireTime - 180 * 86400,
        expire_time: v.expireTime,
        amount: { original_amount: v.originalFen, pay_amount: v.payFen, merchant_ticket_amount: 0, payment_discount_amount: 0, coupon_pay_amount: v.payFen },
        sku: {
          sku_id: v.skuId,
          title: v.title,
          groupon_type: v.grouponType,
          market_price: v.originalFen,
          sold_start_time: 1_700_000_000,
          third_sku_id: '',
          account_id: '7000000000000000001',
        },
      };
    });
    this.prepares.set(verifyToken, { orderId, codes });
    return this.envelope({ verify_token: verifyToken, order_id: orderId, certificates });
  }

  private verify(input: Record<string, unknown>) {
    const prepared = this.prepares.get(String(input.verify_token ?? ''));
    const sent = Array.isArray(input.encrypted_codes) ? input.encrypted_codes.map(String) : [];
    if (!prepared || input.poi_id !== this.credentials.poiId || input.order_id !== prepared.orderId || !sent.length)
      return this.envelope({}, 10002, '参数错误：verify_token、poi_id 或 order_id');
    const verify_results = sent.map((code) => {
      const v = prepared.codes.has(code) ? this.encrypted.get(code) : undefined;
      if (!v) return { result: 1100, msg: '券码与验券准备不符', code, origin_code: '', verify_id: '', certificate_id: '', order_id: prepared.orderId };
      if (v.verify) return { result: 1208, msg: '券码已核销', code, origin_code: v.code, verify_id: '', certificate_id: v.certificateId, order_id: v.orderId };
      v.verify = { verifyId: `72${digits(17)}`, at: Date.now() };
      return {
        result: 0,
        msg: 'success',
        code,
        origin_code: v.code,
        verify_id: v.verify.verifyId,
        certificate_id: v.certificateId,
        order_id: v.orderId,
        account_id: '7000000000000000001',
        verify_time: this.verifyTime(v.verify.at),
      };
    });
    return this.envelope({ verify_results });
  }

  private cancel(input: Record<string, unknown>) {
    const v = this.vouchers.find((x) => x.verify?.verifyId === input.verify_id);
    if (!v || v.certificateId !== input.certificate_id) return this.envelope({}, 3000002, '券ID或核销记录ID不匹配');
    if (Date.now() - v.verify!.at > 3600_000) return this.envelope({}, 3000001, '已超过可撤销时限,无法撤销核销');
    v.verify = null;
    return this.envelope({});
  }

  private get(query: Record<string, string>) {
    const v = this.encrypted.get(query.encrypted_code ?? '');
    if (!v) return this.envelope({}, 13000, '无券信息');
    return this.envelope({
      certificate: {
        encrypted_code: query.encrypted_code,
        expire_time: v.expireTime,
        status: v.verify ? 2 : 1,
        amount: { original_amount: v.originalFen, pay_amount: v.payFen },
        sku: { sku_id: v.skuId, title: v.title, groupon_type: v.grouponType },
        verify: v.verify
          ? {
              verify_id: v.verify.verifyId,
              certificate_id: v.certificateId,
              verify_time: this.verifyTime(v.verify.at),
              can_cancel: Date.now() - v.verify.at <= 3600_000,
              verify_type: 4,
              verifier_unique_id: '开放平台API',
            }
          : null,
      },
    });
  }
}
