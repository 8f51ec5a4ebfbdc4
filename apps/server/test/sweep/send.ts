import JSZip from 'jszip';
import type { AnyCall } from '@venue/contract';
import type { RequestInput } from './bad-inputs.ts';

/** What the sweep reads of an answer: status, the envelope when it is JSON, and the text a client sees. */
export interface Answer {
  status: number;
  code?: number;
  msg?: string;
  /** The answer's text: the JSON, or the shared strings of an .xlsx. */
  text: string;
  /** The envelope's `data` (JSON answers). */
  data?: unknown;
}

/** Sends `input` to `call` as it is, without the typed client's encoding (query values may repeat). */
export async function send(baseUrl: string, call: AnyCall, input: RequestInput, token?: string): Promise<Answer> {
  const path = call.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(input.params?.[key] ?? ''));
  const url = new URL(`/api/${path}`, baseUrl);
  for (const [key, value] of Object.entries(input.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
  }
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: string | FormData | undefined;
  if (!input.noBody && input.body !== undefined) {
    if (input.body instanceof FormData) body = input.body;
    else {
      body = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
  }
  const response = await fetch(url, { method: call.method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const text = bytes.toString('utf8');
    const envelope = JSON.parse(text) as { code?: number; msg?: string; data?: unknown };
    return { status: response.status, code: envelope.code, msg: envelope.msg, data: envelope.data, text };
  }
  if (type.includes('spreadsheetml')) {
    const zip = await JSZip.loadAsync(bytes);
    const strings = await zip.file('xl/sharedStrings.xml')?.async('string');
    const sheets = await Promise.all(
      Object.keys(zip.files)
        .filter((f) => /^xl\/worksheets\/[^/]+\.xml$/.test(f))
        .map((f) => zip.file(f)!.async('string')),
    );
    return { status: response.status, text: [strings ?? '', ...sheets].join('\n') };
  }
  return { status: response.status, text: bytes.toString('utf8') };
}

/** Runs `work` over `items`, `width` at a time, keeping the order of the results. */
export async function pool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}
