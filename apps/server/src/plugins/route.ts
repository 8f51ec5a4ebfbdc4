import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import {
  type Access,
  admitsBoardToken,
  type AnyCall,
  type BodyOut,
  type Call,
  codesOf,
  type DownloadCall,
  envelopeOf,
  Msg,
  PERSONAL_DATA_PERMISSION,
  type ParamsOut,
  type QueryOut,
  type UploadCall,
} from '@venue/contract';
import { ALL_CALLS } from '@venue/contract/all-calls';
import { JSON_BODY_LIMIT, PUBLIC_BODY_LIMIT } from './body-limits.ts';
import { readUploadedFile, sendXlsx } from './files.ts';
import { maskPersonal } from '../lib/personal.ts';
import { XLSX_TYPE } from '../lib/xlsx-stream.ts';
import { seesPersonalData, type AnonymousSession, type Session, type UserSession } from './session.ts';

type SessionFor<A extends Access> = A extends 'public' ? Session | null : A extends 'board' | { board: true } ? Session : UserSession;

interface RequestContext<C extends AnyCall> {
  session: SessionFor<C['access']>;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface RouteContext<C extends Call> extends RequestContext<C> {
  query: QueryOut<C>;
  body: BodyOut<C>;
  params: ParamsOut<C>;
}
export interface DownloadContext<C extends DownloadCall> extends RequestContext<C> {
  query: QueryOut<C>;
  body: BodyOut<C>;
}
export interface UploadContext<C extends UploadCall> extends RequestContext<C> {
  /** The uploaded file, already checked against the call's size limit. */
  file: Buffer;
}

/**
 * A whole answer already serialized (a cached big list): sent as is, gzipped when the client takes
 * it, skipping the schema serializer that would parse it again on every request. The OpenAPI
 * document keeps the schema.
 */
export class RawJson {
  readonly body: Buffer;
  readonly gzipped: Buffer;
  /** `gzipLevel`: 6 for an answer kept and sent many times, 1 for one sent once. */
  constructor(dataJson: string, gzipLevel = 6) {
    this.body = Buffer.from(`{"code":200,"msg":${JSON.stringify(Msg.ok)},"data":${dataJson}}`);
    this.gzipped = gzipSync(this.body, { level: gzipLevel });
  }
  get size() {
    return this.body.length + this.gzipped.length;
  }
}

/** Resolves the caller and enforces a call's access rule; throws the 401/403 answers. */
export type Guard = (req: FastifyRequest, access: Access) => Promise<Session | null>;

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

const ok = (data: unknown) => ({ code: 200, msg: Msg.ok, data: data ?? null });

const PERSONAL_NOTE = `手机号、身份证号对未持有 ${PERSONAL_DATA_PERMISSION}（查看完整手机号）的用户脱敏`;

/** What the API document says about a call's access: the bearer token, the codes it asks for, what it masks. */
function accessDocs({ access, personal }: AnyCall & { personal?: true }) {
  // an empty list: this operation asks for no token (OpenAPI's way of saying public)
  if (access === 'public') return { security: [] };
  const codes = typeof access === 'object' ? codesOf(access) : [];
  const holders = [...(codes.length ? [codes.join(' 或 ')] : []), ...(codes.length && admitsBoardToken(access) ? ['看板匿名令牌'] : [])];
  const notes = [...(holders.length ? [`需要权限：${holders.join(' 或 ')}`] : []), ...(personal ? [PERSONAL_NOTE] : [])];
  return { security: [{ bearer: [] }], ...(notes.length && { description: notes.join('；') }) };
}

/**
 * Every contract call is registered here: its method and path, its document entry, and its access
 * rule, checked (onRequest) before the request is validated against `schema`.
 */
function register(app: FastifyInstance, guard: Guard, call: AnyCall, schema: FastifySchema, handler: (req: FastifyRequest, reply: FastifyReply) => unknown) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `/api/${call.path.replace(/\{(\w+)\}/g, ':$1')}`,
    schema: { operationId: operationIdOf(call), summary: call.summary, tags: [call.path.split('/')[0]], ...accessDocs(call), ...schema },
    ...(!('kind' in call && call.kind === 'upload') && { bodyLimit: bodyLimitOf(call as Call | DownloadCall) }),
    onRequest: async (req) => {
      req.session = await guard(req, call.access);
    },
    handler: async (req, reply) => handler(req, reply),
  });
}

const CALL_NAMES = new Map<AnyCall, string>(ALL_CALLS.map(({ name, call }) => [call, name]));
/** The document's operationId: the call's name in the contract (`goods.goodsById`), else its method and path. */
const operationIdOf = (call: AnyCall) => CALL_NAMES.get(call) ?? `${call.method.toLowerCase()}.${call.path.replace(/[{}]/g, '').replace(/\//g, '.')}`;

/** A call's body limit: its own, else small for a public call, else the JSON default. */
const bodyLimitOf = (call: Call | DownloadCall) => ('bodyLimit' in call && call.bodyLimit) || (call.access === 'public' ? PUBLIC_BODY_LIMIT : JSON_BODY_LIMIT);

/** The request parts a call has: Fastify warns about a key that is present but undefined. */
const requestSchema = (call: { query?: z.ZodType; body?: z.ZodType; params?: z.ZodType }): FastifySchema => ({
  ...(call.query && { querystring: call.query }),
  ...(call.body && { body: call.body }),
  ...(call.params && { params: call.params }),
});

/**
 * Registers one contract call: the contract's schemas validate the request and describe the
 * answer; the call's `access` is checked first; the handler's result is wrapped in the envelope, its
 * members' phone and ID numbers masked when the call is `personal` and the caller may not see them
 * (a RawJson answer is sent as built: a personal call does not answer one).
 */
export function route<C extends Call>(
  app: FastifyInstance,
  guard: Guard,
  call: C,
  handler: (ctx: RouteContext<C>) => Promise<z.output<C['response']> | RawJson>,
): void {
  register(app, guard, call, { ...requestSchema(call), response: { 200: envelopeOf(call.response) } }, async (req, reply) => {
    const data = await handler({
      query: req.query as QueryOut<C>,
      body: req.body as BodyOut<C>,
      params: req.params as ParamsOut<C>,
      session: req.session as SessionFor<C['access']>,
      req,
      reply,
    });
    if (data instanceof RawJson) {
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(data.gzipped as never);
      return reply.send(data.body as never);
    }
    return ok(call.personal && !seesPersonalData(req.session) ? maskPersonal(data) : data);
  });
}

/**
 * Registers one file call. A download answers the handler's .xlsx under the call's file name; an
 * upload reads the one multipart `file` within the call's limit and answers the handler's result in
 * the envelope. Access and refusals work as for every other call (refusals answer JSON).
 */
export function fileRoute<C extends DownloadCall>(
  app: FastifyInstance,
  guard: Guard,
  call: C,
  handler: (ctx: DownloadContext<C>) => Promise<Buffer | Readable>,
): void;
export function fileRoute<C extends UploadCall>(
  app: FastifyInstance,
  guard: Guard,
  call: C,
  handler: (ctx: UploadContext<C>) => Promise<z.output<C['response']>>,
): void;
export function fileRoute(
  app: FastifyInstance,
  guard: Guard,
  call: DownloadCall | UploadCall,
  handler: (ctx: DownloadContext<DownloadCall> & UploadContext<UploadCall>) => Promise<unknown>,
): void {
  if (call.kind === 'download') {
    register(app, guard, call, { ...requestSchema(call), produces: [XLSX_TYPE] }, async (req, reply) => {
      const file = await handler({ query: req.query, body: req.body, session: req.session as UserSession, req, reply } as never);
      return sendXlsx(reply, call.fileName, file as Buffer | Readable, call.asciiName);
    });
    return;
  }
  const schema = { consumes: ['multipart/form-data'], response: { 200: envelopeOf(call.response) } };
  register(app, guard, call, schema, async (req, reply) => {
    const file = await readUploadedFile(req, { maxBytes: call.maxBytes, missing: call.refusals.missing, tooLarge: call.refusals.tooLarge });
    return ok(await handler({ file, session: req.session as UserSession, req, reply } as never));
  });
}

export type { AnonymousSession, Session, UserSession };
