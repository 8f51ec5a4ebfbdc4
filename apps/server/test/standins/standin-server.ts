import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface StandinRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The client certificate's SHA-256 fingerprint (HTTPS with a client certificate), else null. */
  clientCert: string | null;
}
export interface StandinAnswer {
  status?: number;
  type?: string;
  body: string | Buffer;
}
/** undefined: the platform does not answer (the connection stays open until the client gives up). */
export type StandinHandler = (req: StandinRequest) => Promise<StandinAnswer | undefined> | StandinAnswer | undefined;

export interface Standin {
  url: string;
  close(): Promise<void>;
}

/**
 * A local stand-in of a platform's API: plain HTTP, or HTTPS with the platform's certificate asking for
 * the merchant's client certificate (WeChat's secapi). Used by the adapters' tests only.
 */
export async function startStandin(handler: StandinHandler, tls?: { key: string; cert: string }): Promise<Standin> {
  const hanging = new Set<ServerResponse>();
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const socket = req.socket as TLSSocket;
      const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : null;
      const request: StandinRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientCert: peer && peer.fingerprint256 ? peer.fingerprint256 : null,
      };
      Promise.resolve(handler(request))
        .then((answer) => {
          if (!answer) return void hanging.add(res);
          res.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/plain; charset=utf-8' });
          res.end(answer.body);
        })
        .catch((error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        });
    });
  };
  const server = tls ? createHttps({ key: tls.key, cert: tls.cert, requestCert: true, rejectUnauthorized: false }, listener) : createHttp(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections?.();
        server.close(() => done());
      }),
  };
}
