import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { Clock } from '../../../lib/clock.ts';
import { PATHS, TOKEN_INVALID } from './douyin-provider.ts';
import { PlatformUnclear, type PlatformRequest, type PlatformTransport } from './transport.ts';

/** The platform keeps a verification cancellable for one hour. */
export const CANCEL_WINDOW_MS = 3600_000;
export const CANCEL_TOO_LATE = { code: 3000001, description: '已超过可撤销时限,无法撤销核销' };

/** A logid as the platform writes them: the time, then hex ("20250325170138ED7A80ADC70287B64FDD"). */
const logid = (now: number) => new Date(now).toISOString().replace(/\D/g, '').slice(0, 14) + randomBytes(10).toString('hex').toUpperCase();
const extra = (code: number, description: string, now: number) => ({
  error_code: code,
  description,
  sub_error_code: 0,
  sub_description: description,
  logid: logid(now),
  now,
});
const ok = (data: Record<string, unknown>, now: number) => ({ data: { ...data, error_code: 0, description: 'success' }, extra: extra(0, '', now) });
const error = (code: number, description: string, now: number, data: Record<string, unknown> = {}) => ({
  data: { ...data, error_code: code, description },
  extra: extra(code, description, now),
});
const seconds = (isoText: string) => Math.floor(new Date(isoText).getTime() / 1000);
const ISSUER = 'simtok';

/** The object id a customer's QR code leads to for an order of the simulator (its `encrypted_data`). */
export const simulatedObjectId = (orderId: string) => Buffer.from(orderId).toString('base64url');

/**
 * The short-video platform's voucher API, in process, on the platform's own paths and shapes (the
 * default in demo and tests). Its vouchers live in `voucher_sim_certificate` (the platform's side, shared
 * by every server process). Each voucher's `behaviour` says how verifying it goes: `ok`; `fail` (the
 * platform refuses it); `timeout` (it verifies, but the answer never arrives); `unclear` (it verifies,
 * but the call answers a system error). A retry of the same call then answers 1208 (already verified).
 * As the platform, prepare answers encrypted codes only (no plain code, no certificate id); verify
 * answers each result under the code it was sent, with the plain code as origin_code.
 */
export class PlatformSimulator {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  readonly transport: PlatformTransport = (request) => this.handle(request);

  async handle({ method, path, query = {}, body, headers }: PlatformRequest): Promise<unknown> {
    const now = this.clock.now().getTime();
    const input = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === PATHS.token) {
      // client_token answers `data` and `message` (no extra).
      if (!input.client_key || !input.client_secret || input.grant_type !== 'client_credential')
        return { data: { error_code: 10013, description: 'client_key 或者 client_secret 报错' }, message: 'error' };
      const token = `${ISSUER}.${now + 7200_000}.${randomBytes(6).toString('hex')}`;
      return { data: { access_token: token, description: '', error_code: 0, expires_in: 7200 }, message: 'success' };
    }
    const [issuer, until] = String(headers['access-token'] ?? '').split('.');
    if (issuer !== ISSUER || !(Number(until) > now)) return error(TOKEN_INVALID[0], 'access_token无效或已过期', now);
    if (method === 'GET' && path === PATHS.prepare) return this.prepare(query, now);
    if (method === 'POST' && path === PATHS.verify) return this.verify(input, now);
    if (method === 'POST' && path === PATHS.cancel) return this.cancel(input, now);
    if (method === 'GET' && path === PATHS.status) return this.status(query, now);
    return error(404, '接口不存在', now);
  }

  private async prepare(query: Record<string, string>, now: number) {
    const poi = query.poi_id ?? '';
    // encrypted_data (a QR code's object id: its order) wins over code, as documented.
    const order = query.encrypted_data ? Buffer.from(query.encrypted_data, 'base64url').toString() : '';
    if (query.encrypted_data && (simulatedObjectId(order) !== query.encrypted_data || !/^[\x20-\x7e]+$/.test(order)))
      return error(13000, '参数错误,请刷新二维码', now);
    const hit = query.encrypted_data
      ? await this.db.selectFrom('voucher_sim_certificate').selectAll().where('poi_id', '=', poi).where('order_id', '=', order).executeTakeFirst()
      : await this.db
          .selectFrom('voucher_sim_certificate')
          .selectAll()
          .where('poi_id', '=', poi)
          .where('code', '=', query.code ?? '')
          .executeTakeFirst();
    if (!hit) return error(1000, '券码不存在', now);
    if (new Date(hit.expire_time).getTime() <= now) return error(1001, '券码已过期', now);
    const rows = await this.db
      .selectFrom('voucher_sim_certificate')
      .selectAll()
      .where('poi_id', '=', poi)
      .where('order_id', '=', hit.order_id)
      .where('status', '=', 'unused')
      .where('expire_time', '>', new Date(now).toISOString())
      .orderBy('id')
      .execute();
    const certificates = rows.map((r) => ({
      encrypted_code: r.encrypted_code,
      start_time: seconds(r.start_time),
      expire_time: seconds(r.expire_time),
      amount: {
        original_amount: r.original_fen,
        pay_amount: r.pay_fen,
        coupon_pay_amount: r.pay_fen,
        merchant_ticket_amount: 0,
        list_market_amount: r.original_fen,
      },
      sku: { sku_id: r.sku_id, title: r.sku_title, groupon_type: r.groupon_type, market_price: r.original_fen, third_sku_id: '', account_id: poi },
    }));
    const token = Buffer.from(JSON.stringify({ order: hit.order_id, poi, at: now, n: randomBytes(4).toString('hex') })).toString('base64url');
    return ok({ verify_token: token, order_id: hit.order_id, certificates }, now);
  }

  private async verify(input: Record<string, unknown>, now: number) {
    const poi = String(input.poi_id ?? '');
    let token: { order?: string; poi?: string } = {};
    try {
      token = JSON.parse(Buffer.from(String(input.verify_token ?? ''), 'base64url').toString());
    } catch {
      /* a bad token is refused below */
    }
    const codes = Array.isArray(input.encrypted_codes) ? input.encrypted_codes.map(String) : [];
    if (token.order !== input.order_id || token.poi !== poi || codes.length === 0) return error(1101, 'verify_token无效，请重新验券准备', now);
    let lost = false;
    let unclear = false;
    const results = [];
    for (const code of codes) {
      const row = await this.db
        .selectFrom('voucher_sim_certificate')
        .selectAll()
        .where('encrypted_code', '=', code)
        .where('poi_id', '=', poi)
        .executeTakeFirst();
      if (!row || row.order_id !== token.order) {
        results.push({ result: 1100, msg: '券码不属于该订单', code, verify_id: '', certificate_id: '', order_id: token.order, verify_time: 0 });
        continue;
      }
      const base = { code, origin_code: row.code, certificate_id: row.certificate_id, order_id: row.order_id, account_id: poi };
      if (row.behaviour === 'fail') {
        results.push({ ...base, result: 1201, msg: '券码状态异常，核销失败', verify_id: '', verify_time: 0 });
        continue;
      }
      const verifyId = `V${now}${randomBytes(4).toString('hex')}`;
      const verifyTime = new Date(now).toISOString();
      // Conditional: of two calls for one voucher only one finds it unused.
      const claimed = await this.db
        .updateTable('voucher_sim_certificate')
        .set({ status: 'used', verify_id: verifyId, verify_time: verifyTime })
        .where('id', '=', row.id)
        .where('status', '=', 'unused')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        results.push({ ...base, result: 1208, msg: '券码已核销', verify_id: '', verify_time: 0 });
        continue;
      }
      if (row.behaviour === 'timeout') lost = true;
      if (row.behaviour === 'unclear') unclear = true;
      results.push({ ...base, result: 0, msg: 'success', verify_id: verifyId, verify_time: Math.floor(now / 1000) });
    }
    if (lost) throw new PlatformUnclear('平台无应答：TimeoutError');
    if (unclear) return error(2100004, '系统繁忙，请稍后再试', now);
    return ok({ verify_results: results }, now);
  }

  private async cancel(input: Record<string, unknown>, now: number) {
    const row = await this.db
      .selectFrom('voucher_sim_certificate')
      .selectAll()
      .where('verify_id', '=', String(input.verify_id ?? ''))
      .where('certificate_id', '=', String(input.certificate_id ?? ''))
      .executeTakeFirst();
    if (!row || row.status !== 'used') return error(3000002, '券ID或核销记录ID不匹配', now);
    if (now - new Date(row.verify_time!).getTime() > CANCEL_WINDOW_MS) return error(CANCEL_TOO_LATE.code, CANCEL_TOO_LATE.description, now);
    await this.db.updateTable('voucher_sim_certificate').set({ status: 'unused', verify_id: null, verify_time: null }).where('id', '=', row.id).execute();
    return ok({}, now);
  }

  private async status(query: Record<string, string>, now: number) {
    const row = await this.db
      .selectFrom('voucher_sim_certificate')
      .selectAll()
      .where('encrypted_code', '=', query.encrypted_code ?? '')
      .executeTakeFirst();
    if (!row) return error(1000, '券码不存在', now);
    return ok(
      {
        certificate: {
          encrypted_code: row.encrypted_code,
          status: row.status === 'used' ? 2 : 1,
          expire_time: seconds(row.expire_time),
          verify: row.verify_id
            ? {
                verify_id: row.verify_id,
                certificate_id: row.certificate_id,
                verify_time: seconds(row.verify_time!),
                can_cancel: now - new Date(row.verify_time!).getTime() <= CANCEL_WINDOW_MS,
                verify_type: 4,
              }
            : null,
        },
      },
      now,
    );
  }
}
