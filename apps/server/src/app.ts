import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import zlib from 'node:zlib';
import { join } from 'node:path';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { limitJsonBodies } from './plugins/body-limits.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { createLogger, logCallers } from './plugins/logging.ts';
import { openApiOptions } from './plugins/openapi.ts';
import type { Guard } from './plugins/route.ts';
import { bearerToken } from './plugins/session.ts';
import { serveWebApp } from './plugins/web-app.ts';
import { startJobs } from './jobs/index.ts';
import { writeBackup } from './ops/backup.ts';
import { createServices, registerRoutes } from './modules.ts';
import { gateRuntime } from './modules/gate/index.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import type { ChannelOptions } from './modules/payment/channel-registry.ts';

export interface AppOptions {
  db: Db;
  config: Pick<Config, 'webDist'> & Partial<Config>;
  clock?: Clock;
  /** Where errors and warnings go; by default pino on stdout, with request lines when `config.log`. */
  logger?: Logger;
  /** How often the periodic jobs (jobs.ts) run; none when unset (tests that do not move the clock for them). */
  jobEveryMs?: number;
  /** How the live payment channels talk (tests: short waits, a stand-in's certificate authority). */
  channelOptions?: ChannelOptions;
}

/** External plugins, then our plugins, then the feature modules, then the web app. */
export async function buildApp({ db, config, clock = systemClock, logger, jobEveryMs, channelOptions }: AppOptions): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger({ requests: config.log ?? false });
  const app = Fastify({
    loggerInstance,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 10 * 1024 * 1024,
    // Errors the router raises before any route (a path parameter past 100 characters, a broken %
    // escape) answer the envelope in Chinese like every other bad input, not Fastify's English JSON.
    frameworkErrors: (error, _req, reply) => {
      const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求路径参数过长' : '请求地址格式错误';
      return (reply as FastifyReply).status(400).send({ code: 400, msg, data: null });
    },
    // Refused by Node's parser before any route (a URL or headers past 16 KB): the same envelope.
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);

  // helmet's headers, its middleware built once (@fastify/helmet builds it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined)));
  // API answers above 1 KB compressed per request (brotli at a quick level); built assets come precompressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart);
  registerErrorHandler(app);
  limitJsonBodies(app);
  logCallers(app);

  const uploadsDir = config.dataDir ? join(config.dataDir, 'uploads') : mkdtempSync(join(tmpdir(), 'venue-uploads-'));
  const services = createServices(db, clock, uploadsDir, {}, channelOptions);
  const guard: Guard = async (req, access) => {
    const session = await services.auth.authorize(bearerToken(req), access);
    if (session?.kind === 'user') session.clientIp = req.ip;
    return session;
  };
  registerRoutes(app, guard, services);
  gateRuntime(app, services.gates, { listen: config.gateListen, simulator: config.gateSimulator, retryIntervalMs: config.gateRetryMs });
  const gateListen = config.gateListen;
  healthRoutes(app, { db, listenerBound: () => !gateListen || services.gates.events.port !== null });
  const { dataDir, backupKeep = 0 } = config;
  const copyDatabase = db.backup;
  const nightlyBackup =
    dataDir && copyDatabase && backupKeep > 0 ? () => writeBackup({ dataDir, copyDatabase, reason: 'nightly', keep: backupKeep }) : undefined;
  if (jobEveryMs) startJobs(app, db.kysely, services, jobEveryMs, { nightlyBackup });

  await serveWebApp(app, config.webDist);
  return app;
}
