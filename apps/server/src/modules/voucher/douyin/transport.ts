/** One request to the platform, as the adapter builds it (the simulator and the HTTP stand-in read it). */
export interface PlatformRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers: Record<string, string>;
}

/** Sends a request and answers the parsed JSON; throws PlatformUnclear when no answer came back. */
export type PlatformTransport = (request: PlatformRequest) => Promise<unknown>;

/** No answer (a timeout, a dropped connection): whether the platform acted is unknown. */
export class PlatformUnclear extends Error {}

/**
 * An answer the documentation does not describe (not JSON, a field missing or of another type): the
 * staff read 抖音返回的数据无法识别 and the log has the answer's logid for the platform's support.
 */
export class PlatformUnreadable extends Error {
  constructor(
    readonly logid: string,
    readonly problem: string,
  ) {
    super(`抖音返回的数据无法识别（logid ${logid || '无'}）`);
  }
}

/** The real platform over HTTP(S); `timeoutMs` bounds each call. */
export function httpTransport(baseUrl: string, timeoutMs = 8000): PlatformTransport {
  return async ({ method, path, query, body, headers }) => {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PlatformUnclear(`平台无应答：${(error as Error).name}`);
    }
    if (response.status >= 500) throw new PlatformUnclear(`平台服务异常（HTTP ${response.status}）`);
    const text = await response.text().catch(() => {
      throw new PlatformUnclear('平台应答中断');
    });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // The platform's gateway names the call in this header when the body is not its JSON.
      throw new PlatformUnreadable(response.headers.get('x-tt-logid') ?? '', `HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
  };
}
