import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { DatabaseHandle } from '../db/database';
import type { AppDeps } from './deps';
import { CACHE_CHANNEL, createCache } from './lib/cache';
import { createLocalBus, createPgBus, type EventBus } from './lib/events';
import { createReads } from './lib/reads';
import { systemClock, type Clock } from './lib/clock';
import { resolveTokenKeys } from './lib/secrets';
import { registerSecurity } from './http/security';
import { registerErrorBodies, registerRest, registerTrpc } from './http/api';
import { registerDocs } from './http/docs';
import { lazySchemaCompilers } from './http/schema-compilers';
import { clientErrorHandler } from './http/client-errors';
import { PUBLIC_CACHED_ROUTES, registerResponseCache } from './http/response-cache';
import { registerDraining } from './http/streams';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { AppError, NO_OPERATION_MESSAGE, refuseUnstorableText, shopError, shopErrorBody } from './lib/errors';
import { createPaymentGateway } from './lib/payments';
import { startJobEngine, type Job, type JobEngine, type JobEngineOptions } from './lib/jobs';
import { outboxJobs } from './lib/outbox.jobs';
import { paymentJobs } from './domains/payments/payments.jobs';
import { authJobs } from './domains/auth/auth.jobs';
import { startAuthGuard } from './lib/auth-guard';
import { subscriptionJobs } from './domains/subscriptions/subscriptions.jobs';
import { scheduleJobs } from './domains/schedules/schedules.jobs';
import { webhookJobs } from './domains/webhooks/webhooks.jobs';
import { kitchenJobs } from './domains/kitchen/kitchen.jobs';
import { privacyJobs } from './domains/privacy/privacy.jobs';
import { registerPrivacyFiles } from './domains/privacy/privacy.http';
import { registerPaymentWebhook } from './domains/payments/payments.webhook';
import { registerWhatsAppWebhook } from './domains/notifications/notifications.webhook';
import { registerOrderFiles } from './domains/orders/orders.http';
import { registerKitchenFiles } from './domains/kitchen/kitchen.http';
import { registerPurchasePlanFiles } from './domains/admin/purchase-plan.http';
import { registerCatalogueImages } from './domains/catalogue/catalogue.images';
import { registerDeliveryPhotos } from './domains/orders/orders.photo.http';
import { provideOrderPayments } from './domains/orders/order-payments';
import { provideSubscriptionPayments } from './domains/subscriptions/subscription-payments';
import { provideWalletPayments } from './domains/wallet/wallet-payments';
import { orderCharges, paymentsForAutopay, paymentsForOrders, paymentsForSubscriptions, paymentsForWallet } from './domains/payments/payments.service';
import { registerChargeKind } from './lib/payments/charge-kinds';
import { subscriptionCharges } from './domains/subscriptions/subscriptions.billing';
import { walletTopUpCharges } from './domains/wallet/wallet.service';
import { autopayDebitCharges, hasActiveMandate } from './domains/autopay/autopay.service';
import { provideAutopayPayments } from './domains/autopay/autopay-payments';
import { provideMandateCheck, provideRenewalDebits } from './domains/subscriptions/subscriptions.autopay';
import { autopayForWallet, renewalDebitsOf } from './domains/autopay/autopay.refunds';
import { provideWalletAutopay } from './domains/wallet/wallet-autopay';
import { autopayJobs } from './domains/autopay/autopay.jobs';

export interface BuildAppOptions {
  config: Config;
  dbh: DatabaseHandle;
  clock?: Clock;
  /** Pass a logger config; tests use false. */
  logger?: boolean | Record<string, unknown>;
  /** Draining state, shared with server/index.ts (a fresh one when absent). */
  lifecycle?: Lifecycle;
  /** With RUN_JOBS: the jobs this instance works (default: every job of the shop) and the engine's pace (tests). */
  jobs?: readonly Job[];
  jobEngine?: JobEngineOptions;
}

/** Every background task of the shop, each declared in its domain's *.jobs.ts (decision 210). */
export const SHOP_JOBS: readonly Job[] = [
  ...outboxJobs,
  ...paymentJobs,
  ...authJobs,
  ...subscriptionJobs,
  ...webhookJobs,
  ...kitchenJobs,
  ...scheduleJobs,
  ...privacyJobs,
  ...autopayJobs,
];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const candidateClientDirs = [path.join(ROOT, 'dist/client'), path.join(ROOT, '../dist/client'), path.join(ROOT, 'client')];
export function clientDir(): string | null {
  return candidateClientDirs.find((d) => fs.existsSync(path.join(d, 'index.html')) && d.includes('dist')) ?? null;
}

/**
 * The app as a plugin-ordered Fastify instance: external plugins, then ours, then
 * the API, then the SPA. Only server/index.ts listens.
 */
export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; deps: AppDeps; startJobs: () => Promise<void> }> {
  const { config, dbh } = opts;
  // Orders reach payments through their port (decision 046: payments depends on orders, not back).
  provideOrderPayments(paymentsForOrders);
  provideSubscriptionPayments(paymentsForSubscriptions);
  provideWalletPayments(paymentsForWallet);
  // Each kind of charge says what its payments do; payments finds and settles them (decision 280).
  registerChargeKind('order', orderCharges);
  registerChargeKind('subscription', subscriptionCharges);
  registerChargeKind('wallet_topup', walletTopUpCharges);
  registerChargeKind('autopay_debit', autopayDebitCharges);
  provideAutopayPayments(paymentsForAutopay);
  // Automatic renewal goes through the customer's AutoPay mandate when they have one (decision 290).
  provideMandateCheck(hasActiveMandate);
  // AutoPay debits are refunded like top-ups and subscription payments, from where their money went (decisions 282–284).
  provideWalletAutopay(autopayForWallet);
  provideRenewalDebits(renewalDebitsOf);
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
    // Graceful shutdown (decision 082): server.close() ends idle connections only, requests in flight
    // finish; server/index.ts bounds the wait. Requests arriving meanwhile get the shop's 503 (streams.ts).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // What Node's parser refuses (a query string past 16 KiB…) answers the shop's body (decision 110).
    clientErrorHandler,
    // Ajv and fast-json-stringify load when a route first declares a schema; none of the shop's does (decision 305).
    schemaController: lazySchemaCompilers,
  });

  const bus: EventBus =
    dbh.kind === 'postgres' && dbh.databaseUrl
      ? // LISTEN needs a session of its own: on PostgreSQL itself, never through PgBouncer (decision 175).
        createPgBus(dbh.directUrl ?? dbh.databaseUrl, dbh.pool, (e) => app.log.warn({ err: e }, 'event bus connection problem'))
      : // The embedded database's own notifications reach the caches too (the stock trigger, decision 209).
        createLocalBus(dbh.pglite, [CACHE_CHANNEL]);
  const clock = opts.clock ?? systemClock;
  // Time limits of the caches follow the app's clock, so a test moves past them without waiting.
  const clockMs = () => clock.now().getTime();
  const deps: AppDeps = {
    config,
    dbh,
    db: dbh.db,
    bus,
    cache: createCache(bus, undefined, clockMs),
    clock,
    log: app.log,
    tokenKeys: await resolveTokenKeys(dbh.db, config),
    payments: createPaymentGateway(config, dbh.db),
    reads: createReads({
      primary: dbh.db,
      replicas: dbh.replicas,
      bus,
      now: () => performance.now(),
      windowMs: config.DATABASE_READ_WINDOW_MS,
      onReplicaError: (url, err) =>
        app.log.warn({ err, replica: url.replace(/\/\/[^@/]*@/, '//') }, 'read replica failed: read on the primary'),
    }),
    lifecycle: opts.lifecycle ?? createLifecycle(),
  };

  // Session and API key revocations from every instance (LISTEN from boot), and API key usage batches.
  const stopAuthGuard = startAuthGuard(deps);

  // A callback hook, not an async one: no promise per request for one header.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // A header the shop reads (Authorization, Idempotency-Key, User-Agent…) with a NUL character is
  // refused like any input holding text the database cannot store (Node's own parser already refuses
  // one on a socket; this holds for every way a request arrives).
  app.addHook('onRequest', (req, _reply, done) => {
    try {
      refuseUnstorableText(req.headers);
      done();
    } catch (e) {
      done(e as Error);
    }
  });

  // Fastify's own refusals (bad JSON, 413, 415) and anything thrown outside a procedure: the shop's body.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const e = shopError(err);
    if (e.unexpected) req.log.error({ err }, 'unhandled error');
    void reply
      .code(e.status)
      .headers(e.headers)
      .header('cache-control', 'no-store')
      .send(shopErrorBody(e, String(req.id)));
  });

  await registerSecurity(app, config);
  registerResponseCache(app, deps.cache, PUBLIC_CACHED_ROUTES, clockMs);
  registerDraining(app, deps.lifecycle);
  registerErrorBodies(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // The API, each in its own scope (the tRPC plugin brings its own body parser).
  await app.register(async (scope) => registerTrpc(scope, deps));
  // Razorpay's webhook needs the raw body: its own scope with a Buffer parser.
  await app.register(async (scope) => registerPaymentWebhook(scope, deps));
  await app.register(async (scope) => registerWhatsAppWebhook(scope, deps));
  // Invoice PDFs and the admin CSV export: files, not JSON.
  await app.register(async (scope) => registerOrderFiles(scope, deps));
  await app.register(async (scope) => registerKitchenFiles(scope, deps));
  await app.register(async (scope) => registerPurchasePlanFiles(scope, deps));
  await app.register(async (scope) => registerPrivacyFiles(scope, deps));
  // Uploaded pictures: a raw body up to a few MiB in, immutable files out.
  await app.register(async (scope) => registerCatalogueImages(scope, deps));
  await app.register(async (scope) => registerDeliveryPhotos(scope, deps));
  await app.register(async (scope) => {
    await registerDocs(scope);
    await registerRest(scope, deps);
  });

  // The SPA: hashed assets are immutable; every page route falls back to index.html.
  const dir = config.SERVE_CLIENT ? clientDir() : null;
  if (dir) {
    const files = {
      index: false as const,
      // The build wrote FILE.br and FILE.gz beside each text file (scripts/build-lib.mjs): sent as they
      // are to a browser that accepts them, so @fastify/compress leaves them alone.
      preCompressed: true,
      setHeaders: (res: FastifyReply, filePath: string) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The pages, the service worker, the script it imports, the manifests and the rider app's file
        // list (decision 312): checked on every load (decision 285), also when sent as the .br or .gz the
        // build wrote beside them.
        else if (/(\.html|[\\/](sw|push-worker)\.js|\.webmanifest|[\\/]rider-files\.json)(\.br|\.gz)?$/.test(filePath))
          res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=86400');
      },
    };
    // The files beside the assets keep a route each (every other path stays the page route's); not the
    // .br and .gz twins, which preCompressed finds on disk and no page links to.
    await app.register(fastifyStatic, { ...files, root: dir, wildcard: false, globIgnore: ['assets/**', '**/*.br', '**/*.gz'] });
    // The hashed assets through one route (decision 316): a route per file was ~420 Fastify routes (with
    // each .br and .gz) and ~10 MB of boot objects, half of them kept for the life of the server. Not the
    // plugin's wildcard, which lists the folder on every request (~150 µs more per asset). A name the
    // build could not have written (a path, a dot file) is not looked up; a missing one is a 404 as before.
    const assets = path.join(dir, 'assets');
    app.get('/assets/:file', (req, reply) => {
      const { file } = req.params as { file: string };
      return /^[\w-]+(\.[\w-]+)*$/.test(file) ? reply.sendFile(file, assets) : reply.callNotFound();
    });
  }
  const indexHtml = dir ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8') : null;
  // The rider app installs on its own (decision 298): its pages link the rider's manifest, start URL /rider.
  const riderHtml = indexHtml?.replace(/<link rel="manifest" href="\/manifest\.webmanifest"\s*\/?>/, '<link rel="manifest" href="/rider.webmanifest">') ?? null;

  const pathOf = (req: FastifyRequest) => req.url.split('?')[0]!;
  const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc');
  const notFound = (req: FastifyRequest, reply: FastifyReply) => {
    const e = isApi(pathOf(req)) ? shopError(new AppError('NOT_FOUND', NO_OPERATION_MESSAGE)) : shopError(new AppError('NOT_FOUND', 'Not found.'));
    return reply
      .code(e.status)
      .header('cache-control', 'no-store')
      .send(shopErrorBody(e, String(req.id)));
  };
  app.setNotFoundHandler(notFound);
  // Every other page is the app's index.html. A route, not the not-found handler: @fastify/compress adds its
  // hook to routes, and the page went out whole (8.7 KB, 2.4 KB as brotli) before this was one.
  if (indexHtml) {
    app.get('/*', (req, reply) => {
      const url = pathOf(req);
      if (isApi(url) || /\.[a-z0-9]{1,8}$/i.test(url)) return notFound(req, reply);
      const page = riderHtml && /^\/rider(\/|$)/.test(url) ? riderHtml : indexHtml;
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    });
  }

  // Jobs, the queue and the outboxes' rounds on their own connections with longer limits (decision 080),
  // on PostgreSQL itself (decision 175): they never take a request's pool connection, and a job may wait
  // for a lock longer than a request would. An instance without RUN_JOBS never works a job.
  // The engine starts when `startJobs` is called: server/index.ts calls it once the server listens
  // (decision 305), because its start (queues, schedules, a first fetch per job) takes the embedded
  // database's one connection and main thread for about a second, which the shop's opening should not wait for.
  let jobs: JobEngine | null = null;
  let jobsStarting: Promise<void> | undefined;
  const startJobs = (): Promise<void> =>
    (jobsStarting ??= config.RUN_JOBS
      ? startJobEngine({ ...deps, db: dbh.jobs() }, opts.jobs ?? SHOP_JOBS, opts.jobEngine).then((engine) => {
          jobs = engine;
          // From SIGTERM on (decision 082) the engine takes no new work; its runs in flight finish while the
          // requests drain, and the close below waits for them. A signal during the start stops it at once.
          if (deps.lifecycle.signal.aborted) void engine.stop();
          else deps.lifecycle.signal.addEventListener('abort', () => void engine.stop(), { once: true });
        })
      : Promise.resolve());
  app.addHook('onClose', async () => {
    // Stop taking work and wait for the runs in flight, then the rest (a start under way ends first).
    await jobsStarting?.catch(() => {});
    await jobs?.stop();
    await stopAuthGuard();
    deps.reads.close();
    await bus.close();
  });

  return { app, deps, startJobs };
}
