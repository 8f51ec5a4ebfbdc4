import { chinaText } from '@venue/contract';
import {
  MARKETING_TEXTS,
  type Certificate,
  type RecordFilters,
  type VerificationRecord,
  type VerifyResult,
  type VoucherLookup,
} from '@venue/contract/marketing';
import { iso, type Clock } from '../../lib/clock.ts';
import { isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import { CANCEL_WINDOW_MS } from './douyin/simulator.ts';
import { PlatformUnclear, PlatformUnreadable } from './douyin/transport.ts';
import type { AuditService } from '../audit/index.ts';
import type { VoucherProviders } from './voucher-providers.ts';
import type { Prepared, PreparedVoucher, VerifyOutcome, VoucherProvider } from './voucher-provider.ts';
import type { RecordRow, VoucherRepository } from './voucher.repository.ts';

/** 2 代金券: not open at the desk (spec 4). */
const CASH_VOUCHER = 2;
const EXPORT_BATCH = 500;
/** A record still 核销中 after this long was left by a process that stopped. */
const STALE_PENDING_MS = 60_000;
/** The platform did not answer, or answered what we cannot read, a call that changes nothing here (prepare, cancel): say so, nothing changed. */
async function reached<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PlatformUnreadable) throw refuse(MARKETING_TEXTS.unreadable);
    if (error instanceof PlatformUnclear) throw refuse(`短视频平台暂时无法访问（${error.message}），请稍后重试`);
    throw error;
  }
}
const busy = (error: unknown) => (isUniqueViolation(error) ? refuse('所选券正在其他收银台核销或已核销，请稍后查看核销记录') : error);
/** The record's platform logids ("call:logid", space separated) with more added. */
const withLogids = (kept: string, ...more: (string | string[])[]) => [kept, ...more.flat()].filter(Boolean).join(' ');

/** The prepare a verification uses: the lookup's, or its own, and what the staff typed for it. */
type PreparedFor = Pick<Prepared, 'orderId' | 'verifyToken' | 'certificates' | 'logid'> & { inputCode: string };
/** One voucher being verified: its record and what it holds so far. */
type Pending = { id: number; code: string; logids: string; voucher: PreparedVoucher };

const toCertificate = (c: PreparedVoucher): Certificate => ({
  encryptedCode: c.encryptedCode,
  checked: false,
  sku: { skuId: c.skuId, title: c.skuTitle, grouponType: c.grouponType },
  amount: { originalAmount: c.originalFen, payAmount: c.payFen },
  expireTime: chinaText(new Date(c.expireTime)),
});

/**
 * Looks vouchers up, verifies the chosen ones exactly once (the live-record index stops a second desk;
 * an unclear answer is settled by the status query, never by verifying again), cancels within the
 * platform's hour, and lists the records. A lookup's prepare serves the one verification that follows
 * it (the platform's prepare and verify correspond one to one); every record keeps each call's logid.
 */
export class VoucherService {
  constructor(
    private readonly repo: VoucherRepository,
    private readonly providers: VoucherProviders,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** A verified voucher: the record (with the platform's certificate id and plain code) and its audit entry in one transaction. */
  private settleVerified(
    s: UserSession,
    venueId: number,
    p: Pending,
    v: { certificateId: string; verifyId: string; verifyTime: string; originCode?: string },
    logids: string,
  ) {
    const code = v.originCode || p.code;
    return this.repo.transaction(async (trx) => {
      await this.repo.settle(p.id, { state: 'V', verify_id: v.verifyId, verify_time: v.verifyTime, certificate_id: v.certificateId, code, logids }, trx);
      await this.audit.record(trx, s, {
        action: 'voucher.verify',
        target: `团购券 ${code}`,
        venueId,
        after: { verifyId: v.verifyId, certificateId: v.certificateId, skuTitle: p.voucher.skuTitle, payFen: p.voucher.payFen },
      });
    });
  }

  private async providerFor(s: UserSession, venueId: number): Promise<VoucherProvider> {
    assertVenue(s, venueId);
    return this.providers.forVenue(s.tenantId, venueId);
  }

  /** 验券准备: the order's vouchers, kept for the verification that follows. */
  async lookup(s: UserSession, code: string, venueId: number): Promise<VoucherLookup> {
    const prepared = await reached((await this.providerFor(s, venueId)).prepare(code));
    if (prepared.errorCode === 0 && prepared.certificates.length)
      await this.repo.savePrepared({
        tenant_id: s.tenantId,
        venue_id: venueId,
        verify_token: prepared.verifyToken,
        order_id: prepared.orderId,
        input_code: code,
        certificates: JSON.stringify(prepared.certificates),
        logid: prepared.logid,
        created_at: iso(this.clock.now()),
      });
    return {
      code,
      venueId,
      description: prepared.description,
      errorCode: prepared.errorCode,
      orderId: prepared.orderId,
      verifyToken: prepared.verifyToken,
      certificates: prepared.certificates.map(toCertificate),
    };
  }

  /** The lookup's prepare when its token is given and unspent; otherwise (none, or half an hour old) a prepare of its own. */
  private async preparedFor(s: UserSession, provider: VoucherProvider, input: { code: string; venueId: number; verifyToken?: string }): Promise<PreparedFor> {
    if (input.verifyToken) {
      const claim = await this.repo.claimPrepared(s.tenantId, input.venueId, input.verifyToken, iso(this.clock.now()));
      if (claim.kind === 'spent') throw refuse(MARKETING_TEXTS.lookupSpent);
      if (claim.kind === 'fresh') {
        const { row } = claim;
        const certificates = JSON.parse(row.certificates) as PreparedVoucher[];
        return { orderId: row.order_id, verifyToken: row.verify_token, certificates, logid: row.logid, inputCode: row.input_code };
      }
    }
    return { ...(await reached(provider.prepare(input.code))), inputCode: input.code };
  }

  /** Verifies the chosen vouchers of the lookup: amounts and titles are the platform's, as its prepare answered them. */
  async verifyChosen(
    s: UserSession,
    input: { code: string; venueId: number; verifyToken?: string; certificates: { encryptedCode: string; checked: boolean }[] },
  ): Promise<VerifyResult> {
    const provider = await this.providerFor(s, input.venueId);
    const prepared = await this.preparedFor(s, provider, input);
    const wanted = new Set(input.certificates.filter((c) => c.checked).map((c) => c.encryptedCode));
    const chosen = prepared.certificates.filter((c) => wanted.has(c.encryptedCode));
    if (chosen.length < wanted.size) throw refuse(`${wanted.size - chosen.length} 张所选券已核销或不可用，请重新查询`);
    return this.verify(s, provider, input.venueId, prepared, chosen);
  }

  /**
   * Scan and go: one voucher of the code's order. Prepare answers no plain codes, so which one is the
   * platform's word (verify answers its code); an order of several skus is chosen after 查询.
   */
  async queryAndVerify(s: UserSession, code: string, venueId: number): Promise<VerifyResult> {
    const provider = await this.providerFor(s, venueId);
    const prepared = await reached(provider.prepare(code));
    if (!prepared.certificates.length) throw notFound(MARKETING_TEXTS.noVoucher);
    if (new Set(prepared.certificates.map((c) => c.skuId)).size > 1) throw refuse('该订单有多张券，请查询后选择要核销的券');
    return this.verify(s, provider, venueId, { ...prepared, inputCode: code }, prepared.certificates.slice(0, 1));
  }

  private async verify(s: UserSession, provider: VoucherProvider, venueId: number, prepared: PreparedFor, chosen: PreparedVoucher[]): Promise<VerifyResult> {
    if (!chosen.length) throw refuse(MARKETING_TEXTS.chooseVoucher);
    if (chosen.some((c) => c.grouponType === CASH_VOUCHER)) throw refuse(MARKETING_TEXTS.typeNotOpen);
    const now = iso(this.clock.now());
    const rows = chosen.map((c) => ({
      tenant_id: s.tenantId,
      venue_id: venueId,
      user_id: s.userId,
      user_name: s.username,
      // What the staff typed or scanned until verify answers the voucher's own code.
      code: prepared.inputCode,
      // Verify answers it.
      certificate_id: '',
      encrypted_code: c.encryptedCode,
      order_id: prepared.orderId,
      sku_id: c.skuId,
      sku_title: c.skuTitle,
      groupon_type: c.grouponType,
      pay_fen: c.payFen,
      original_fen: c.originalFen,
      state: 'P' as const,
      created_at: now,
      logids: prepared.logid,
    }));
    let ids: number[];
    try {
      ids = await this.repo.insertPending(rows);
    } catch (error) {
      if (!isUniqueViolation(error) || !(await this.settleStale(s, provider, chosen))) throw busy(error);
      ids = await this.repo.insertPending(rows).catch((again) => Promise.reject(busy(again)));
    }

    let outcomes: VerifyOutcome[];
    let verifyLogids: string[] = [];
    try {
      ({ outcomes, logids: verifyLogids } = await provider.verify({ verifyToken: prepared.verifyToken, orderId: prepared.orderId, certificates: chosen }));
    } catch (error) {
      outcomes = chosen.map((c) => ({ encryptedCode: c.encryptedCode, kind: 'unclear', message: (error as Error).message }));
    }
    const result: VerifyResult = { verified: 0, failed: 0, unknown: 0, messages: [], records: [] };
    for (const [i, c] of chosen.entries()) {
      const outcome = outcomes.find((o) => o.encryptedCode === c.encryptedCode) ?? {
        encryptedCode: c.encryptedCode,
        kind: 'unclear' as const,
        message: '平台未答复此券',
      };
      const pending = { id: ids[i], code: prepared.inputCode, logids: withLogids(prepared.logid, verifyLogids), voucher: c };
      const state = await this.settleOutcome(s, venueId, provider, pending, outcome);
      if (state === 'V') result.verified++;
      else if (state === 'F') result.failed++;
      else result.unknown++;
      if (state === 'F' && outcome.kind === 'failed') result.messages.push(`${c.skuTitle}：${outcome.message}`);
      if (state === 'U') result.messages.push(`${c.skuTitle}：核销结果未知，请稍后在核销记录中查看`);
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
      const live = await this.repo.liveByEncryptedCode(s.tenantId, c.encryptedCode);
      if (!live || live.state === 'V' || (live.state === 'P' && new Date(live.created_at).getTime() > staleBefore)) continue;
      const state = await this.settleOutcome(
        s,
        live.venue_id,
        provider,
        { id: live.id, code: live.code, logids: live.logids, voucher: c },
        { encryptedCode: c.encryptedCode, kind: 'unclear', message: live.message },
      );
      if (state === 'F') freed = true;
    }
    return freed;
  }

  /** Writes what one voucher came to; `already` and `unclear` ask the platform's status, never verify again. */
  private async settleOutcome(s: UserSession, venueId: number, provider: VoucherProvider, p: Pending, outcome: VerifyOutcome): Promise<'V' | 'F' | 'U'> {
    if (outcome.kind === 'ok') {
      await this.settleVerified(s, venueId, p, outcome, p.logids);
      return 'V';
    }
    if (outcome.kind === 'failed') {
      await this.repo.settle(p.id, { state: 'F', message: outcome.message, logids: p.logids });
      return 'F';
    }
    const status = await provider.status(p.voucher.encryptedCode);
    const logids = withLogids(p.logids, status.logid);
    if (status.kind === 'verified') {
      await this.settleVerified(s, venueId, p, status, logids);
      return 'V';
    }
    if (status.kind === 'unused') {
      await this.repo.settle(p.id, { state: 'F', message: outcome.kind === 'unclear' ? outcome.message : '平台未核销', logids });
      return 'F';
    }
    await this.repo.settle(p.id, { state: 'U', message: status.message, logids });
    return 'U';
  }

  /**
   * 撤销核销: only a verified record of the caller's venues, with the verify id and certificate id verify
   * answered; the platform decides the hour. A record without the certificate id (settled before verify
   * answered it, or kept before issue 31 under its encrypted code) asks the status query for it first.
   */
  async cancel(s: UserSession, verifyId: string): Promise<VerificationRecord> {
    const row = await this.repo.byVerifyId(s.tenantId, verifyId);
    if (!row) throw notFound('核销记录不存在');
    assertVenue(s, row.venue_id);
    if (row.state === 'C') throw refuse('该核销已撤销');
    const provider = await this.providers.forVenue(s.tenantId, row.venue_id);
    let logids = row.logids;
    let certificateId = row.certificate_id;
    if (!certificateId || certificateId === row.encrypted_code) {
      const status = await provider.status(row.encrypted_code);
      logids = withLogids(logids, status.logid);
      certificateId = status.kind === 'verified' && status.verifyId === verifyId ? status.certificateId : '';
      if (!certificateId) {
        await this.repo.setLogids(row.id, logids);
        throw refuse('平台未答复该券的券ID，暂时无法撤销，请稍后重试');
      }
    }
    const answer = await reached(provider.cancel({ verifyId, certificateId }));
    logids = withLogids(logids, answer.logid);
    if (!answer.ok) {
      await this.repo.setLogids(row.id, logids);
      throw refuse(answer.message);
    }
    const done = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.markCancelled(row.id, s.username, iso(this.clock.now()), logids, trx))) return false;
      await this.audit.record(trx, s, {
        action: 'voucher.cancel',
        target: `团购券 ${row.code}`,
        venueId: row.venue_id,
        before: { verifyId, certificateId, skuTitle: row.sku_title, payFen: row.pay_fen },
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
      const day = chinaText(new Date(r.verify_time ?? r.created_at)).slice(0, 10);
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
      encryptedCode: r.encrypted_code,
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
      logids: r.logids ? r.logids.split(' ') : [],
    };
  }
}
