import { sale } from '@venue/contract';
import { addMs, iso, type Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { PayableOrder } from '../checkout/payable.ts';
import type { SaleCloseRepository } from './sale-close.repository.ts';

/** The order if it is the tenant's and in one of the user's venues (the checkout's lookup of a sale order). */
type OrderOfUser = (s: UserSession, orderId: number) => Promise<PayableOrder>;

/** Another kind of unpaid order closed by the same job and minutes: answers how many it closed. */
export type OtherCloser = (tenantId: number, cutoffIso: string) => Promise<number>;

const MINUTE_MS = 60_000;
const minutesOf = (stored: string | null) => {
  const n = stored === null ? NaN : Number(stored);
  return Number.isInteger(n) && n >= 0 ? n : sale.DEFAULT_AUTO_CLOSE_MINUTES;
};

/**
 * Closing unpaid sale orders (order state C, pay state C): by hand from 销售订单, or by the periodic
 * job after the tenant's auto-close minutes. A paid order, or one whose scan-code result is unknown
 * (N), never closes; a closed order cannot be paid (the payment's claim needs pay state U or F).
 */
export class SaleCloseService {
  constructor(
    private readonly repo: SaleCloseRepository,
    private readonly orderOfUser: OrderOfUser,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async close(s: UserSession, orderId: number) {
    const order = await this.orderOfUser(s, orderId);
    const answer = () => ({ orderId: order.id, orderState: 'C', payState: 'C' });
    if (order.pay_state === 'C') return answer();
    if (await this.repo.close(s.tenantId, order.id)) return answer();
    // Refused, or changed under us: say why from the order as it is now.
    const now = await this.orderOfUser(s, orderId);
    if (now.pay_state === 'C') return answer();
    if (now.pay_state === 'N' || now.pay_lock) throw refuse(sale.CLOSE_PENDING_REFUSED);
    throw refuse(sale.CLOSE_PAID_REFUSED);
  }

  /**
   * One pass of the job: every tenant's closable orders older than its minutes (0: never), sale orders
   * and those of `others` (e.g. lecture sign-ups, whose close gives seats back). Answers how many closed.
   */
  async closeExpired(others: OtherCloser[] = []): Promise<number> {
    const now = this.clock.now();
    let closed = 0;
    for (const { tenantId, minutes } of await this.repo.tenantsWithSetting()) {
      const limit = minutesOf(minutes);
      if (limit <= 0) continue;
      const cutoff = iso(addMs(now, -limit * MINUTE_MS));
      closed += await this.repo.closeCreatedBefore(tenantId, cutoff);
      for (const close of others) closed += await close(tenantId, cutoff);
    }
    return closed;
  }

  async setting(tenantId: number) {
    return { autoCloseMinutes: minutesOf(await this.repo.setting(tenantId)) };
  }

  async saveSetting(who: AuditActor, autoCloseMinutes: number) {
    const before = await this.setting(who.tenantId);
    await this.repo.saveSetting(who.tenantId, String(autoCloseMinutes));
    await this.audit.recordNow(who, { action: 'sale.autoClose', target: '销售订单自动关单', before, after: { autoCloseMinutes } });
    return { autoCloseMinutes };
  }
}
