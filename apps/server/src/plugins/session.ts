import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { Code, holdsRule, Msg, PERSONAL_DATA_PERMISSION } from '@venue/contract';
import { BizError } from '../lib/errors.ts';

/** Who may use a call: declared by each call in the contract. */
export type { Access } from '@venue/contract';

export interface UserSession {
  kind: 'user';
  sessionId: number;
  tenantId: number;
  userId: number;
  username: string;
  roles: string[];
  permissions: string[];
  isAdmin: boolean;
  /**
   * The venues of the tenant the user may read and write (its user_venue rows). An admin holds every
   * venue of the tenant whatever this says; a session without it holds none (fail closed).
   */
  venueIds?: readonly number[];
  /**
   * The version of the tenant's rules (grants, payment methods; the booking rules: venue hours, item
   * settings, closures, fields and prices) read with the session: what a process keeps in memory of them
   * is good while it stands (see db/migrations/2026-11-24-0601-rules-version.ts and 2026-11-28-3532).
   */
  rulesVersion?: number;
  /** The request's client address (TRUST_PROXY applied), for the audit log. */
  clientIp?: string;
  /** The user must change the password before any permission-guarded call (issue 15). */
  mustChangePassword?: boolean;
  /** A role with the data scope ALL (or admin): every venue of the tenant (issue 15). */
  allVenues?: boolean;
}
/** A read-only token for the public boards of one venue. */
export interface AnonymousSession {
  kind: 'anonymous';
  sessionId: number;
  tenantId: number;
  venueId: number;
}
export type Session = UserSession | AnonymousSession;

/** Whether the caller sees members' phone and ID numbers whole (查看完整手机号, or an admin). */
export const seesPersonalData = (s: Session | null | undefined): boolean =>
  s?.kind === 'user' && (s.isAdmin || holdsRule({ permission: PERSONAL_DATA_PERMISSION }, s.permissions));

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

// ---- Venue scope: the one place that says which venues a caller may see ----

/** The caller's venues: `all` (an admin: every venue of the session's tenant) or these ids. */
export function venuesOf(s: Session): 'all' | readonly number[] {
  if (s.kind === 'anonymous') return [s.venueId];
  return worksInAllVenues(s) ? 'all' : (s.venueIds ?? []);
}

/** An admin, or a user with a role whose data scope is ALL: every venue of the tenant. */
export const worksInAllVenues = (s: UserSession) => s.isAdmin || !!s.allVenues;

/** Whether the caller may read and write venue `venueId` of its tenant. */
export function mayUseVenue(s: Session, venueId: number): boolean {
  const venues = venuesOf(s);
  return venues === 'all' || venues.includes(venueId);
}

/** The refusal for another venue's data: the same HTTP 403 with code 510 as the permission guard. */
export const venueForbidden = () => new BizError(Code.NO_AUTHORIZATION, Msg.venueNotAllowed, 403);

/**
 * Refuses (403, 510) unless every given venue is one of the caller's. `null`/`undefined` is no venue
 * (a row of the whole tenant, or a filter not given): nothing to check.
 */
export function assertVenue(s: Session, ...venueIds: (number | null | undefined)[]): void {
  for (const venueId of venueIds) if (venueId != null && !mayUseVenue(s, venueId)) throw venueForbidden();
}

/**
 * A WHERE condition keeping only rows of the caller's venues, for lists: `column in (...)`, always
 * true for an admin (the tenant condition still applies), always false for a user with no venue.
 * `orNull` also keeps rows that belong to no venue (tenant-wide rows, e.g. a recharge).
 * `column` is a trusted identifier written in the code (`o.venue_id`), never input, or an SQL expression.
 */
export function inUserVenues(s: Session, column: string | RawBuilder<unknown>, { orNull = false } = {}): RawBuilder<boolean> {
  const venues = venuesOf(s);
  if (venues === 'all') return sql<boolean>`1 = 1`;
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  const nullRows = orNull ? sql`${ref} is null or ` : sql``;
  if (!venues.length) return orNull ? sql<boolean>`${ref} is null` : sql<boolean>`1 = 0`;
  return sql<boolean>`(${nullRows}${ref} in (${sql.join([...venues])}))`;
}
