import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Code, Msg } from '@venue/contract';

/** Hashed build assets never change under their name: a year, immutable. Everything else is revalidated. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';

/**
 * The built web app beside the API: the brotli or gzip file the build wrote next to each asset when the
 * browser takes it, hashed assets cached for a year, index.html never served from a cache unchecked, and
 * every path that is not the API answered with index.html (the app routes in the browser, history mode).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = () => existsSync(join(webDist, 'index.html'));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !hasApp()) {
      return reply.status(404).send({ code: Code.NOT_EXISTENT, msg: Msg.notFound, data: null });
    }
    return reply.header('cache-control', PAGE_CACHE).type('text/html').sendFile('index.html', webDist, { cacheControl: false });
  });
  if (!existsSync(webDist)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => res.header('cache-control', path.startsWith(join(webDist, 'assets')) ? ASSET_CACHE : PAGE_CACHE),
  });
}
