import type { z } from 'zod';
import { iso, type Clock } from '../../../lib/clock.ts';
import type { CancelOutcome, CertificateStatus, Prepared, PreparedVoucher, Verified, VerifyOutcome, VoucherProvider } from '../voucher-provider.ts';
import { envelope, platformInstant, preparedData, statusData, tokenData, verifiedData, type Envelope } from './platform-answers.ts';
import { PlatformUnclear, PlatformUnreadable, type PlatformRequest, type PlatformTransport } from './transport.ts';
import { prepareKeyOf, type LinkRules } from './voucher-input.ts';

/** The platform's documented paths (../../../../../../shared notes: integrations.md). */
export const PATHS = {
  token: '/oauth/client_token/',
  prepare: '/goodlife/v1/fulfilment/certificate/prepare/',
  verify: '/goodlife/v1/fulfilment/certificate/verify/',
  cancel: '/goodlife/v1/fulfilment/certificate/cancel/',
  status: '/goodlife/v1/fulfilment/certificate/get/',
} as const;
type Call = 'token' | 'prepare' | 'verify' | 'cancel' | 'get';

/** extra.error_code of a token the platform no longer takes (28001008 now, 2190008 before): fetch a new one and send once more. */
export const TOKEN_INVALID = [28001008, 2190008];
/** verify_results[].result on a retry meaning the earlier call already verified it. */
export const ALREADY_VERIFIED = [1208, 2];

export interface DouyinSettings {
  clientKey: string;
  clientSecret: string;
  poiId: string;
  /** The rule's wait before retrying a verify that failed unclearly: 5 s on the real platform. */
  retryDelayMs: number;
  /** How a QR code's short link is followed to its object id. */
  links: LinkRules;
}

/** Where every platform call is logged with its logid (the server's logger once it runs). */
export interface PlatformLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
export const silentLog: PlatformLog = { info: () => undefined, warn: () => undefined };

/** A business answer: its error, description and logid, and its data when the error is 0. */
interface Answer {
  errorCode: number;
  description: string;
  logid: string;
  data: Record<string, unknown>;
}
const errorOf = (e: Envelope) => Number(e.extra?.error_code || e.data?.error_code || 0);
const descriptionOf = (e: Envelope) => String(e.data?.description || e.extra?.sub_description || e.extra?.description || e.message || '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const entry = (call: Call, logid: string) => (logid ? [`${call}:${logid}`] : []);

/**
 * The platform's group-buy voucher API (Douyin local life): client token (cached until a few minutes
 * before it ends, fetched again when refused), prepare, verify with the retry-after-5-s rule, cancel,
 * status. Every call is logged with its logid. The transport decides whether this is the real platform
 * or the simulator.
 */
export class DouyinVoucherProvider implements VoucherProvider {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly send: PlatformTransport,
    private readonly settings: DouyinSettings,
    private readonly clock: Clock,
    private readonly log: () => PlatformLog = () => silentLog,
  ) {}

  /** The answer's envelope, or PlatformUnreadable (logged with its logid). */
  private read(call: Call, raw: unknown): Envelope {
    const parsed = envelope.safeParse(raw);
    if (parsed.success) return parsed.data;
    const logid = String((raw as { extra?: { logid?: unknown } } | null)?.extra?.logid ?? '');
    throw this.unreadable(call, logid, parsed.error);
  }

  private unreadable(call: Call, logid: string, problem: z.ZodError | string): PlatformUnreadable {
    const detail = typeof problem === 'string' ? problem : problem.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    this.log().warn({ platform: 'douyin', call, logid, problem: detail }, '抖音返回的数据无法识别');
    return new PlatformUnreadable(logid, detail);
  }

  /** Sends one request; a transport's unreadable answer is logged like ours. */
  private async exchange(call: Call, request: PlatformRequest): Promise<Envelope> {
    let raw: unknown;
    try {
      raw = await this.send(request);
    } catch (error) {
      if (error instanceof PlatformUnreadable) throw this.unreadable(call, error.logid, error.problem);
      if (error instanceof PlatformUnclear) this.log().warn({ platform: 'douyin', call, problem: error.message }, '抖音接口无应答');
      throw error;
    }
    return this.read(call, raw);
  }

  private async accessToken(fresh: boolean): Promise<string> {
    const now = this.clock.now().getTime();
    if (!fresh && this.token && this.token.until > now) return this.token.value;
    const answer = await this.exchange('token', {
      method: 'POST',
      path: PATHS.token,
      headers: {},
      body: { client_key: this.settings.clientKey, client_secret: this.settings.clientSecret, grant_type: 'client_credential' },
    });
    const logid = String(answer.extra?.logid ?? '');
    this.log().info({ platform: 'douyin', call: 'token', logid, errorCode: errorOf(answer) }, '抖音接口');
    if (errorOf(answer) !== 0) throw new PlatformUnclear(`平台授权失败：${descriptionOf(answer) || errorOf(answer)}`);
    const data = tokenData.safeParse(answer.data);
    if (!data.success) throw this.unreadable('token', logid, data.error);
    const seconds = data.data.expires_in ?? 7200;
    this.token = { value: data.data.access_token, until: now + Math.max(60, seconds - 300) * 1000 };
    return data.data.access_token;
  }

  /** A call with the access token; a token the platform refuses as expired is fetched again once. */
  private async call(call: Call, request: Omit<PlatformRequest, 'headers'>): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.exchange(call, { ...request, headers: { 'access-token': await this.accessToken(attempt > 0) } });
      const errorCode = errorOf(answer);
      const logid = String(answer.extra?.logid ?? '');
      this.log().info({ platform: 'douyin', call, logid, errorCode }, '抖音接口');
      if (TOKEN_INVALID.includes(errorCode) && attempt === 0) continue;
      return { errorCode, description: descriptionOf(answer), logid, data: (answer.data ?? {}) as Record<string, unknown> };
    }
  }

  /** The data of a successful answer in its documented shape, or PlatformUnreadable. */
  private dataOf<T>(call: Call, answer: Answer, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success) throw this.unreadable(call, answer.logid, parsed.error);
    return parsed.data;
  }

  async prepare(typed: string): Promise<Prepared> {
    const key = await prepareKeyOf(typed, this.settings.links);
    const answer = await this.call('prepare', { method: 'GET', path: PATHS.prepare, query: { ...key, poi_id: this.settings.poiId } });
    const base = { errorCode: answer.errorCode, description: answer.description, logid: entry('prepare', answer.logid).join('') };
    if (answer.errorCode !== 0) return { ...base, orderId: '', verifyToken: '', certificates: [] };
    const data = this.dataOf('prepare', answer, preparedData);
    const certificates = data.certificates.map((c): PreparedVoucher => ({
      encryptedCode: c.encrypted_code,
      skuId: c.sku.sku_id,
      skuTitle: c.sku.title,
      grouponType: c.sku.groupon_type,
      originalFen: c.amount.original_amount,
      payFen: c.amount.pay_amount,
      expireTime: iso(platformInstant(c.expire_time) ?? this.clock.now()),
    }));
    return { ...base, orderId: data.order_id, verifyToken: data.verify_token, certificates };
  }

  private async verifyOnce(verifyToken: string, orderId: string, certificates: PreparedVoucher[], logids: string[]) {
    let answer: Answer;
    try {
      answer = await this.call('verify', {
        method: 'POST',
        path: PATHS.verify,
        body: { verify_token: verifyToken, poi_id: this.settings.poiId, encrypted_codes: certificates.map((c) => c.encryptedCode), order_id: orderId },
      });
    } catch (error) {
      // An answer we cannot read may still have verified: as unclear as no answer.
      if (error instanceof PlatformUnreadable) throw new PlatformUnclear(error.message);
      throw error;
    }
    logids.push(...entry('verify', answer.logid));
    if (answer.errorCode !== 0) throw new PlatformUnclear(answer.description || `平台错误 ${answer.errorCode}`);
    try {
      return this.dataOf('verify', answer, verifiedData).verify_results;
    } catch (error) {
      throw new PlatformUnclear((error as Error).message);
    }
  }

  async verify({ verifyToken, orderId, certificates }: { verifyToken: string; orderId: string; certificates: PreparedVoucher[] }): Promise<Verified> {
    const logids: string[] = [];
    let results: Awaited<ReturnType<DouyinVoucherProvider['verifyOnce']>>;
    let retried = false;
    try {
      results = await this.verifyOnce(verifyToken, orderId, certificates, logids);
    } catch (first) {
      if (!(first instanceof PlatformUnclear)) throw first;
      // The rule: after a failure wait 5 s and send the same call again; 1208 or 2 then means done.
      await sleep(this.settings.retryDelayMs);
      retried = true;
      try {
        results = await this.verifyOnce(verifyToken, orderId, certificates, logids);
      } catch (second) {
        if (!(second instanceof PlatformUnclear)) throw second;
        return { logids, outcomes: certificates.map((c) => ({ encryptedCode: c.encryptedCode, kind: 'unclear', message: second.message })) };
      }
    }
    const outcomes = certificates.map((c): VerifyOutcome => {
      // Each result names the code the call sent: the encrypted code.
      const r = results.find((x) => x.code === c.encryptedCode);
      if (!r) return { encryptedCode: c.encryptedCode, kind: 'unclear', message: '平台未答复此券' };
      if (r.result === 0) {
        const verifyTime = iso(platformInstant(r.verify_time) ?? this.clock.now());
        return {
          encryptedCode: c.encryptedCode,
          kind: 'ok',
          certificateId: r.certificate_id!,
          verifyId: r.verify_id!,
          verifyTime,
          originCode: r.origin_code ?? '',
        };
      }
      if (ALREADY_VERIFIED.includes(r.result) && retried) return { encryptedCode: c.encryptedCode, kind: 'already' };
      return { encryptedCode: c.encryptedCode, kind: 'failed', message: r.msg || `核销失败（${r.result}）` };
    });
    return { outcomes, logids };
  }

  async cancel({ verifyId, certificateId }: { verifyId: string; certificateId: string }): Promise<CancelOutcome> {
    const answer = await this.call('cancel', { method: 'POST', path: PATHS.cancel, body: { verify_id: verifyId, certificate_id: certificateId } });
    const logid = entry('cancel', answer.logid).join('');
    return answer.errorCode === 0 ? { ok: true, logid } : { ok: false, message: answer.description || `撤销失败（${answer.errorCode}）`, logid };
  }

  async status(encryptedCode: string): Promise<CertificateStatus> {
    let answer: Answer;
    try {
      answer = await this.call('get', { method: 'GET', path: PATHS.status, query: { encrypted_code: encryptedCode } });
    } catch (error) {
      if (error instanceof PlatformUnclear || error instanceof PlatformUnreadable) return { kind: 'unclear', message: error.message, logid: '' };
      throw error;
    }
    const logid = entry('get', answer.logid).join('');
    if (answer.errorCode !== 0) return { kind: 'unclear', message: answer.description || `平台错误 ${answer.errorCode}`, logid };
    let certificate: z.infer<typeof statusData>['certificate'];
    try {
      certificate = this.dataOf('get', answer, statusData).certificate;
    } catch (error) {
      return { kind: 'unclear', message: (error as Error).message, logid };
    }
    const verify = certificate.verify;
    if (certificate.status === 2 && verify)
      return {
        kind: 'verified',
        certificateId: verify.certificate_id || certificate.certificate_id || '',
        verifyId: verify.verify_id,
        verifyTime: iso(platformInstant(verify.verify_time) ?? this.clock.now()),
        logid,
      };
    return { kind: 'unused', logid };
  }
}
