import type { FastifyInstance } from 'fastify';
import { Code, goods, Msg } from '@venue/contract';
import { BizError } from '../../lib/errors.ts';
import type { Guard } from '../../plugins/route.ts';
import type { UserSession } from '../../plugins/session.ts';
import { CONTENT_TYPES, pictureType, UPLOADS_PREFIX, type FileStore } from './file-store.ts';

const TOO_LARGE = `图片不能超过 ${goods.PICTURE_MAX_BYTES / 1024 / 1024}MB`;
const NOT_PICTURE = '只能上传 JPG、PNG、GIF 或 WEBP 图片';

/** Picture upload (multipart `file`) and serving stored files. Business refusals answer 200 with code -9000. */
export function uploadRoutes(app: FastifyInstance, guard: Guard, store: FileStore): void {
  app.post(`/api/${goods.UPLOAD_PICTURE_PATH}`, { onRequest: async (req) => { req.session = await guard(req, 'login'); }, schema: { hide: true } }, async (req) => {
    const file = await req.file({ limits: { fileSize: goods.PICTURE_MAX_BYTES, files: 1 } });
    if (!file) throw new BizError(Code.CAUGHT_EXCEPTION, '请选择图片');
    const bytes = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(Code.CAUGHT_EXCEPTION, TOO_LARGE);
      throw error;
    });
    if (file.file.truncated) throw new BizError(Code.CAUGHT_EXCEPTION, TOO_LARGE);
    const type = pictureType(bytes);
    if (!type) throw new BizError(Code.CAUGHT_EXCEPTION, NOT_PICTURE);
    const url = await store.put((req.session as UserSession).tenantId, type, bytes);
    return { code: Code.OK, msg: Msg.ok, data: { url } };
  });

  app.get(`${UPLOADS_PREFIX}/:tenant/:name`, { schema: { hide: true } }, async (req, reply) => {
    const { tenant, name } = req.params as { tenant: string; name: string };
    const bytes = /^\d+$/.test(tenant) ? await store.get(Number(tenant), name) : undefined;
    if (!bytes) return reply.status(404).send({ code: Code.NOT_EXISTENT, msg: Msg.notFound, data: null });
    return reply.type(CONTENT_TYPES[name.split('.').pop()!]).header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
