import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { badFile, fileTooLarge } from '../lib/errors.ts';
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
 * The one file of a multipart upload, read whole. A missing file is a 400 and an oversized one a 413,
 * and any other part is a 400: a second file, or a field or file under another name than `file`.
 */
export async function readUploadedFile(req: FastifyRequest, limits: UploadLimits): Promise<Buffer> {
  // no file at all is bad input (400), like a missing field; a file that cannot be taken is a refusal
  if (!req.isMultipart()) throw badFile(limits.missing);
  let bytes: Buffer | undefined;
  // a few parts at most are looked at: anything past them is refused unread
  for await (const part of req.parts({ limits: { fileSize: limits.maxBytes, files: 2, fields: 2, parts: 3 } })) {
    if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) throw badFile(UPLOAD_FIELD_ONLY);
    if (bytes) throw badFile(ONE_FILE_ONLY);
    bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limits.tooLarge);
      throw error;
    });
    if (part.file.truncated) throw fileTooLarge(limits.tooLarge);
  }
  if (!bytes) throw badFile(limits.missing);
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
