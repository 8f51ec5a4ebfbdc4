import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { Clock } from '../../../lib/clock.ts';
import { PATHS, TOKEN_INVALID } from './douyin-provider.ts';
import { PlatformUnclear, type PlatformRequest, type PlatformTransport } from './transport.ts';

/** The platform keeps a verification cancellable for one hour. */
export const CANCEL_WINDOW_MS = 3600_000;
export const CANCEL_TOO_LATE = { code: 3000001, description: '已超过可撤销时限,无法撤销核销' };

const ok = (data: Record<string, unknown>, now: number) => ({
  data: { ...data, error_code: 0, description: 'success' },
  extra: { error_code: 0, description: '', sub_error_code: 0, sub_description: '', logid: randomBytes(8).toString('hex'), now },
});
const error = (code: number, description: string, now: number, data: Record<string, unknown> = {}) => ({
  data: { ...data, error_code: code, description },
  extra: { error_code: code, description, sub_error_code: 0, sub_description: description, logid: randomBytes(8).toString('hex'), now },
});
const seconds = (isoText: string) => Math.floor(new Date(isoText).getTime() / 1000);
const ISSUER = 'simtok';

/**
 * The short-video platform's voucher API, in process, on the platform's own paths and shapes (the
 * default in demo and tests). Its vouchers live in `voucher_sim_certificate` (the platform's side, shared
 * by every server process). Each voucher's `behaviour` says how verifying it goes: `ok`; `fail` (the
 * platform refuses it); `timeout` (it verifies, but the answer never arrives); `unclear` (it verifies,
 * but the call answers a system error). A retry of the same call then answers 1208 (already verified).
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
      if (!input.client_key || !input.client_secret || input.grant_type !== 'client_credential') return error(10003, 'client_key或client_secret错误', now);
      return ok({ access_token: `${ISSUER}.${now + 7200_000}.${randomBytes(6).toString('hex')}`, expires_in: 7200 }, now);
    }
    const [issuer, until] = String(headers['access-token'] ?? '').split('.');
    if (issuer !== ISSUER || !(Number(until) > now)) return error(TOKEN_INVALID, 'access_token过期或无效', now);
    if (method === 'GET' && path === PATHS.prepare) return this.prepare(query, now);
    if (method === 'POST' && path === PATHS.verify) return this.verify(input, now);
    if (method === 'POST' && path === PATHS.cancel) return this.cancel(input, now);
    if (method === 'GET' && path === PATHS.status) return this.status(query, now);
    return error(404, '接口不存在', now);
  }

  private async prepare(query: Record<string, string>, now: number) {
    const poi = query.poi_id ?? '';
    const key = query.code ? { column: 'code' as const, value: query.code } : { column: 'encrypted_code' as const, value: query.encrypted_data ?? '' };
    const hit = await this.db.selectFrom('voucher_sim_certificate').selectAll().where('poi_id', '=', poi).where(key.column, '=', key.value).executeTakeFirst();
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
      certificate_id: r.certificate_id,
      code: r.code,
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
    const token = Buffer.from(JSON.stringify({ order: hit.order_id, poi, at: now })).toString('base64url');
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
        results.push({ result: 1100, msg: '券码不属于该订单', code: '', verify_id: '', certificate_id: '', order_id: token.order, verify_time: 0 });
        continue;
      }
      const base = { code: row.code, certificate_id: row.certificate_id, order_id: row.order_id };
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
    if (!row || row.status !== 'used') return error(3000002, '核销记录不存在', now);
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
          certificate_id: row.certificate_id,
          encrypted_code: row.encrypted_code,
          status: row.status === 'used' ? 2 : 1,
          verify: row.verify_id ? { verify_id: row.verify_id, verify_time: seconds(row.verify_time!) } : null,
        },
      },
      now,
    );
  }
}
