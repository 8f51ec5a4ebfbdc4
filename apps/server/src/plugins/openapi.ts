import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { UploadCall } from '@venue/contract';
import { ALL_CALLS } from '@venue/contract/all-calls';
import { UPLOAD_FIELD } from './files.ts';

type JsonObject = Record<string, unknown>;

/** The envelope of a refusal, as the error handler sends it (JSON, also for a file call). */
const refusal = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          code: { type: 'integer', description: '400 输入有误；413 内容过大；-100 登录已过期；510 没有权限' },
          msg: { type: 'string', description: '中文说明' },
          data: { type: 'object', nullable: true, description: '总是 null' },
        },
        required: ['code', 'msg', 'data'],
      },
    },
  },
});
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The upload calls by route url: their request body is one multipart file, which no zod schema describes. */
const UPLOADS = new Map<string, UploadCall>(
  ALL_CALLS.flatMap(({ call }) => ('kind' in call && call.kind === 'upload' ? [[`/api/${call.path}`, call] as const] : [])),
);
const megabytes = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)}MB`;

/** An upload's document entry: the multipart body with its one `file` field, and the 400/413 refusals of the file. */
function uploadDocs(call: UploadCall, response: JsonObject): JsonObject {
  response[400] = refusal(
    `文件无法接受（code 400）：未选择文件（${call.refusals.missing}）、类型不符（${call.refusals.wrongType}），或字段不是 ${UPLOAD_FIELD}`,
  );
  response[413] = refusal(`文件过大（code 413）：${call.refusals.tooLarge}`);
  return {
    type: 'object',
    properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary', description: `一个文件，不超过 ${megabytes(call.maxBytes)}` } },
    required: [UPLOAD_FIELD],
  };
}

/**
 * One route's document entry: the zod schemas as JSON schema, plus the refusals every route of its kind
 * can answer — 400 when it takes input (a Chinese message naming the field), 401 and 403 when it is
 * protected (no or expired token; no permission, or another venue's data). Only the document: the
 * answers themselves come from the error handler.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input) as { schema: JsonObject & { response?: JsonObject }; url: string };
  if (!schema || schema.hide) return { schema, url };
  const protectedRoute = Array.isArray(schema.security) && schema.security.length > 0;
  const takesInput = ['querystring', 'body', 'params', 'consumes'].some((key) => schema[key] !== undefined);
  const response: JsonObject = { ...schema.response };
  // a download (route.ts marks it `produces`) answers the file; its refusals answer JSON
  if (Array.isArray(schema.produces) && schema.produces.includes(XLSX) && !Object.keys(response).some((s) => s.startsWith('2')))
    response[200] = { description: '.xlsx 文件（附件）', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } };
  if (takesInput) response[400] = refusal('输入有误：中文说明指出字段（控制字符、超长、格式、范围）');
  const upload = UPLOADS.get(url);
  // document only: the route reads the multipart stream itself (files.ts), no body schema validates it
  if (upload) schema.body = uploadDocs(upload, response);
  if (protectedRoute) {
    response[401] = refusal('未登录或登录已过期（code -100）');
    response[403] = refusal('没有权限，或不是本人场馆的数据（code 510）');
  }
  return { schema: { ...schema, response }, url };
};

/** Every `$ref` target in a document. */
function refsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsOf(child, found);
    }
  }
  return found;
}

/**
 * The whole document: the named (recursive) schemas as components, keeping only those a path refers
 * to (zod's registry yields an input and an output copy of each; the menu tree is only answered).
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input as never) as JsonObject & { components?: { schemas?: JsonObject } };
  const schemas = document.components?.schemas ?? {};
  let used = refsOf(document.paths);
  for (let grew = true; grew;) {
    const before = used.size;
    for (const name of Object.keys(schemas)) if (used.has(`#/components/schemas/${name}`)) used = refsOf(schemas[name], used);
    grew = used.size > before;
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(`#/components/schemas/${name}`)));
  return { ...document, components: { ...document.components, schemas: kept } } as never;
};

/** @fastify/swagger's options: the document `/api/docs/json` serves and `npm run lint:openapi` checks. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: '智慧体育场馆 API',
      version: '1.0.0',
      description: '场馆运营后台接口。除登录、验证码和看板匿名令牌外，每个接口都要带 `Authorization: Bearer <token>`。答复为 `{ code, msg, data }`。',
      license: { name: 'Proprietary' },
    },
    // The paths carry their /api prefix, so the server is the site the API is served from.
    servers: [{ url: '/', description: '提供本接口的站点（同源）' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '登录或看板匿名令牌' } } },
  },
  transform,
  transformObject,
};
