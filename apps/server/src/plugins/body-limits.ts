import type { FastifyInstance } from 'fastify';
import { BizError } from '../lib/errors.ts';

/** The body a public call (login, captcha check, board token) takes at most. */
export const PUBLIC_BODY_LIMIT = 4 * 1024;
/** The JSON body any other call takes at most, unless its contract entry says `bodyLimit`. */
export const JSON_BODY_LIMIT = 256 * 1024;
/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = '请求内容嵌套过深';

/**
 * True when the JSON text nests arrays/objects deeper than `max`. One pass over the text, skipping
 * strings (and their escapes), stopping at the first level past `max`: linear, and quick on a body of
 * brackets.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies: the default parser (prototype poisoning refused) after a depth check, so a body of
 * nested brackets is a 400 before JSON.parse recurses into it.
 */
export function limitJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new BizError(400, TOO_DEEP, 400), undefined);
    return parse(req, body as string, done);
  });
}
