import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import type { DB } from './schema';

export type { DB } from './schema';
export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Repositories take either the root handle or a transaction: `db | trx`. */
export type Executor = Kysely<DB> | Transaction<DB>;

let parsersSet = false;
/**
 * One set of type parsers for both back ends (PGlite goes through node-postgres too):
 * int8 → number (counts and sums stay far below 2^53), date → 'YYYY-MM-DD' string,
 * timestamps → ISO strings so every API output is JSON-native.
 */
export function setTypeParsers(): void {
  if (parsersSet) return;
  parsersSet = true;
  pg.types.setTypeParser(20, Number); // int8
  pg.types.setTypeParser(1700, Number); // numeric (rates only, never money)
  pg.types.setTypeParser(1082, (v: string) => v); // date
  pg.types.setTypeParser(1184, (v: string) => new Date(v).toISOString()); // timestamptz
  pg.types.setTypeParser(1114, (v: string) => new Date(`${v}Z`).toISOString()); // timestamp (stored as UTC)
}

export interface DatabaseOptions {
  /** Real PostgreSQL when set. */
  databaseUrl?: string;
  /** Embedded PGlite data folder (used when databaseUrl is absent). */
  dataDir?: string;
  /** Embedded in-memory database (tests). */
  memory?: boolean;
  /** Load a PGlite data dump (a migrated template) instead of running initdb. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The pg pool (PostgreSQL) — used by LISTEN/NOTIFY and raw benchmarks. */
  pool: pg.Pool;
  /** The embedded instance, when kind is pglite. */
  pglite?: import('@electric-sql/pglite').PGlite;
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  setTypeParsers();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => {
      /* an idle client died (server restart); the pool replaces it */
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      pool,
      databaseUrl: opts.databaseUrl,
      close: () => db.destroy(),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  let release = () => {};
  let pglite: InstanceType<typeof PGlite>;
  // A shop this size needs few buffers; PostgreSQL's default 128 MB would double the idle footprint.
  const postgresqlconf = ['shared_buffers=16MB'];
  if (opts.memory || !opts.dataDir) {
    pglite = await PGlite.create({ loadDataDir: opts.loadDataDir, postgresqlconf });
  } else {
    const dir = path.resolve(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    release = acquireLock(path.resolve(opts.dataDir, 'pglite.lock'));
    try {
      pglite = await PGlite.create(dir, { postgresqlconf });
    } catch (e) {
      release();
      throw e;
    }
  }
  // A pool of exactly one: PGlite is a single connection. Using `db` inside a
  // transaction would wait for ever, so a connection timeout turns that bug into an error.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, connectionTimeoutMillis: 15_000 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    pool,
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
      release();
    },
  };
}

/**
 * PGlite must never be opened by two processes. The lock file holds the owner's
 * pid; a lock left by a dead process is taken over.
 */
export function acquireLock(lockPath: string): () => void {
  const tryCreate = () => {
    const fd = fs.openSync(lockPath, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${path.dirname(lockPath)} is in use by process ${pid}. ` +
          'Stop that process, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
