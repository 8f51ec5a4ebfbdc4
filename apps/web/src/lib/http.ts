import type { Call, CallBody, CallData, CallParams, CallQuery, DownloadCall, UploadCall } from '@venue/contract';
import { fillPath } from '@venue/contract/common/call';
import { apiFetch, ApiError, readData, statusError, xhrUpload, type FetchInit } from './api-fetch';
import { notify, DURATION } from './notify';
import { expiredMarker, tokenStore } from './storage';

export { ApiError } from './api-fetch';

let goUnauthorised: () => void = () => window.location.assign('/401');
/** The router hands over a navigate function so a 403 moves to /401 without a reload. */
export const bindUnauthorised = (go: () => void) => {
  goUnauthorised = go;
};

/**
 * Spec 8 "Handling" of a failed call: 401 logs out and reloads, 403 goes to /401; otherwise, unless
 * quiet, a non-200 code shows its msg as a warning, an error status or no answer as an error. Answers
 * the error to throw (an abort passes as it is).
 */
function handled(error: unknown, quiet = false): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 401) {
    tokenStore.remove();
    expiredMarker.set();
    window.location.reload();
  } else if (error.status === 403) {
    goUnauthorised();
  } else if (!quiet) {
    if (error.status === undefined && !error.noAnswer) notify.warning(error.message);
    else notify.error(error.message, DURATION.error);
  }
  return error;
}

export interface CallInput<C extends Call> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
  params?: CallParams<C>;
}
export interface CallOptions {
  /** Do not show failures (except 401/403 handling); the caller shows them its own way (login, payment). */
  quiet?: boolean;
  /** Aborts the request (a query whose screen went away); an aborted call rejects without a message. */
  signal?: AbortSignal;
  /** The call's answer, already on its way (lib/session-early): read instead of asking again. */
  sent?: Promise<Response>;
}

async function send<T>(request: () => Promise<Response>, quiet?: boolean): Promise<T> {
  try {
    return await readData<T>(await request());
  } catch (error) {
    throw handled(error, quiet);
  }
}

/** Calls one contract call and answers its `data`; a non-200 code shows `msg` as a warning and throws. */
export async function callApi<C extends Call>(call: C, input: CallInput<C> = {}, options: CallOptions = {}): Promise<CallData<C>> {
  const path = fillPath(call.path, input.params as Record<string, string | number> | undefined);
  const init: FetchInit = { method: call.method, path, query: input.query, body: input.body, signal: options.signal };
  return send(() => options.sent ?? apiFetch(init), options.quiet);
}

export interface UploadOptions extends CallOptions {
  /** Called as the file goes out, with the percent sent. */
  onProgress?: (percent: number) => void;
}

/** Sends `file` as the multipart field `file` of an upload call and answers its `data`, failing like callApi. */
export async function uploadFile<C extends UploadCall>(call: C, file: Blob, options: UploadOptions = {}): Promise<CallData<C>> {
  return send(() => xhrUpload(call.path, file, options.onProgress), options.quiet);
}

export interface DownloadInput<C extends DownloadCall> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
}

/** A JSON answer where a file was expected: the server's refusal. */
async function refusal(blob: Blob): Promise<{ code?: number; msg?: string } | undefined> {
  if (!blob.type.includes('json')) return undefined;
  try {
    return JSON.parse(await blob.text()) as { code?: number; msg?: string };
  } catch {
    return undefined;
  }
}

/** Downloads a file call's answer under the call's file name; an error answer arrives as JSON and is shown for 5000 ms. */
export async function downloadFile<C extends DownloadCall>(call: C, input: DownloadInput<C> = {}): Promise<void> {
  try {
    const response = await apiFetch({ method: call.method, path: call.path, query: input.query, body: input.body });
    const blob = await response.blob();
    const json = await refusal(blob);
    if (!response.ok) throw statusError(response.status, json);
    if (json) {
      notify.error(json.msg ?? '导出失败', DURATION.error);
      return;
    }
    const url = URL.createObjectURL(blob);
    const link = Object.assign(document.createElement('a'), { href: url, download: call.fileName });
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    handled(error);
  }
}
