import axios, { AxiosError, type AxiosProgressEvent, type AxiosRequestConfig } from 'axios';
import {
  Code,
  fillPath,
  type Call,
  type CallBody,
  type CallData,
  type CallParams,
  type CallQuery,
  type DownloadCall,
  type Envelope,
  type UploadCall,
} from '@venue/contract';
import { notify, DURATION } from './notify';
import { expiredMarker, tokenStore } from './storage';

/** Spec 9: the client timeout is 1,200,000 ms. */
export const http = axios.create({ baseURL: '/api', timeout: 1_200_000 });

http.interceptors.request.use((config) => {
  const token = tokenStore.get();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  return config;
});

/** A business answer that is not 200; `msg` is already shown unless the call was quiet. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

let goUnauthorised: () => void = () => window.location.assign('/401');
/** The router hands over a navigate function so a 403 moves to /401 without a reload. */
export const bindUnauthorised = (go: () => void) => {
  goUnauthorised = go;
};

async function readBlobJson(data: unknown): Promise<{ msg?: string } | undefined> {
  if (!(data instanceof Blob) || !data.type.includes('json')) return undefined;
  try {
    return JSON.parse(await data.text()) as { msg?: string };
  } catch {
    return undefined;
  }
}

/** Spec 8 "Handling" for transport failures: 401, 403, other statuses, timeout, no answer. */
async function handleHttpError(error: AxiosError<Envelope<unknown> | Blob>, quiet = false): Promise<never> {
  const response = error.response;
  if (!response) {
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    const msg = timedOut ? '网络请求超时' : '接口请求失败';
    if (!quiet) notify.error(msg, DURATION.error);
    throw new ApiError(Code.SERVER_ERROR, msg);
  }
  const body = (await readBlobJson(response.data)) ?? (response.data as Envelope<unknown> | undefined);
  const msg = body && typeof body === 'object' && 'msg' in body && body.msg ? String(body.msg) : `请求失败（${response.status}）`;
  if (response.status === 401) {
    tokenStore.remove();
    expiredMarker.set();
    window.location.reload();
  } else if (response.status === 403) {
    goUnauthorised();
  } else if (!quiet) {
    notify.error(msg, DURATION.error);
  }
  throw new ApiError((body as Envelope<unknown> | undefined)?.code ?? response.status, msg, response.status);
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
}

/** What every JSON answer goes through: transport failures handled, a non-200 code shown and thrown, `data` answered. */
async function send<T>(config: AxiosRequestConfig, options: CallOptions): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = (await http.request<Envelope<T>>({ ...config, signal: options.signal })).data;
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    return handleHttpError(error as AxiosError<Envelope<unknown>>, options.quiet);
  }
  if (envelope.code !== Code.OK) {
    if (!options.quiet) notify.warning(envelope.msg);
    throw new ApiError(envelope.code, envelope.msg);
  }
  return envelope.data;
}

/** Calls one contract call and answers its `data`; a non-200 code shows `msg` as a warning and throws. */
export async function callApi<C extends Call>(call: C, input: CallInput<C> = {}, options: CallOptions = {}): Promise<CallData<C>> {
  const url = fillPath(call.path, input.params as Record<string, string | number> | undefined);
  return send({ method: call.method, url, params: input.query, data: input.body }, options);
}

export interface UploadOptions extends CallOptions {
  /** Called as the file goes out, with the percent sent. */
  onProgress?: (percent: number) => void;
}

/** Sends `file` as the multipart field `file` of an upload call and answers its `data`, failing like callApi. */
export async function uploadFile<C extends UploadCall>(call: C, file: Blob, options: UploadOptions = {}): Promise<CallData<C>> {
  const form = new FormData();
  form.append('file', file);
  const { onProgress } = options;
  return send(
    {
      method: call.method,
      url: call.path,
      data: form,
      ...(onProgress && { onUploadProgress: (e: AxiosProgressEvent) => onProgress(Math.round((e.loaded / (e.total ?? file.size)) * 100)) }),
    },
    options,
  );
}

export interface DownloadInput<C extends DownloadCall> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
}

/** Downloads a file call's answer under the call's file name; an error answer arrives as a JSON blob and is shown for 5000 ms. */
export async function downloadFile<C extends DownloadCall>(call: C, input: DownloadInput<C> = {}): Promise<void> {
  try {
    const response = await http.request<Blob>({ method: call.method, url: call.path, params: input.query, data: input.body, responseType: 'blob' });
    const json = await readBlobJson(response.data);
    if (json) {
      notify.error(json.msg ?? '导出失败', DURATION.error);
      return;
    }
    const url = URL.createObjectURL(response.data);
    const link = Object.assign(document.createElement('a'), { href: url, download: call.fileName });
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    await handleHttpError(error as AxiosError<Blob>).catch(() => undefined);
  }
}
