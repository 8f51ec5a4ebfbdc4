import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: method, path under `/api`, request schemas and the schema of `data` in the answer.
 * The server registers routes from these; the web client types its requests with them.
 */
export interface Call<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

export const defineCall = <
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(call: Call<Q, B, P, R>) => call;

export type CallQuery<C> = C extends Call<infer Q, any, any, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type CallBody<C> = C extends Call<any, infer B, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type CallParams<C> = C extends Call<any, any, infer P, any> ? (P extends z.ZodType ? z.input<P> : undefined) : never;
export type CallData<C> = C extends Call<any, any, any, infer R> ? z.output<R> : never;

/** Fills `{name}` placeholders of a call's path. */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
