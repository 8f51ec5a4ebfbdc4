import type { FastifyRequest } from 'fastify';

export interface UserSession {
  kind: 'user';
  sessionId: number;
  tenantId: number;
  userId: number;
  username: string;
  roles: string[];
  permissions: string[];
  isAdmin: boolean;
}
/** A read-only token for the public boards of one venue. */
export interface AnonymousSession {
  kind: 'anonymous';
  sessionId: number;
  tenantId: number;
  venueId: number;
}
export type Session = UserSession | AnonymousSession;

/**
 * Who may call a route:
 * - `public`: anyone (login, captcha);
 * - `login`: any logged-in user;
 * - `board`: a logged-in user or an anonymous board token;
 * - `{ permission }`: a user holding that permission (ROLE_admin holds all).
 */
export type Access = 'public' | 'login' | 'board' | { permission: string };

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}
