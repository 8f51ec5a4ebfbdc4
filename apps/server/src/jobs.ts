import type { FastifyInstance } from 'fastify';
import type { Services } from './modules.ts';
import { DAY_MS } from './lib/clock.ts';

/**
 * The server's periodic work, run by every process: each job is a conditional UPDATE in the database,
 * so two processes running it at once do it once, and nothing is kept in memory between runs.
 * A run still going when the next is due is not started twice in this process.
 */
export function startJobs(app: FastifyInstance, services: Services, everyMs: number): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    services.sale.closing
      .closeExpired([(tenantId, cutoff) => services.lectures.lectures.closeUnpaidBefore(tenantId, cutoff)])
      .then((closed) => closed > 0 && app.log.info({ closed }, '已自动关闭超时未支付的订单（销售、讲座报名）'))
      .catch((err: unknown) => app.log.error({ err }, '自动关闭未支付订单失败'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  // Once a day (and at start): expiry (E) stored and the blacklist rules applied (issue 16). Both are
  // conditional updates, so every process running them changes each card once.
  let dailyRunning = false;
  const daily = () => {
    if (dailyRunning) return;
    dailyRunning = true;
    services.cardAdmin.rules
      .daily()
      .then((done) => (done.expired > 0 || done.members > 0) && app.log.info(done, '会员卡到期与黑名单规则已执行'))
      .catch((err: unknown) => app.log.error({ err }, '会员卡每日任务失败'))
      .finally(() => {
        dailyRunning = false;
      });
  };
  const dailyTimer = setInterval(daily, DAY_MS);
  dailyTimer.unref();
  const firstRun = setTimeout(daily, Math.min(everyMs, 60_000));
  firstRun.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(dailyTimer);
    clearTimeout(firstRun);
  });
}
