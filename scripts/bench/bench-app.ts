import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { runSeeds } from '../../db/seeds';
import { signAccessToken } from '../../server/lib/tokens';
import type { AppDeps } from '../../server/deps';
import type { Clock } from '../../server/lib/clock';
import type { AuthUser } from '../../server/trpc/context';
import { benchDatabase } from './lib';

/** A user row as inserted (an account may have no e-mail: decision 170). */
type TokenUser = Omit<AuthUser, 'email'> & { email: string | null };

export interface BenchApp {
  app: FastifyInstance;
  deps: AppDeps;
  dbh: DatabaseHandle;
  /** The bench database's URL (the baselines open their own connections to it). */
  url: URL;
  /** The access tokens' secret (a baseline that checks tokens itself derives its key from it). */
  jwtSecret: string;
  poolSize: number;
  /** The port, when `listen` was asked for. */
  port?: number;
  /** `Bearer …` for `user`, with a session of its own, as a sign-in gives (decision 112: no token without one). */
  bearer(user: TokenUser): Promise<string>;
  /** Closes the app and its pool and drops the bench database. */
  close(): Promise<void>;
}

/**
 * The real app, as the benches measure it, on a fresh bench database of its own (benchDatabase),
 * migrated and seeded: silent, no client, no jobs, a token secret of the run's own, a pool of
 * `poolSize` (BENCH_POOL, else 10).
 */
export async function benchApp(
  adminUrl: string,
  name: string,
  opts: { poolSize?: number; clock?: Clock; listen?: boolean } = {},
): Promise<BenchApp> {
  const { dbName, url, admin } = await benchDatabase(adminUrl, name);
  const poolSize = opts.poolSize ?? Number(process.env.BENCH_POOL ?? 10);
  const dbh = await createDatabase({ databaseUrl: url.toString(), poolSize });
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      await app?.close();
      await dbh.close();
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    }
  };
  try {
    await migrateToLatest(dbh.db);
    await runSeeds(dbh.db);
    const jwtSecret = crypto.randomBytes(32).toString('hex');
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: 'false',
      RUN_JOBS: 'false',
      JWT_SECRET: jwtSecret,
    });
    const built = await buildApp({ config, dbh, logger: false, clock: opts.clock });
    app = built.app;
    const { deps } = built;
    if (opts.listen) await app.listen({ port: 0, host: '127.0.0.1' });
    const bearer = async (user: TokenUser) => {
      const session = await dbh.db
        .insertInto('auth_sessions')
        .values({ user_id: user.id, provider: 'bench' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const claims = { sub: user.id, email: user.email ?? '', role: user.role, name: user.name, sid: session.id };
      return `Bearer ${(await signAccessToken(deps.tokenKeys, claims, new Date())).token}`;
    };
    const port = opts.listen ? (app.server.address() as { port: number }).port : undefined;
    return { app, deps, dbh, url, jwtSecret, poolSize, port, bearer, close };
  } catch (e) {
    await close();
    throw e;
  }
}
