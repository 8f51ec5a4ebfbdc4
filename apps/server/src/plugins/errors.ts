import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, Msg } from '@venue/contract';
import { BizError } from '../lib/errors.ts';
import { callerLog } from './logging.ts';

const CHINESE = /[\u4e00-\u9fa5]/;

/** Turns schema issues into one Chinese sentence that names the field. */
export function describeIssues(issues: { path?: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const field = (issue.path ?? []).map(String).join('.');
      const custom = CHINESE.test(issue.message) && !issue.message.startsWith('无效');
      return custom || !field ? issue.message : `参数 ${field}：${issue.message}`;
    })
    .join('；');
}

/**
 * The one error handler: business errors keep their code; 5xx never show their details. Only a 5xx
 * is logged, as one error line with its stack (the request's logger names the request, tenant and user).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof BizError) {
      return reply.status(error.status).send({ code: error.code, msg: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '格式错误',
      }));
      return reply.status(400).send({ code: 400, msg: describeIssues(issues), data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = status === 413 ? '上传内容过大' : status === 429 ? Msg.tooManyAttempts : '请求格式错误';
      return reply.status(status).send({ code: status, msg, data: null });
    }
    callerLog(req).error({ err: error, method: req.method, route: req.routeOptions.url }, 'unhandled error');
    return reply.status(500).send({ code: Code.SERVER_ERROR, msg: Msg.serverError, data: null });
  });
}
