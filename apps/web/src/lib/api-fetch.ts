import type { Envelope } from '@venue/contract';
import { Code } from '@venue/contract/common/codes';
import { tokenStore } from './storage';

/**
 * The web app's one HTTP client: every call to the server (lib/http's callApi, the login screen, the
 * boards) goes through `apiFetch`, uploads through `xhrUpload` (fetch cannot report an upload's progress).
 * It shows nothing and imports neither antd nor the contract's schemas, so the login route stays small;
 * lib/http adds the messages and the 401/403 handling of spec 8.
 */

/** Where the API is and the spec 9 client timeout (1,200,000 ms); tests point them elsewhere. */
export const apiConfig = { baseUrl: '/api', timeout: 1_200_000 };

/** A failed call: a non-200 code (HTTP 200, no `status`), an error status, or no answer at all (`noAnswer`). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status?: number,
    readonly noAnswer = false,
  ) {
    super(message);
  }
}

export interface FetchInit {
  method?: string;
  /** The path under /api. */
  path: string;
  /** Its fields with a value, as the query string. */
  query?: unknown;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** The bearer token: the login's unless given; null sends none. */
  token?: string | null;
}

function apiUrl(path: string, query?: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(`${key}[]`, String(v)));
    else search.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const qs = search.toString();
  return `${apiConfig.baseUrl}/${path}${qs ? `?${qs}` : ''}`;
}

const authorization = (token: string | null | undefined): Record<string, string> => {
  const bearer = token === undefined ? tokenStore.get() : token;
  return bearer ? { Authorization: `Bearer ${bearer}` } : {};
};

const noAnswer = (timedOut: boolean) => new ApiError(Code.SERVER_ERROR, timedOut ? '网络请求超时' : '接口请求失败', undefined, true);

/**
 * One request to the API with the token and the timeout; answers the response whatever its status.
 * No answer (refused, timed out) throws ApiError `noAnswer`; the caller's own abort rethrows its AbortError.
 */
export async function apiFetch({ method = 'GET', path, query, body, signal, token }: FetchInit): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, apiConfig.timeout);
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop);
  try {
    return await fetch(apiUrl(path, query), {
      method,
      headers: { ...authorization(token), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal?.aborted ? signal : controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw noAnswer(timedOut);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** The error of an answer with an error status: its envelope's code and msg if it has one. */
export function statusError(status: number, body: unknown): ApiError {
  const envelope = body && typeof body === 'object' ? (body as Partial<Envelope<unknown>>) : undefined;
  return new ApiError(envelope?.code ?? status, envelope?.msg ? String(envelope.msg) : `请求失败（${status}）`, status);
}

/** An answer's envelope: `data` on code 200, else ApiError (the status's, or the code's with no status). */
export async function readData<T>(response: Response): Promise<T> {
  const envelope = (await response.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (!response.ok) throw statusError(response.status, envelope);
  if (!envelope || typeof envelope !== 'object') throw statusError(response.status, undefined);
  if (envelope.code !== Code.OK) throw new ApiError(envelope.code, envelope.msg);
  return envelope.data;
}

/** apiFetch and readData: the answer's `data` or ApiError. */
export const fetchData = async <T>(init: FetchInit): Promise<T> => readData<T>(await apiFetch(init));

/** Posts `file` as the multipart field `file`, with the token and the timeout, reporting the percent sent; answers the response like apiFetch. */
export function xhrUpload(path: string, file: Blob, onProgress?: (percent: number) => void): Promise<Response> {
  const form = new FormData();
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.timeout = apiConfig.timeout;
    for (const [name, value] of Object.entries(authorization(undefined))) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(Math.round((e.loaded / (e.lengthComputable ? e.total : file.size)) * 100));
    xhr.onload = () =>
      resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? '' } }));
    xhr.onerror = () => reject(noAnswer(false));
    xhr.ontimeout = () => reject(noAnswer(true));
    xhr.send(form);
  });
}
