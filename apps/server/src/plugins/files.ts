import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { BizError, refuse } from '../lib/errors.ts';
import { XLSX_TYPE } from '../lib/xlsx-stream.ts';

/** The HTTP side of file calls: reading an upload's one file, answering a download. */

export interface UploadLimits {
  maxBytes: number;
  /** The refusal (a 400) when the request carries no file (or is not multipart). */
  missing: string;
  tooLarge: string;
}

/** The one multipart field an upload takes. */
export const UPLOAD_FIELD = 'file';
export const ONE_FILE_ONLY = '一次只能上传一个文件';
export const UPLOAD_FIELD_ONLY = `只能通过字段 ${UPLOAD_FIELD} 上传文件`;

/**
 * The one file of a multipart upload, read whole. A missing or oversized file is a refusal, and so is
 * any other part: a second file, or a field or file under another name than `file` (a 400).
 */
export async function readUploadedFile(req: FastifyRequest, limits: UploadLimits): Promise<Buffer> {
  // no file at all is bad input (400), like a missing field; a file that cannot be taken is a refusal
  if (!req.isMultipart()) throw new BizError(400, limits.missing, 400);
  let bytes: Buffer | undefined;
  // a few parts at most are looked at: anything past them is refused unread
  for await (const part of req.parts({ limits: { fileSize: limits.maxBytes, files: 2, fields: 2, parts: 3 } })) {
    if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) throw new BizError(400, UPLOAD_FIELD_ONLY, 400);
    if (bytes) throw new BizError(400, ONE_FILE_ONLY, 400);
    bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(limits.tooLarge);
      throw error;
    });
    if (part.file.truncated) throw refuse(limits.tooLarge);
  }
  if (!bytes) throw new BizError(400, limits.missing, 400);
  return bytes;
}

/** Answers an .xlsx download named `fileName` (Chinese allowed; `asciiName` for clients without RFC 5987). */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Readable, asciiName = 'export.xlsx') {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(body);
}
