import type { FastifyInstance } from 'fastify';
import type { Services } from '../modules.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { DailyJob, DayClaims } from './daily-job.ts';
import { repeating } from './repeating.ts';
import type { PayableKind, RefundableKind } from '../modules/checkout/index.ts';

export interface JobOptions {
  /** Writes a backup and answers its folder: run once a China day across the processes (SQLite only). */
  nightlyBackup?: () => Promise<string>;
}

/**
 * The server's periodic work, run by every process: each job is a conditional UPDATE in the database,
 * so two processes running it at once do it once, and nothing is kept in memory between runs.
 * Closing the app waits for a run still going (it would otherwise meet a closed database).
 */
export function startJobs(app: FastifyInstance, db: Kysely<Database>, services: Services, everyMs: number, { nightlyBackup }: JobOptions = {}): void {
  const closeUnpaid = repeating(
    everyMs,
    async () => {
      const closed = await services.sale.closing.closeExpired([
        (tenantId, cutoff) => services.lectures.lectures.closeUnpaidBefore(tenantId, cutoff),
        (tenantId, cutoff) => services.booking.cancels.closeUnpaidBefore(tenantId, cutoff),
        (tenantId, cutoff) => services.courses.enrolments.closeUnpaidBefore(tenantId, cutoff),
      ]);
      if (closed > 0) app.log.info({ closed }, '已自动关闭超时未支付的订单（销售、讲座报名、场地预订、课程报名）');
      // Issue 35 (FN): paid cells never opened by their end are marked not used.
      const noShows = await services.booking.noShows();
      if (noShows > 0) app.log.info({ noShows }, '已标记预订未到场的场地时段');
      // Issue 36: students of a session that ended neither signed nor on leave are absent; past enrolments expire.
      const absences = await services.courses.absences();
      if (absences.absent + absences.expired + absences.finished > 0) app.log.info(absences, '已记录课程缺勤、过期报名与结课班级');
    },
    (err) => app.log.error({ err }, '自动关闭未支付订单失败'),
  );
  const cardRules = new DailyJob(new DayClaims(db), 'card-rules', app.log, async () => {
    const done = await services.cardAdmin.rules.daily();
    if (done.expired > 0 || done.members > 0) app.log.info(done, '会员卡到期与黑名单规则已执行');
  });
  const backups = nightlyBackup
    ? new DailyJob(new DayClaims(db), 'backup', app.log, async () => {
        app.log.info({ folder: await nightlyBackup() }, '已完成每日备份');
      }).schedule()
    : async () => undefined;
  const daily = cardRules.schedule();
  const stopPayments = startPaymentJobs(app, services, everyMs);
  app.addHook('onClose', async () => {
    await Promise.all([daily(), backups(), closeUnpaid(), stopPayments()]);
  });
}

/**
 * Every payable kind (the checkout settles their unknown channel results), and the refundable ones. Each
 * kind is typed by its own order row; the job only hands a kind its own orders back, hence the widening.
 */
function payKinds(services: Services) {
  const refundable = [
    services.sale.kind,
    services.lease.kind,
    services.tickets.kind,
    services.hands.deposit,
    services.lectures.kind,
    services.tickets.timeoutKind,
    services.booking.kind,
    services.courses.kind,
  ] as unknown as RefundableKind[];
  const others = [services.cardOrders.kind, services.cardAdmin.feeKind, services.hands.settle];
  return { payable: [...refundable, ...others] as unknown as PayableKind[], refundable };
}

/**
 * Issue 31: scan-code results left unknown (605) are settled without waiting for the cashier: every run
 * asks the channels about pending payments and refunds (each claimed by a lock, so two processes do
 * each once) and cancels a payment past its channel's wait; and each morning (after 10:00 China time)
 * yesterday's bills of the live channels are reconciled (支付对账). Answers the stop of its timers.
 */
function startPaymentJobs(app: FastifyInstance, services: Services, everyMs: number): () => Promise<void> {
  const { payable, refundable } = payKinds(services);
  const settle = repeating(
    Math.min(everyMs, 15_000),
    async () => {
      let moved = 0;
      for (const kind of payable) moved += await services.checkout.payments.settlePending(kind);
      const refunds = await services.checkout.refunds.settlePending(refundable);
      if (moved || refunds) app.log.info({ payments: moved, refunds }, '已处理支付结果未知的订单与退款');
    },
    (err) => app.log.error({ err }, '处理支付结果未知的订单失败'),
  );
  const reconcile = repeating(
    Math.min(everyMs * 10, 3_600_000),
    async () => {
      const ran = await services.payment.reconcile.runDue();
      if (ran > 0) app.log.info({ ran }, '已完成昨日支付对账');
    },
    (err) => app.log.error({ err }, '支付对账失败'),
  );
  return async () => {
    await Promise.all([settle(), reconcile()]);
  };
}
