import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Request fields that hold secrets: passwords, tokens, payment auth codes. */
const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'oldPass', 'newPass', 'authCode', 'code', 'token', 'secrets'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_FIELDS.join('|')})=)[^&]*`, 'g');

/** Where a secret could sit in a logged object: a request's headers and body, also inside an error that carries them. */
export const REDACTED_PATHS = ['headers.authorization', '*.headers.authorization', ...SECRET_FIELDS.flatMap((field) => [`body.${field}`, `*.body.${field}`])];

/** Fastify's request line, with secret query values (checkPassword's `password`) masked. */
function requestSummary(req: FastifyRequest) {
  return { method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), remoteAddress: req.ip };
}

/**
 * The server's logger: structured JSON lines (pino). Errors and warnings always; `requests` adds a
 * line per request and per answer. Tests pass a `stream` to read the lines.
 */
export function createLogger({ requests }: { requests: boolean }, stream?: DestinationStream): Logger {
  const options = {
    level: requests ? 'info' : 'warn',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: requestSummary },
  };
  return stream ? pino(options, stream) : pino(options);
}

type Caller = { tenantId: number; userId: number } | { tenantId: number; venueId: number };
const callerOf = (req: FastifyRequest): Caller | undefined => {
  const session = req.session;
  if (!session) return undefined;
  return session.kind === 'user' ? { tenantId: session.tenantId, userId: session.userId } : { tenantId: session.tenantId, venueId: session.venueId };
};
const named = new WeakSet<FastifyRequest>();
const INFO_LEVELS = new Set(['trace', 'debug', 'info']);

/**
 * Once a route's guard knows the caller, every later line about the request names its tenant and user:
 * with request logs on, at once; otherwise (only errors and warnings are written) when `callerLog` is
 * asked for a line, so a request that logs nothing makes no child logger.
 */
export function logCallers(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    if (!INFO_LEVELS.has(req.log.level)) return;
    // Fastify writes its answer line with the reply's logger.
    reply.log = callerLog(req);
  });
}

/** The request's logger, naming its caller once the guard knows it. */
export function callerLog(req: FastifyRequest) {
  const caller = callerOf(req);
  if (caller && !named.has(req)) {
    named.add(req);
    req.log = req.log.child(caller);
  }
  return req.log;
}
