import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { DatabaseHandle } from '../db/database';
import type { AppDeps } from './deps';
import { createCache } from './lib/cache';
import { createLocalBus, createPgBus, type EventBus } from './lib/events';
import { systemClock, type Clock } from './lib/clock';
import { resolveTokenKeys } from './lib/secrets';
import { registerSecurity } from './http/security';
import { registerRest, registerTrpc } from './http/api';
import { registerDocs } from './http/docs';
import { registerResponseCache } from './http/response-cache';
import { CATALOGUE_CACHE } from './domains/catalogue/catalogue.service';
import { INTERNAL_MESSAGE } from './trpc/init';
import { createPaymentGateway } from './lib/payments';
import { startJobs } from './lib/jobs';
import { paymentJobs } from './domains/payments/payments.jobs';
import { authJobs } from './domains/auth/auth.jobs';
import { registerPaymentWebhook } from './domains/payments/payments.webhook';
import { startMailWorker } from './lib/mail';
import { registerOrderFiles } from './domains/orders/orders.http';
import { provideOrderPayments } from './domains/orders/order-payments';
import { paymentsForOrders } from './domains/payments/payments.service';

export interface BuildAppOptions {
  config: Config;
  dbh: DatabaseHandle;
  clock?: Clock;
  /** Pass a logger config; tests use false. */
  logger?: boolean | Record<string, unknown>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const candidateClientDirs = [path.join(ROOT, 'dist/client'), path.join(ROOT, '../dist/client'), path.join(ROOT, 'client')];
export function clientDir(): string | null {
  return candidateClientDirs.find((d) => fs.existsSync(path.join(d, 'index.html')) && d.includes('dist')) ?? null;
}

/**
 * The app as a plugin-ordered Fastify instance: external plugins, then ours, then
 * the API, then the SPA. Only server/index.ts listens.
 */
export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config, dbh } = opts;
  // Orders reach payments through their port (decision 046: payments depends on orders, not back).
  provideOrderPayments(paymentsForOrders);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : (opts.logger ?? {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token', '*.access_token'],
          }),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    forceCloseConnections: true,
  });

  const bus: EventBus =
    dbh.kind === 'postgres' && dbh.databaseUrl
      ? createPgBus(dbh.databaseUrl, dbh.pool, (e) => app.log.warn({ err: e }, 'event bus connection problem'))
      : createLocalBus();
  const deps: AppDeps = {
    config,
    dbh,
    db: dbh.db,
    bus,
    cache: createCache(bus),
    clock: opts.clock ?? systemClock,
    log: app.log,
    tokenKeys: await resolveTokenKeys(dbh.db, config),
    payments: createPaymentGateway(config),
  };

  // A callback hook, not an async one: no promise per request for one header.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    let message = err.message;
    let code = err.code ?? 'INTERNAL';
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') [message, code] = ['The request body is larger than 1 MiB.', 'PAYLOAD_TOO_LARGE'];
    else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      [message, code] = ['Send the body as application/json.', 'UNSUPPORTED_MEDIA_TYPE'];
    else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') [message, code] = ['The JSON body is empty.', 'BAD_REQUEST'];
    else if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      [message, code] = ['The request body is not valid JSON.', 'BAD_REQUEST'];
    else if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      [message, code] = [INTERNAL_MESSAGE, 'INTERNAL'];
    } else if (status === 400) code = 'BAD_REQUEST';
    void reply.code(status).header('cache-control', 'no-store').send({ message, code, requestId: req.id });
  });

  await registerSecurity(app, config);
  registerResponseCache(app, deps.cache, [
    { path: /^\/api\/(shakes\/[^/]+|ingredients|pricing)$/, tag: CATALOGUE_CACHE },
    { path: /^\/trpc\/catalogue\.[a-zA-Z]+(,catalogue\.[a-zA-Z]+)*$/, tag: CATALOGUE_CACHE },
  ]);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // The API, each in its own scope (the tRPC plugin brings its own body parser).
  await app.register(async (scope) => registerTrpc(scope, deps));
  // Razorpay's webhook needs the raw body: its own scope with a Buffer parser.
  await app.register(async (scope) => registerPaymentWebhook(scope, deps));
  // Invoice PDFs and the admin CSV export: files, not JSON.
  await app.register(async (scope) => registerOrderFiles(scope, deps));
  await app.register(async (scope) => {
    await registerDocs(scope, config);
    await registerRest(scope, deps);
  });

  // The SPA: hashed assets are immutable; every page route falls back to index.html.
  const dir = config.SERVE_CLIENT ? clientDir() : null;
  if (dir) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath: string) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  const indexHtml = dir ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    if (!isApi && !looksLikeFile && indexHtml && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({
        message: isApi ? 'There is no API operation at this path. See /api/docs.' : 'Not found.',
        code: 'NOT_FOUND',
        requestId: req.id,
      });
  });

  const mailWorker = config.RUN_JOBS ? startMailWorker(deps) : null;
  const jobs = config.RUN_JOBS ? startJobs(deps, [...paymentJobs, ...authJobs]) : null;
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await mailWorker?.stop();
    await bus.close();
  });

  return { app, deps };
}
