import fs from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as LightResponse } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { buildApp } from '../../server/app';
import { applyPooledDefaults, createDatabase, MIGRATION_TIMEOUTS, type DatabaseHandle } from '../../db/database';
import type { AppDeps } from '../../server/deps';
import type { Clock } from '../../server/lib/clock';
import { clonePgDatabase, testDatabaseUrl } from './db-template';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import type { AuthUser } from '../../server/trpc/context';
import { signAccessToken } from '../../server/lib/tokens';

export interface TestDb {
  dbh: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A database of this test file's own, cloned from the run's migrated template. `dropLater`: close()
 * does not wait for the clone's DROP DATABASE (0.3–3 s each here, a checkpoint's worth of disk work):
 * the next file starts meanwhile, and the run's teardown (global-setup.ts) drops any clone still there.
 */
export async function createTestDb(opts: { poolSize?: number; dropLater?: boolean } = {}): Promise<TestDb> {
  const url = testDatabaseUrl();
  const template = inject('pgTemplate');
  if (url && template) {
    const clone = await clonePgDatabase(url, template, inject('runId'));
    const bouncerPort = inject('pgBouncerPort');
    if (bouncerPort) await pooledDefaults(clone.url);
    const dbh = await createDatabase({
      databaseUrl: bouncerPort ? throughPort(clone.url, bouncerPort) : clone.url,
      directUrl: clone.url,
      poolSize: opts.poolSize ?? 10,
    });
    return {
      dbh,
      close: async () => {
        await dbh.close();
        if (opts.dropLater) void clone.drop().catch(() => {});
        else await clone.drop();
      },
    };
  }
  const file = inject('pgliteTemplatePath');
  if (!file) throw new Error('No test database template: is the integration globalSetup configured?');
  const dbh = await createDatabase({ memory: true, loadDataDir: new Blob([fs.readFileSync(file)]) });
  return { dbh, close: () => dbh.close() };
}

/** `url` with its port replaced (the same database through PgBouncer). */
function throughPort(url: string, port: number): string {
  const u = new URL(url);
  u.port = String(port);
  return u.toString();
}

/** What boot does after the migrations when DATABASE_URL is PgBouncer (a clone does not inherit it from the template). */
async function pooledDefaults(directUrl: string): Promise<void> {
  const setup = await createDatabase({ databaseUrl: directUrl, poolSize: 1, timeouts: MIGRATION_TIMEOUTS });
  try {
    await applyPooledDefaults(setup.db);
  } finally {
    await setup.close();
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SERVE_CLIENT: 'false',
      RUN_JOBS: 'false',
    },
    overrides,
  );
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  dbh: DatabaseHandle;
  /** app.inject with JSON convenience. */
  request(opts: InjectOptions): Promise<LightResponse>;
  /** A typed tRPC caller acting as `user` (or as a guest). */
  caller(user?: AuthUser | null): ReturnType<typeof appRouter.createCaller>;
  /** Authorization header value for a user: a new session and its access token, as a sign-in gives. */
  bearer(user: AuthUser): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { config?: Partial<Config>; clock?: Clock; serveClient?: boolean; logger?: boolean; database?: TestDb } = {},
): Promise<TestApp> {
  // `database`: a database of the test's own making (a primary with a replica…); closed with the app.
  const tdb = opts.database ?? (await createTestDb());
  const config = testConfig({ ...(opts.serveClient ? { SERVE_CLIENT: true } : {}), ...opts.config });
  const { app, deps } = await buildApp({ config, dbh: tdb.dbh, clock: opts.clock, logger: opts.logger ?? false });
  await app.ready();
  const createCaller = createCallerFactory(appRouter);
  return {
    app,
    deps,
    dbh: tdb.dbh,
    request: (o) => app.inject(o),
    caller: (user = null) => {
      const ctx = { deps, user, tokenRejected: false, req: { id: 'test', ip: '127.0.0.1', headers: {}, via: 'internal' as const }, resHeaders: {} };
      return createCaller(ctx);
    },
    bearer: async (user) => {
      // A session of its own, as a sign-in opens one: the server refuses a token that names none (decision 112).
      const { id: sid } = await deps.db
        .insertInto('auth_sessions')
        .values({ user_id: user.id, provider: 'test', created_at: deps.clock.now().toISOString(), last_used_at: deps.clock.now().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const claims = { sub: user.id, email: user.email, role: user.role, name: user.name, sid };
      return `Bearer ${(await signAccessToken(deps.tokenKeys, claims, deps.clock.now())).token}`;
    },
    close: async () => {
      await app.close();
      await tdb.close();
    },
  };
}

