import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Call, envelopeOf, Msg } from '@venue/contract';
import type { Access, AnonymousSession, Session, UserSession } from './session.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type SessionFor<A extends Access> = A extends 'public' ? Session | null : A extends 'board' ? Session : UserSession;

export interface RouteContext<C extends Call, A extends Access> {
  query: Out<C['query']>;
  body: Out<C['body']>;
  params: Out<C['params']>;
  session: SessionFor<A>;
  req: FastifyRequest;
  reply: FastifyReply;
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
  handler: (ctx: RouteContext<C, A>) => Promise<z.output<C['response']>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `/api/${call.path.replace(/\{(\w+)\}/g, ':$1')}`,
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[0]],
      querystring: call.query,
      body: call.body,
      params: call.params,
      response: { 200: envelopeOf(call.response) },
    },
    onRequest: async (req) => {
      req.session = await guard(req, access);
    },
    handler: async (req, reply) => {
      const data = await handler({
        query: req.query as Out<C['query']>,
        body: req.body as Out<C['body']>,
        params: req.params as Out<C['params']>,
        session: req.session as SessionFor<A>,
        req,
        reply,
      });
      return { code: 200, msg: Msg.ok, data: data ?? null };
    },
  });
}

export type { AnonymousSession, Session, UserSession };
