import type { Socket } from 'node:net';

/** The refusal of a request line and headers past Node's limit (16 KB: maxHeaderSize), e.g. 10,000 query parameters. */
export const REQUEST_TOO_LONG = '请求地址或请求头过长，请减少参数后重试';
const REQUEST_TIMEOUT = '请求超时，请重试';
const REQUEST_MALFORMED = '请求格式错误';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL past the limit, a
 * broken request line, a timeout) answer the envelope in Chinese like every other bad input,
 * instead of Fastify's English 431/400 JSON. The connection is closed after the answer.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', REQUEST_TIMEOUT]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [400, 'Bad Request', REQUEST_TOO_LONG]
        : [400, 'Bad Request', REQUEST_MALFORMED];
  const body = Buffer.from(JSON.stringify({ code: status, msg, data: null }));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.toString()}`,
  );
}
