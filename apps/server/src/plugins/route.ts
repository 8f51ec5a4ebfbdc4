import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { gzipSync } from 'node:zlib';
import { type Call, envelopeOf, Msg } from '@venue/contract';
import type { Access, AnonymousSession, Session, UserSession } from './session.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type QueryOf<C> = C extends Call<infer Q, any, any, any> ? Out<Q> : never;
type BodyOf<C> = C extends Call<any, infer B, any, any> ? Out<B> : never;
type ParamsOf<C> = C extends Call<any, any, infer P, any> ? Out<P> : never;
type SessionFor<A extends Access> = A extends 'public' ? Session | null : A extends 'board' ? Session : UserSession;

export interface RouteContext<C extends Call, A extends Access> {
  query: QueryOf<C>;
  body: BodyOf<C>;
  params: ParamsOf<C>;
  session: SessionFor<A>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A whole answer already serialized (a cached big list): sent as is, gzipped when the client takes
 * it, skipping the schema serializer that would parse it again on every request. The OpenAPI
 * document keeps the schema.
 */
export class RawJson {
  readonly body: Buffer;
  readonly gzipped: Buffer;
  constructor(dataJson: string) {
    this.body = Buffer.from(`{"code":200,"msg":${JSON.stringify(Msg.ok)},"data":${dataJson}}`);
    this.gzipped = gzipSync(this.body, { level: 6 });
  }
  get size() {
    return this.body.length + this.gzipped.length;
  }
}

/** Resolves the caller and enforces the route's access rule; throws the 401/403 answers. */
export type Guard = (req: FastifyRequest, access: Access) => Promise<Session | null>;

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/**
 * Registers one contract call: the contract's schemas validate the request and describe the
 * answer; `access` is checked before validation; the handler's result is wrapped in the envelope.
 */
export function route<C extends Call, const A extends Access>(
  app: FastifyInstance,
  guard: Guard,
  call: C,
  access: A,
  handler: (ctx: RouteContext<C, A>) => Promise<z.output<C['response']> | RawJson>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `/api/${call.path.replace(/\{(\w+)\}/g, ':$1')}`,
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[0]],
      // Only the parts the call has: Fastify warns about a key that is present but undefined.
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      ...(call.params && { params: call.params }),
      response: { 200: envelopeOf(call.response) },
    },
    onRequest: async (req) => {
      req.session = await guard(req, access);
    },
    handler: async (req, reply) => {
      const data = await handler({
        query: req.query as QueryOf<C>,
        body: req.body as BodyOf<C>,
        params: req.params as ParamsOf<C>,
        session: req.session as SessionFor<A>,
        req,
        reply,
      });
      if (data instanceof RawJson) {
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(data.gzipped as never);
        return reply.send(data.body as never);
      }
      return { code: 200, msg: Msg.ok, data: data ?? null };
    },
  });
}

export type { AnonymousSession, Session, UserSession };
