import type { Readable } from 'node:stream';
import { addChinaDays, chinaDate, fenToYuan, payChannel, chinaText, chinaToIso } from '@venue/contract';
import { addMs, iso, type Clock } from '../../../lib/clock.ts';
import type { ChannelConfigRepository } from '../channel-config.repository.ts';
import type { ChannelRegistry } from '../channel-registry.ts';
import type { InstallPrefix } from '../install.ts';
import { compareLines } from './reconcile-compare.ts';
import type { ReconcileRepository } from './reconcile.repository.ts';
import { reconcileXlsx } from './reconcile-xlsx.ts';

/** How long one run may hold its day before another process may take it over. */
const LOCK_MS = 10 * 60_000;
/** The platforms publish the day's bill in the morning (WeChat: from 9:00, better after 10:00). */
const BILLS_READY_HOUR = 10;

type Config = Awaited<ReturnType<ChannelConfigRepository['allLive']>>[number];
type RunRow = Awaited<ReturnType<ReconcileRepository['runs']>>[number];

/** The China date of a moment, and the day before it. */
export { chinaDate };
export const dayBefore = (date: string) => addChinaDays(date, -1);

/**
 * 支付对账: for each live account (a scan-code mode's platform setting, the tenant's or a venue's), the
 * platform's bill of a day against the payments and refunds of the venues it serves, line by line. The
 * morning job runs yesterday's; the 支付对账 screen runs a day again on demand.
 */
export class ReconcileService {
  constructor(
    private readonly repo: ReconcileRepository,
    private readonly configs: ChannelConfigRepository,
    private readonly channels: ChannelRegistry,
    private readonly prefix: InstallPrefix,
    private readonly clock: Clock,
  ) {}

  private async runOne(config: Config, billDate: string): Promise<void> {
    const now = this.clock.now();
    const scope = { tenantId: config.tenant_id, venueId: config.venue_id, payMode: config.pay_mode };
    const id = await this.repo.claim(scope, billDate, iso(now), iso(addMs(now, LOCK_MS)));
    if (id === null) return;
    const done = (state: 'D' | 'F', message: string, counts = { bill: 0, local: 0 }, diffs: Parameters<ReconcileRepository['finish']>[3] = []) =>
      this.repo.finish(id, config.tenant_id, { state, billCount: counts.bill, localCount: counts.local, message, nowIso: iso(this.clock.now()) }, diffs);
    try {
      const channel = this.channels.fromRow(config);
      const bill = channel.bill ? await channel.bill(billDate) : '该通道不支持对账单';
      if (typeof bill === 'string') return await done('F', bill);
      const next = addChinaDays(billDate, 1);
      const local = await this.repo.localLines(scope, await this.prefix.get(), chinaToIso(billDate), chinaToIso(next));
      const diffs = compareLines(bill, local);
      await done('D', diffs.length ? `有 ${diffs.length} 笔差异` : '账单一致', { bill: bill.length, local: local.length }, diffs);
    } catch (error) {
      await done('F', `对账失败：${(error as Error).message}`);
    }
  }

  /** Every live account of the tenant for the day; answers the day's runs. */
  async runTenant(tenantId: number, billDate: string) {
    for (const config of (await this.configs.allLive()).filter((c) => c.tenant_id === tenantId)) await this.runOne(config, billDate);
    return this.list(tenantId, billDate);
  }

  /**
   * The morning job: once the bills are out (10:00 China time), yesterday's run of every live account
   * that has not finished it yet (a bill not ready is tried again on the next run). Answers how many ran.
   */
  async runDue(): Promise<number> {
    const now = this.clock.now();
    if (Number(chinaText(now).slice(11, 13)) < BILLS_READY_HOUR) return 0;
    const billDate = dayBefore(chinaDate(now));
    let ran = 0;
    for (const config of await this.configs.allLive()) {
      const runs = await this.repo.runs(config.tenant_id, billDate);
      if (runs.some((r) => r.venue_id === config.venue_id && r.pay_mode === config.pay_mode && r.state === 'D')) continue;
      await this.runOne(config, billDate);
      ran++;
    }
    return ran;
  }

  async list(tenantId: number, billDate: string): Promise<payChannel.ReconcileRun[]> {
    const runs = await this.repo.runs(tenantId, billDate);
    const diffs = await this.repo.diffs(
      tenantId,
      runs.map((r) => r.id),
    );
    return runs.map((r: RunRow) => ({
      id: r.id,
      venueId: r.venue_id,
      venueName: r.venue_id === payChannel.ALL_VENUES ? '全部场馆' : r.venue_name,
      payMode: r.pay_mode,
      billDate: r.bill_date,
      state: r.state,
      billCount: r.bill_count,
      localCount: r.local_count,
      diffCount: r.diff_count,
      message: r.message,
      updatedAt: r.updated_at,
      diffs: diffs
        .filter((d) => d.reconcile_id === r.id)
        .map((d) => ({
          kind: d.kind,
          tradeType: d.trade_type,
          outNo: d.out_no,
          channelNo: d.channel_no,
          localAmount: d.local_fen === null ? null : fenToYuan(d.local_fen),
          billAmount: d.bill_fen === null ? null : fenToYuan(d.bill_fen),
          tradeTime: d.trade_time,
        })),
    }));
  }

  async exportXlsx(tenantId: number, billDate: string): Promise<Readable> {
    return reconcileXlsx(await this.list(tenantId, billDate));
  }
}
