import type { z } from 'zod';
import type { Access } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: method, path under `/api`, who may use it, request schemas and the schema of `data` in
 * the answer. The server registers routes from these; the web client types its requests with them.
 */
export interface Call<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  access: A;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  /** The largest request body in bytes, when the server's default for the call does not fit it. */
  bodyLimit?: number;
  /**
   * The answer carries members' personal data: every `phone` and `idNumber` in it, at any depth, is
   * masked on the server (138****0001) for a viewer without PERSONAL_DATA_PERMISSION (查看完整手机号).
   */
  personal?: true;
}

export const defineCall = <
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  const A extends Access = Access,
>(
  call: Call<Q, B, P, R, A>,
) => call;

/**
 * A call that answers an .xlsx file saved as `fileName` instead of the envelope; its refusals (no
 * permission, bad input, nothing to export) still answer the JSON envelope.
 */
export interface DownloadCall<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Access = Access,
> {
  kind: 'download';
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  access: A;
  query?: Q;
  body?: B;
  fileName: string;
  /** The name for clients that cannot read a Chinese one (RFC 5987); `export.xlsx` when absent. */
  asciiName?: string;
}

export const defineDownload = <Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, const A extends Access = Access>(
  call: Omit<DownloadCall<Q, B, A>, 'kind'>,
): DownloadCall<Q, B, A> => ({ kind: 'download', ...call });

/**
 * A call that takes one multipart field `file` of at most `maxBytes` and answers the envelope with
 * `response`. `refusals` are the messages both sides show for a file that cannot be taken.
 */
export interface UploadCall<R extends z.ZodType = z.ZodType, A extends Access = Access> {
  kind: 'upload';
  method: 'POST';
  path: string;
  summary: string;
  access: A;
  maxBytes: number;
  refusals: { missing: string; tooLarge: string; wrongType: string };
  response: R;
}

export const defineUpload = <R extends z.ZodType, const A extends Access = Access>(call: Omit<UploadCall<R, A>, 'kind' | 'method'>): UploadCall<R, A> => ({
  kind: 'upload',
  method: 'POST',
  ...call,
});

/** Any call of the contract: what the route helpers register and the access test walks. */
export type AnyCall = Call | DownloadCall | UploadCall;

/** The schema a call declares for one part of its request (undefined when it has none). */
type PartOf<C, K extends 'query' | 'body' | 'params'> = C extends { [P in K]?: infer S } ? S : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export type CallQuery<C> = InputOf<PartOf<C, 'query'>>;
export type CallBody<C> = InputOf<PartOf<C, 'body'>>;
export type CallParams<C> = InputOf<PartOf<C, 'params'>>;
export type CallData<C> = C extends { response: infer R } ? OutputOf<R> : never;

/** Fills `{name}` placeholders of a call's path. */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** What the server sees after validation (defaults applied, strings coerced): a service's input types. */
export type QueryOut<C> = OutputOf<PartOf<C, 'query'>>;
export type BodyOut<C> = OutputOf<PartOf<C, 'body'>>;
export type ParamsOut<C> = OutputOf<PartOf<C, 'params'>>;
