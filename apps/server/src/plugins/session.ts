import type { FastifyRequest } from 'fastify';

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
}
/** A read-only token for the public boards of one venue. */
export interface AnonymousSession {
  kind: 'anonymous';
  sessionId: number;
  tenantId: number;
  venueId: number;
}
export type Session = UserSession | AnonymousSession;

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}
