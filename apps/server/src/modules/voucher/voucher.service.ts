import { MARKETING_TEXTS, type RecordFilters, type VerificationRecord, type VerifyResult, type VoucherLookup } from '@venue/contract/marketing';
import { iso, shanghaiText, type Clock } from '../../lib/clock.ts';
import { isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import { CANCEL_WINDOW_MS } from './douyin/simulator.ts';
import { PlatformUnclear } from './douyin/transport.ts';
import type { AuditService } from '../audit/index.ts';
import type { VoucherProviders } from './voucher-providers.ts';
import type { PreparedVoucher, VerifyOutcome, VoucherProvider } from './voucher-provider.ts';
import type { RecordRow, VoucherRepository } from './voucher.repository.ts';

/** 2 代金券: not open at the desk (spec 4). */
const CASH_VOUCHER = 2;
const EXPORT_BATCH = 500;
/** A record still 核销中 after this long was left by a process that stopped. */
const STALE_PENDING_MS = 60_000;
/** The platform did not answer a call that changes nothing (prepare, cancel): say so, nothing changed. */
async function reached<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PlatformUnclear) throw refuse(`短视频平台暂时无法访问（${error.message}），请稍后重试`);
    throw error;
  }
}
const busy = (error: unknown) => (isUniqueViolation(error) ? refuse('所选券正在其他收银台核销或已核销，请稍后查看核销记录') : error);

/**
 * Looks vouchers up, verifies the chosen ones exactly once (the live-record index stops a second desk;
 * an unclear answer is settled by the status query, never by verifying again), cancels within the
 * platform's hour, and lists the records.
 */
export class VoucherService {
  constructor(
    private readonly repo: VoucherRepository,
    private readonly providers: VoucherProviders,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** A verified voucher: the record and its audit entry (money the platform settles to the venue) in one transaction. */
  private settleVerified(s: UserSession, id: number, c: PreparedVoucher, verifyId: string, verifyTime: string, venueId: number) {
    return this.repo.transaction(async (trx) => {
      await this.repo.settle(id, { state: 'V', verify_id: verifyId, verify_time: verifyTime }, trx);
      await this.audit.record(trx, s, {
        action: 'voucher.verify',
        target: `团购券 ${c.code}`,
        venueId,
        after: { verifyId, certificateId: c.certificateId, skuTitle: c.skuTitle, payFen: c.payFen },
      });
    });
  }

  private async providerFor(s: UserSession, venueId: number): Promise<VoucherProvider> {
    assertVenue(s, venueId);
    return this.providers.forVenue(s.tenantId, venueId);
  }

  async lookup(s: UserSession, code: string, venueId: number): Promise<VoucherLookup> {
    const prepared = await reached((await this.providerFor(s, venueId)).prepare(code));
    return {
      code,
      venueId,
      description: prepared.description,
      errorCode: prepared.errorCode,
      orderId: prepared.orderId,
      verifyToken: prepared.verifyToken,
      certificates: prepared.certificates.map((c) => ({
        certificateId: c.certificateId,
        code: c.code,
        checked: false,
        sku: { skuId: c.skuId, title: c.skuTitle, grouponType: c.grouponType },
        amount: { originalAmount: c.originalFen, payAmount: c.payFen },
        expireTime: shanghaiText(new Date(c.expireTime)),
      })),
    };
  }

  /** Verifies the chosen certificates of the code's order: prepared again here, so amounts and titles are the platform's. */
  async verifyChosen(
    s: UserSession,
    input: { code: string; venueId: number; certificates: { certificateId: string; checked: boolean }[] },
  ): Promise<VerifyResult> {
    const provider = await this.providerFor(s, input.venueId);
    const prepared = await reached(provider.prepare(input.code));
    const wanted = new Set(input.certificates.filter((c) => c.checked).map((c) => c.certificateId));
    const chosen = prepared.certificates.filter((c) => wanted.has(c.certificateId));
    if (chosen.length < wanted.size) throw refuse(`${wanted.size - chosen.length} 张所选券已核销或不可用，请重新查询`);
    return this.verify(s, provider, input.venueId, prepared.verifyToken, prepared.orderId, chosen);
  }

  /** Scan and go: the code's own voucher (or the order's only one). */
  async queryAndVerify(s: UserSession, code: string, venueId: number): Promise<VerifyResult> {
    const provider = await this.providerFor(s, venueId);
    const prepared = await reached(provider.prepare(code));
    const own = prepared.certificates.filter((c) => c.code === code);
    const chosen = own.length ? own : prepared.certificates.length === 1 ? prepared.certificates : [];
    if (!prepared.certificates.length) throw notFound(MARKETING_TEXTS.noVoucher);
    if (!chosen.length) throw refuse('该订单有多张券，请查询后选择要核销的券');
    return this.verify(s, provider, venueId, prepared.verifyToken, prepared.orderId, chosen);
  }

  private async verify(
    s: UserSession,
    provider: VoucherProvider,
    venueId: number,
    token: string,
    orderId: string,
    chosen: PreparedVoucher[],
  ): Promise<VerifyResult> {
    if (!chosen.length) throw refuse(MARKETING_TEXTS.chooseVoucher);
    if (chosen.some((c) => c.grouponType === CASH_VOUCHER)) throw refuse(MARKETING_TEXTS.typeNotOpen);
    const now = iso(this.clock.now());
    const rows = chosen.map((c) => ({
      tenant_id: s.tenantId,
      venue_id: venueId,
      user_id: s.userId,
      user_name: s.username,
      code: c.code,
      certificate_id: c.certificateId,
      encrypted_code: c.encryptedCode,
      order_id: orderId,
      sku_id: c.skuId,
      sku_title: c.skuTitle,
      groupon_type: c.grouponType,
      pay_fen: c.payFen,
      original_fen: c.originalFen,
      state: 'P' as const,
      created_at: now,
    }));
    let ids: number[];
    try {
      ids = await this.repo.insertPending(rows);
    } catch (error) {
      if (!isUniqueViolation(error) || !(await this.settleStale(s, provider, chosen))) throw busy(error);
      ids = await this.repo.insertPending(rows).catch((again) => Promise.reject(busy(again)));
    }

    let outcomes: VerifyOutcome[];
    try {
      outcomes = await provider.verify({ verifyToken: token, orderId, certificates: chosen });
    } catch (error) {
      outcomes = chosen.map((c) => ({ certificateId: c.certificateId, kind: 'unclear', message: (error as Error).message }));
    }
    const result: VerifyResult = { verified: 0, failed: 0, unknown: 0, messages: [], records: [] };
    for (const [i, c] of chosen.entries()) {
      const outcome = outcomes.find((o) => o.certificateId === c.certificateId) ?? {
        certificateId: c.certificateId,
        kind: 'unclear' as const,
        message: '平台未答复此券',
      };
      const state = await this.settleOutcome(s, venueId, provider, ids[i], c, outcome);
      if (state === 'V') result.verified++;
      else if (state === 'F') result.failed++;
      else result.unknown++;
      if (state === 'F' && outcome.kind === 'failed') result.messages.push(`${c.skuTitle}（${c.code}）：${outcome.message}`);
      if (state === 'U') result.messages.push(`${c.skuTitle}（${c.code}）：核销结果未知，请稍后在核销记录中查看`);
    }
    result.records = (await this.repo.byIds(s.tenantId, ids)).map((r) => this.toRecord(r));
    return result;
  }

  /**
   * Live records of these vouchers that never got a clear answer (U, or P left by a process that
   * stopped) ask the platform's status; true when one of them turned out not verified, so the new
   * verification may go ahead.
   */
  private async settleStale(s: UserSession, provider: VoucherProvider, chosen: PreparedVoucher[]): Promise<boolean> {
    let freed = false;
    const staleBefore = this.clock.now().getTime() - STALE_PENDING_MS;
    for (const c of chosen) {
      const live = await this.repo.liveByCertificate(s.tenantId, c.certificateId);
      if (!live || live.state === 'V' || (live.state === 'P' && new Date(live.created_at).getTime() > staleBefore)) continue;
      const state = await this.settleOutcome(s, live.venue_id, provider, live.id, c, {
        certificateId: c.certificateId,
        kind: 'unclear',
        message: live.message,
      });
      if (state === 'F') freed = true;
    }
    return freed;
  }

  /** Writes what one voucher came to; `already` and `unclear` ask the platform's status, never verify again. */
  private async settleOutcome(
    s: UserSession,
    venueId: number,
    provider: VoucherProvider,
    id: number,
    c: PreparedVoucher,
    outcome: VerifyOutcome,
  ): Promise<'V' | 'F' | 'U'> {
    if (outcome.kind === 'ok') {
      await this.settleVerified(s, id, c, outcome.verifyId, outcome.verifyTime, venueId);
      return 'V';
    }
    if (outcome.kind === 'failed') {
      await this.repo.settle(id, { state: 'F', message: outcome.message });
      return 'F';
    }
    const status = await provider.status(c.encryptedCode);
    if (status.kind === 'verified') {
      await this.settleVerified(s, id, c, status.verifyId, status.verifyTime, venueId);
      return 'V';
    }
    if (status.kind === 'unused') {
      await this.repo.settle(id, { state: 'F', message: outcome.kind === 'unclear' ? outcome.message : '平台未核销' });
      return 'F';
    }
    await this.repo.settle(id, { state: 'U', message: status.message });
    return 'U';
  }

  /** 撤销核销: only a verified record of the caller's venues, and the platform decides the hour. */
  async cancel(s: UserSession, verifyId: string): Promise<VerificationRecord> {
    const row = await this.repo.byVerifyId(s.tenantId, verifyId);
    if (!row) throw notFound('核销记录不存在');
    assertVenue(s, row.venue_id);
    if (row.state === 'C') throw refuse('该核销已撤销');
    const provider = await this.providers.forVenue(s.tenantId, row.venue_id);
    const answer = await reached(provider.cancel({ verifyId, certificateId: row.certificate_id }));
    if (!answer.ok) throw refuse(answer.message);
    const done = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.markCancelled(row.id, s.username, iso(this.clock.now()), trx))) return false;
      await this.audit.record(trx, s, {
        action: 'voucher.cancel',
        target: `团购券 ${row.code}`,
        venueId: row.venue_id,
        before: { verifyId, certificateId: row.certificate_id, skuTitle: row.sku_title, payFen: row.pay_fen },
      });
      return true;
    });
    if (!done) throw refuse('该核销已撤销');
    const [after] = await this.repo.byIds(s.tenantId, [row.id]);
    return this.toRecord(after);
  }

  async page(s: UserSession, q: RecordFilters & { current: number; size: number }) {
    assertVenue(s, q.venueId);
    const { offset, limit } = pageWindow(q);
    return mapPage(await this.repo.page(s, q, offset, limit), (r) => this.toRecord(r));
  }

  async *exportBatches(s: UserSession, q: RecordFilters): AsyncGenerator<VerificationRecord[]> {
    assertVenue(s, q.venueId);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await this.repo.exportRows(s, q, offset, EXPORT_BATCH);
      if (rows.length) yield rows.map((r) => this.toRecord(r));
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  /** Per Shanghai day and sku, verified and not cancelled: the figures the platform's settlement shows. */
  async dailyTotals(s: UserSession, q: Pick<RecordFilters, 'venueId' | 'beginTime' | 'endTime'>) {
    assertVenue(s, q.venueId);
    const totals = new Map<string, { day: string; skuId: string; skuTitle: string; count: number; payAmount: number }>();
    for (const r of await this.repo.verifiedForTotals(s, q)) {
      const day = shanghaiText(new Date(r.verify_time ?? r.created_at)).slice(0, 10);
      const key = `${day}|${r.sku_id}`;
      const t = totals.get(key) ?? { day, skuId: r.sku_id, skuTitle: r.sku_title, count: 0, payAmount: 0 };
      t.count += 1;
      t.payAmount += r.pay_fen;
      totals.set(key, t);
    }
    return [...totals.values()].sort((a, b) => b.day.localeCompare(a.day) || a.skuTitle.localeCompare(b.skuTitle));
  }

  private toRecord(r: RecordRow): VerificationRecord {
    return {
      recordId: r.id,
      code: r.code,
      certificateId: r.certificate_id,
      orderId: r.order_id,
      skuId: r.sku_id,
      skuTitle: r.sku_title,
      payAmount: r.pay_fen,
      originalAmount: r.original_fen,
      state: r.state,
      verifyId: r.verify_id,
      verifyTime: r.verify_time,
      message: r.message,
      venueId: r.venue_id,
      venueName: r.venue_name,
      userName: r.user_name,
      createTime: r.created_at,
      cancelTime: r.cancel_time,
      cancelUserName: r.cancel_user_name,
      cancellable: r.state === 'V' && !!r.verify_time && this.clock.now().getTime() - new Date(r.verify_time).getTime() <= CANCEL_WINDOW_MS,
    };
  }
}
