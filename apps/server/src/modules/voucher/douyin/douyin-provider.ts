import type { Clock } from '../../../lib/clock.ts';
import type { CancelOutcome, CertificateStatus, Prepared, PreparedVoucher, VerifyOutcome, VoucherProvider } from '../voucher-provider.ts';
import { PlatformUnclear, type PlatformRequest, type PlatformTransport } from './transport.ts';

/** The platform's documented paths (../../../../../../shared notes: integrations.md). */
export const PATHS = {
  token: '/oauth/client_token/',
  prepare: '/goodlife/v1/fulfilment/certificate/prepare/',
  verify: '/goodlife/v1/fulfilment/certificate/verify/',
  cancel: '/goodlife/v1/fulfilment/certificate/cancel/',
  status: '/goodlife/v1/fulfilment/certificate/get/',
} as const;

/** extra.error_code of a token the platform no longer takes: fetch a new one and send once more. */
export const TOKEN_INVALID = 2190008;
/** verify_results[].result on a retry meaning the earlier call already verified it. */
export const ALREADY_VERIFIED = [1208, 2];

export interface DouyinSettings {
  clientKey: string;
  clientSecret: string;
  poiId: string;
  /** The rule's wait before retrying a verify that failed unclearly: 5 s on the real platform. */
  retryDelayMs: number;
}

interface Envelope {
  data?: Record<string, unknown> & { error_code?: number; description?: string };
  extra?: { error_code?: number; description?: string; sub_description?: string };
}
const errorOf = (e: Envelope) => (e.extra?.error_code || e.data?.error_code || 0) as number;
const descriptionOf = (e: Envelope) => String(e.data?.description || e.extra?.sub_description || e.extra?.description || '');
const iso = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The platform's group-buy voucher API (Douyin local life): client token (cached until a few minutes
 * before it ends, refreshed when refused), prepare, verify with the retry-after-5-s rule, cancel,
 * status. The transport decides whether this is the real platform or the simulator.
 */
export class DouyinVoucherProvider implements VoucherProvider {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly send: PlatformTransport,
    private readonly settings: DouyinSettings,
    private readonly clock: Clock,
  ) {}

  private async accessToken(fresh: boolean): Promise<string> {
    const now = this.clock.now().getTime();
    if (!fresh && this.token && this.token.until > now) return this.token.value;
    const answer = (await this.send({
      method: 'POST',
      path: PATHS.token,
      headers: {},
      body: { client_key: this.settings.clientKey, client_secret: this.settings.clientSecret, grant_type: 'client_credential' },
    })) as Envelope;
    const value = answer.data?.access_token;
    if (errorOf(answer) !== 0 || typeof value !== 'string') throw new PlatformUnclear(`平台授权失败：${descriptionOf(answer) || '无访问令牌'}`);
    const seconds = Number(answer.data?.expires_in ?? 7200);
    this.token = { value, until: now + Math.max(60, seconds - 300) * 1000 };
    return value;
  }

  /** A call with the access token; a refused token is fetched again once. */
  private async call(request: Omit<PlatformRequest, 'headers'>): Promise<Envelope> {
    for (let attempt = 0; ; attempt++) {
      const answer = (await this.send({ ...request, headers: { 'access-token': await this.accessToken(attempt > 0) } })) as Envelope;
      if (answer?.extra?.error_code === TOKEN_INVALID && attempt === 0) continue;
      return answer ?? {};
    }
  }

  async prepare(code: string): Promise<Prepared> {
    const answer = await this.call({ method: 'GET', path: PATHS.prepare, query: { code, poi_id: this.settings.poiId } });
    const data = answer.data ?? {};
    const errorCode = errorOf(answer);
    const list = errorCode === 0 && Array.isArray(data.certificates) ? (data.certificates as Record<string, unknown>[]) : [];
    const certificates: PreparedVoucher[] = list.map((c) => {
      const sku = (c.sku ?? {}) as Record<string, unknown>;
      const amount = (c.amount ?? {}) as Record<string, unknown>;
      return {
        certificateId: String(c.certificate_id ?? c.encrypted_code),
        code: String(c.code ?? ''),
        encryptedCode: String(c.encrypted_code),
        skuId: String(sku.sku_id ?? ''),
        skuTitle: String(sku.title ?? ''),
        grouponType: Number(sku.groupon_type ?? 1),
        originalFen: Number(amount.original_amount ?? 0),
        payFen: Number(amount.pay_amount ?? 0),
        expireTime: iso(c.expire_time),
      };
    });
    return { errorCode, description: descriptionOf(answer), orderId: String(data.order_id ?? ''), verifyToken: String(data.verify_token ?? ''), certificates };
  }

  private async verifyOnce(verifyToken: string, orderId: string, certificates: PreparedVoucher[]) {
    const answer = await this.call({
      method: 'POST',
      path: PATHS.verify,
      body: { verify_token: verifyToken, poi_id: this.settings.poiId, encrypted_codes: certificates.map((c) => c.encryptedCode), order_id: orderId },
    });
    if (errorOf(answer) !== 0) throw new PlatformUnclear(descriptionOf(answer) || `平台错误 ${errorOf(answer)}`);
    return (Array.isArray(answer.data?.verify_results) ? answer.data.verify_results : []) as Record<string, unknown>[];
  }

  async verify({ verifyToken, orderId, certificates }: { verifyToken: string; orderId: string; certificates: PreparedVoucher[] }): Promise<VerifyOutcome[]> {
    let results: Record<string, unknown>[];
    let retried = false;
    try {
      results = await this.verifyOnce(verifyToken, orderId, certificates);
    } catch (first) {
      if (!(first instanceof PlatformUnclear)) throw first;
      // The rule: after a failure wait 5 s and send the same call again; 1208 or 2 then means done.
      await sleep(this.settings.retryDelayMs);
      retried = true;
      try {
        results = await this.verifyOnce(verifyToken, orderId, certificates);
      } catch (second) {
        if (!(second instanceof PlatformUnclear)) throw second;
        return certificates.map((c) => ({ certificateId: c.certificateId, kind: 'unclear', message: second.message }));
      }
    }
    return certificates.map((c): VerifyOutcome => {
      const r = results.find((x) => x.certificate_id === c.certificateId || x.code === c.code);
      if (!r) return { certificateId: c.certificateId, kind: 'unclear', message: '平台未答复此券' };
      const result = Number(r.result);
      if (result === 0) return { certificateId: c.certificateId, kind: 'ok', verifyId: String(r.verify_id), verifyTime: iso(r.verify_time) };
      if (ALREADY_VERIFIED.includes(result) && retried) return { certificateId: c.certificateId, kind: 'already' };
      return { certificateId: c.certificateId, kind: 'failed', message: String(r.msg || `核销失败（${result}）`) };
    });
  }

  async cancel({ verifyId, certificateId }: { verifyId: string; certificateId: string }): Promise<CancelOutcome> {
    const answer = await this.call({ method: 'POST', path: PATHS.cancel, body: { verify_id: verifyId, certificate_id: certificateId } });
    return errorOf(answer) === 0 ? { ok: true } : { ok: false, message: descriptionOf(answer) || `撤销失败（${errorOf(answer)}）` };
  }

  async status(encryptedCode: string): Promise<CertificateStatus> {
    let answer: Envelope;
    try {
      answer = await this.call({ method: 'GET', path: PATHS.status, query: { encrypted_code: encryptedCode } });
    } catch (error) {
      if (error instanceof PlatformUnclear) return { kind: 'unclear', message: error.message };
      throw error;
    }
    if (errorOf(answer) !== 0) return { kind: 'unclear', message: descriptionOf(answer) };
    const certificate = (answer.data?.certificate ?? {}) as Record<string, unknown>;
    const verify = (certificate.verify ?? null) as Record<string, unknown> | null;
    if (Number(certificate.status) === 2 && verify?.verify_id)
      return { kind: 'verified', verifyId: String(verify.verify_id), verifyTime: iso(verify.verify_time) };
    return { kind: 'unused' };
  }
}
