import type { FastifyInstance } from 'fastify';
import type { Services } from './modules.ts';

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
      .closeExpired()
      .then((closed) => closed > 0 && app.log.info({ closed }, '已自动关闭超时未支付的销售订单'))
      .catch((err: unknown) => app.log.error({ err }, '自动关闭未支付订单失败'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
