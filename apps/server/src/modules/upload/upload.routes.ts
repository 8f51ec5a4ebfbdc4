import type { FastifyInstance } from 'fastify';
import { Code, goods, Msg } from '@venue/contract';
import { badFile } from '../../lib/errors.ts';
import { reencodePicture } from '../../lib/picture.ts';
import { fileRoute, type Guard } from '../../plugins/route.ts';
import { CONTENT_TYPES, pictureType, UPLOADS_PREFIX, type FileStore } from './file-store.ts';

/**
 * Picture upload (a contract call) and serving stored files. A file that is no picture answers 400, one
 * past the limit 413 (the envelope, in Chinese). Stored files are plain public paths outside /api: an `<img src>` sends no token.
 */
export function uploadRoutes(app: FastifyInstance, guard: Guard, store: FileStore): void {
  fileRoute(app, guard, goods.uploadPicture, async ({ session, file }) => {
    // only a picture decoded and encoded again is kept: bytes appended to it (HTML, script) are dropped
    const picture = pictureType(file) && (await reencodePicture(file));
    if (!picture) throw badFile(goods.uploadPicture.refusals.wrongType);
    return { url: await store.put(session.tenantId, picture.type, picture.bytes) };
  });

  app.get(`${UPLOADS_PREFIX}/:tenant/:name`, { schema: { hide: true } }, async (req, reply) => {
    const { tenant, name } = req.params as { tenant: string; name: string };
    const bytes = /^\d+$/.test(tenant) ? await store.get(Number(tenant), name) : undefined;
    if (!bytes) return reply.status(404).send({ code: Code.NOT_EXISTENT, msg: Msg.notFound, data: null });
    return reply.type(CONTENT_TYPES[name.split('.').pop()!]).header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
