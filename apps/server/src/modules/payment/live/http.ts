import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface PostOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  /** A client certificate (WeChat's secapi calls). */
  cert?: string;
  key?: string;
  /** Extra trusted certificate authority (a test stand-in's). */
  ca?: string;
  method?: 'POST' | 'GET';
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** Answers at most this much: a platform answer is small, a bill file is bounded. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * One HTTP(S) call to a platform, with a deadline: a call that does not answer in time, or answers
 * with a broken connection, rejects (the channel's result is then unknown). Never throws synchronously.
 */
export function post(url: string, body: string | null, o: PostOptions): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new Error(`接口地址无效：${url}`));
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: o.method ?? 'POST',
        headers: { ...(body !== null ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...o.headers },
        timeout: o.timeoutMs,
        ...(target.protocol === 'https:' ? { cert: o.cert || undefined, key: o.key || undefined, ...(o.ca ? { ca: o.ca } : {}) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) req.destroy(new Error('应答过大'));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('支付渠道无响应')));
    req.on('error', reject);
    if (body !== null) req.write(body);
    req.end();
  });
}
