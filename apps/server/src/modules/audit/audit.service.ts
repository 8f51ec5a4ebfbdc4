import { audit, type AuditAction, type QueryOut, chinaToIso } from '@venue/contract';
import type { AuditEntry, AuditFilters } from '@venue/contract/audit';
import type { Executor } from '../../db/database.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditFilter, AuditRepository } from './audit.repository.ts';

/** Who acted: a user session has all of it (`clientIp` is the request's address, TRUST_PROXY applied). */
export interface AuditActor {
  tenantId: number;
  userId: number | null;
  username: string;
  clientIp?: string;
}

/** One change to record: the action code, what it acted on, its venue, and the values before and after. */
export interface AuditChange {
  action: AuditAction;
  /** What was acted on, in Chinese with its number: `商品销售订单 12`, `用户 cashier`. */
  target: string;
  venueId?: number | null;
  /** Any JSON-able value; undefined or null: nothing (a new row has no before, a removed row no after). */
  before?: unknown;
  after?: unknown;
}

/** A stored value is cut at this many characters (a before/after is a few fields, never a whole table). */
const MAX_JSON = 4000;
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value).slice(0, MAX_JSON));

type Listed = Awaited<ReturnType<AuditRepository['page']>>['records'][number];
const toEntry = (r: Listed): AuditEntry => ({
  logId: r.id,
  action: r.action,
  actionName: audit.AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
  target: r.target,
  venueId: r.venue_id,
  venueName: r.venue_name,
  userId: r.user_id,
  username: r.username,
  realName: r.real_name ?? '',
  before: r.before_json,
  after: r.after_json,
  clientIp: r.client_ip,
  createTime: r.created_at,
});

/**
 * 操作日志. Other modules call `record(trx, session, change)` inside the transaction of the change,
 * so an entry exists exactly when the change committed. Nothing updates or deletes an entry.
 */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock,
  ) {}

  record(trx: Executor, who: AuditActor, change: AuditChange): Promise<void> {
    return this.repo.insert(trx, this.entry(who, change));
  }

  /** The entry of a change made in one statement (no transaction of its own), written right after it. */
  recordNow(who: AuditActor, change: AuditChange): Promise<void> {
    return this.repo.insertNow(this.entry(who, change));
  }

  /** The row of a change, for a statement that writes it with the change itself (the checkout's payment). */
  entry(who: AuditActor, change: AuditChange) {
    return {
      tenant_id: who.tenantId,
      user_id: who.userId,
      username: who.username,
      venue_id: change.venueId ?? null,
      action: change.action,
      target: change.target,
      before_json: json(change.before),
      after_json: json(change.after),
      client_ip: who.clientIp ?? '',
      created_at: iso(this.clock.now()),
    };
  }

  /** Entries of the caller's venues, plus the tenant-wide ones (no venue: users, roles, menus). */
  private filterOf(s: UserSession, q: AuditFilters): AuditFilter {
    return {
      within: inUserVenues(s, 'l.venue_id', { orNull: true }),
      beginIso: q.beginTime ? chinaToIso(q.beginTime) : undefined,
      endIso: q.endTime ? chinaToIso(q.endTime, true) : undefined,
      action: q.action,
      venueId: q.venueId,
      userName: q.userName || undefined,
      keyword: q.keyword || undefined,
    };
  }

  async page(s: UserSession, q: QueryOut<typeof audit.auditQuery>) {
    return mapPage(await this.repo.page(s.tenantId, this.filterOf(s, q), pageWindow(q)), toEntry);
  }

  async *exportBatches(s: UserSession, q: AuditFilters): AsyncGenerator<AuditEntry[]> {
    for await (const rows of this.repo.batches(s.tenantId, this.filterOf(s, q))) yield rows.map(toEntry);
  }
}
