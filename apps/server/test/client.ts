import { auth, fillPath, type Call, type CallBody, type CallData, type CallParams, type CallQuery, type Envelope } from '@venue/contract';

/** An answer of the API: the HTTP status (for 4xx checks), the envelope and the headers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a call by path is a probe: its data is whatever the server answered
export type Reply<T = any> = { status: number; body: Envelope<T>; headers: Headers };

/** Options of a call by method and path: outside the contract (probes, malformed input, unknown routes). */
export type CallOptions = { token?: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
/** The input of a contract call, typed by its schemas; `token` overrides the client's own. */
export type CallInput<C> = { body?: CallBody<C>; query?: CallQuery<C>; params?: CallParams<C>; token?: string; headers?: Record<string, string> };

/** Calls the API over HTTP, by contract call (typed) or by method and path (anything). */
export interface Client {
  readonly url: string;
  call<C extends Call>(call: C, input?: CallInput<C>): Promise<Reply<CallData<C>>>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  login(username: string, password: string): Promise<string>;
  /** The same server, sending `token` (a login's answer) with every call. */
  as(token: string): Client;
  /** POSTs one file as multipart form data (field `file`), as the upload screens do. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Reply
  upload<T = any>(path: string, file: { bytes: Buffer; name: string; type?: string }): Promise<Reply<T>>;
  /** A file answer as bytes; POST when a body is given. Its errors are JSON in the bytes. */
  download(path: string, init?: { query?: Record<string, string>; body?: unknown }): Promise<Download>;
}
export type Download = { status: number; type: string; bytes: Buffer };
/** A client that sends a demo user's token with every call. */
export interface UserClient extends Client {
  readonly token: string;
}

/** The demo users of the seed: tenant 1's admin and cashier, and tenant 2's admin ("other"). */
export const DEMO_USERS = {
  admin: { username: 'admin', password: 'admin123' },
  cashier: { username: 'cashier', password: 'cashier123' },
  other: { username: 'admin2', password: 'admin123' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/**
 * A client of the server at `address()`, sending `token()` unless a call brings its own. Both are
 * read at call time, so a suite can hand clients out before its server has started.
 */
export function client(address: () => string, token: () => string = () => ''): Client {
  const urlOf = (path: string, query?: Record<string, unknown>) => {
    const url = new URL(`/api/${path}`, address());
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };
  const authorization = (own?: string): Record<string, string> => {
    const bearer = own ?? token();
    return bearer ? { authorization: `Bearer ${bearer}` } : {};
  };
  const json = (body: unknown): Record<string, string> => (body !== undefined ? { 'content-type': 'application/json' } : {});
  const reply = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  async function send(method: string, path: string, { token: own, query, body, headers }: CallOptions = {}): Promise<Reply> {
    const response = await fetch(urlOf(path, query), {
      method,
      headers: { ...authorization(own), ...json(body), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return reply(response);
  }
  const self: Client = {
    get url() {
      return address();
    },
    call(target: Call | string, second?: unknown, third?: CallOptions) {
      if (typeof target === 'string') return send(target, second as string, third);
      const { params, ...options } = (second ?? {}) as CallInput<Call> & { params?: Record<string, string | number> };
      return send(target.method, fillPath(target.path, params), options as CallOptions);
    },
    async login(username, password) {
      const { body } = await self.call(auth.login, { body: { username, password } });
      if (body.code !== 200) throw new Error(`login ${username} failed: ${body.msg}`);
      return body.data.token;
    },
    as: (other) => client(address, () => other),
    async upload(path, { bytes, name, type }) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], type ? { type } : {}), name);
      return reply(await fetch(urlOf(path), { method: 'POST', headers: authorization(), body: form }));
    },
    async download(path, { query, body } = {}) {
      const response = await fetch(urlOf(path, query), {
        method: body ? 'POST' : 'GET',
        headers: { ...authorization(), ...json(body) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
    },
  } as Client;
  return self;
}

/** A client whose `token` is read when a call is made (see useServer, which logs the demo users in). */
export function userClient(address: () => string, token: () => string): UserClient {
  return Object.defineProperty(client(address, token), 'token', { get: token, enumerable: true }) as UserClient;
}
