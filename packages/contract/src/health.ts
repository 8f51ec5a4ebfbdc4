import { z } from 'zod';
import { defineCall } from './common/call.ts';

/** What a not-ready server answers (HTTP 503), and nothing more: no versions, paths or errors. */
export const NOT_READY = '服务尚未就绪';

/** Liveness: the process answers HTTP. Touches nothing else (no database, no token read). */
export const health = defineCall({
  method: 'GET',
  path: 'health',
  summary: '存活检查',
  access: 'public',
  response: z.object({ status: z.literal('ok') }),
});

/**
 * Readiness: the database answers, every migration has run, and the controllers' event listener is bound
 * when one is configured. Not ready: HTTP 503 with code 503 and NOT_READY.
 */
export const ready = defineCall({
  method: 'GET',
  path: 'ready',
  summary: '就绪检查',
  access: 'public',
  response: z.object({ status: z.literal('ready') }),
});
