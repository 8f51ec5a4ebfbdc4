import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { Code, fields, member, Msg } from '@venue/contract';
import { BizError } from '../../lib/errors.ts';
import type { Guard } from '../../plugins/route.ts';
import type { Access, UserSession } from '../../plugins/session.ts';
import { IMPORT_MAX_BYTES } from './card-import.service.ts';
import { XLSX_TYPE } from '../../lib/xlsx-stream.ts';
import { consumeSummaryXlsx, importTemplate } from './card-xlsx.ts';
import { CARD_PERMISSIONS as can } from './card-permissions.ts';
import type { MemberCardServices } from './member-card.routes.ts';

const exportQuery = member.cardQuery.omit({ current: true, size: true, page: true });
/** The summary export as a GET (what a download link sends): the body's fields in the query string. */
const summaryQuery = member.consumeSummaryBody.extend({ venueId: fields.id().optional() });
const TOO_LARGE = `文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024}MB`;
const NOT_XLSX = '请上传按模板填写的 .xlsx 文件';

function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The routes that answer a file (exports, the import template) or take one (the import). Plain Fastify
 * routes, checked by the same guard and permissions; their errors answer JSON `{ code, msg, data }`.
 */
export function memberCardFileRoutes(app: FastifyInstance, guard: Guard, s: MemberCardServices): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const checked = (access: Access) => async (req: FastifyRequest) => {
    req.session = await guard(req, access);
  };
  const tenantOf = (req: FastifyRequest) => (req.session as UserSession).tenantId;
  const docs = (summary: string) => ({ summary, tags: ['member'] });

  typed.get(`/api/${member.EXPORT_CARD_PATH}`, { schema: { ...docs('导出会员卡（.xlsx，条件同会员卡查询）'), querystring: exportQuery }, onRequest: checked(can.export) },
    async (req, reply) => sendXlsx(reply, '会员卡.xlsx', s.cards.exportCards(tenantOf(req), req.query)));

  typed.get(`/api/${member.DOWNLOAD_CARD_MODEL_PATH}`, { schema: docs('下载会员卡导入模板（.xlsx）'), onRequest: checked(can.import) },
    async (req, reply) => sendXlsx(reply, '会员卡导入模板.xlsx', await importTemplate(await s.cards.cardTypes(tenantOf(req)))));

  const summary = async (tenantId: number, q: z.output<typeof member.consumeSummaryBody>) => consumeSummaryXlsx(await s.ledger.consumeSummary(tenantId, q));
  typed.post(`/api/${member.EXPORT_CONSUME_SUMMARY_PATH}`, { schema: { ...docs('导出消费汇总（.xlsx）'), body: member.consumeSummaryBody }, onRequest: checked(can.export) },
    async (req, reply) => sendXlsx(reply, '会员卡消费汇总.xlsx', await summary(tenantOf(req), req.body)));
  typed.get(`/api/${member.EXPORT_CONSUME_SUMMARY_PATH}`, { schema: { ...docs('导出消费汇总（.xlsx，参数在查询串）'), querystring: summaryQuery }, onRequest: checked(can.export) },
    async (req, reply) => sendXlsx(reply, '会员卡消费汇总.xlsx', await summary(tenantOf(req), req.query)));

  typed.post(`/api/${member.IMPORT_CARD_PATH}`, { schema: { ...docs('导入会员卡（multipart 字段 file，.xlsx）'), consumes: ['multipart/form-data'] }, onRequest: checked(can.import) },
    async (req) => {
      if (!req.isMultipart()) throw new BizError(Code.CAUGHT_EXCEPTION, NOT_XLSX);
      const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw new BizError(Code.CAUGHT_EXCEPTION, NOT_XLSX);
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(Code.CAUGHT_EXCEPTION, TOO_LARGE);
        throw error;
      });
      if (file.file.truncated) throw new BizError(Code.CAUGHT_EXCEPTION, TOO_LARGE);
      // An .xlsx is a zip: it starts with PK.
      if (bytes.subarray(0, 2).toString('latin1') !== 'PK') throw new BizError(Code.CAUGHT_EXCEPTION, NOT_XLSX);
      const session = req.session as UserSession;
      return { code: Code.OK, msg: Msg.ok, data: await s.imports.import(session.tenantId, session.userId, bytes) };
    });
}
