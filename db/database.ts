import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
import type { DB } from './schema';
import { databaseFault, isConnectionFailure } from './faults';

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
  /** Real PostgreSQL when set (PostgreSQL itself, or PgBouncer in transaction mode when `directUrl` is set too). */
  databaseUrl?: string;
  /**
   * PostgreSQL itself, when `databaseUrl` points at a transaction pooler (PgBouncer): the LISTEN
   * connection, the jobs' pool and migrations use it, because they need a session of their own;
   * requests keep no session state on `databaseUrl` (decision 175).
   */
  directUrl?: string;
  /** PostgreSQL streaming replicas for reads that may lag (server/lib/reads.ts, decision 176). */
  readUrls?: string[];
  /** Embedded PGlite data folder (used when databaseUrl is absent). */
  dataDir?: string;
  /** Embedded in-memory database (tests). */
  memory?: boolean;
  /** Load a PGlite data dump (a migrated template) instead of running initdb. */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** PostgreSQL only: the limits of this handle's connections (default: a request's, REQUEST_TIMEOUTS). */
  timeouts?: DatabaseTimeouts;
  /** PostgreSQL only: application_name of the connections (seen in pg_stat_activity). */
  applicationName?: string;
}

/**
 * How long work may wait (decision 080). A request gives up on a row lock after `lockMs` and on a
 * statement after `statementMs` (PostgreSQL cancels it: 55P03 / 57014), and on a pool connection after
 * `poolWaitMs`; each becomes 503 SERVICE_BUSY with Retry-After, so one held lock cannot fill the pool
 * for the rest of the shop. Jobs and migrations may wait longer. Set as the connection's startup
 * parameters on a direct connection (no session `SET`, no extra round trip). Behind PgBouncer in
 * transaction mode, which refuses those parameters, a transaction sets them with `SET LOCAL` in the
 * same message as its BEGIN, and single statements get them from the role's defaults in the database
 * (`applyPooledDefaults`): decision 175.
 * The embedded database has one connection and serialises everything: none of these apply there.
 */
export interface DatabaseTimeouts {
  lockMs: number;
  statementMs: number;
  poolWaitMs: number;
  /** How long a transaction may wait for a place at the gate (TransactionGate), connection-free. */
  transactionWaitMs: number;
}
/**
 * A request: 3 s for a row lock (a burst of 500 orders for one slot on two instances waits ~1 s for
 * its row on a loaded 2-core machine), 5 s for a statement, 3 s for a pool connection. The wait for a
 * transaction place is longer: it holds no connection and no lock, and that burst takes ~20 s to drain
 * on a loaded machine (decision 080).
 */
export const REQUEST_TIMEOUTS: DatabaseTimeouts = { lockMs: 3_000, statementMs: 5_000, poolWaitMs: 3_000, transactionWaitMs: 30_000 };
/**
 * The jobs' own pool, always direct (so its placing statements are prepared, decision 241): as many
 * connections as the standing cut-off places at once (schedules.cutoff.ts CONCURRENCY), which had
 * queued its four workers on two connections.
 */
export const JOB_POOL_SIZE = 4;
export const JOB_TIMEOUTS: DatabaseTimeouts = { lockMs: 5_000, statementMs: 60_000, poolWaitMs: 10_000, transactionWaitMs: 30_000 };
export const MIGRATION_TIMEOUTS: DatabaseTimeouts = { lockMs: 30_000, statementMs: 10 * 60_000, poolWaitMs: 30_000, transactionWaitMs: 60_000 };

/** A connection failure before any statement ran is tried once more after this pause. */
const RECONNECT_PAUSE_MS = 250;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The pg pool (PostgreSQL) — used by LISTEN/NOTIFY and raw benchmarks. */
  pool: pg.Pool;
  /** The embedded instance, when kind is pglite. */
  pglite?: import('@electric-sql/pglite').PGlite;
  databaseUrl?: string;
  /** PostgreSQL itself when `databaseUrl` is a transaction pooler; otherwise `databaseUrl`. */
  directUrl?: string;
  /** `databaseUrl` is a transaction pooler (PgBouncer): no session state on its connections. */
  pooled: boolean;
  /** Read replicas (PostgreSQL only; none configured: empty). Single statements only, no transactions. */
  replicas: { url: string; db: Db }[];
  /**
   * The handle for background jobs: on PostgreSQL its own small pool with JOB_TIMEOUTS (made on first
   * use; jobs never take a request's connection); on the embedded database the same `db`.
   */
  jobs(): Db;
  /** PostgreSQL: the request pool's transaction gate (for tests and diagnostics). */
  transactions?: TransactionGate;
  /** PostgreSQL: per-key lanes in front of the gate (withTransactionRetry's `lane`). */
  lanes?: KeyedLanes;
  close(): Promise<void>;
}

/** A transaction left open by a bug must not hold its locks for ever. */
const idleInTransactionMs = (t: DatabaseTimeouts) => Math.max(10_000, t.statementMs * 2);

/**
 * No JIT compilation for the shop's statements (decision 241): they are short, and a hot table's dead
 * rows between two vacuums raise the planner's cost estimate past `jit_above_cost` — the order's stock
 * take then spent 40 ms compiling what runs in 0.4 ms. Set per connection (direct) or per role (pooled).
 */
const JIT = 'off';

function pgPool(url: string, size: number, timeouts: DatabaseTimeouts, applicationName: string, pooled = false): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: timeouts.poolWaitMs,
    idleTimeoutMillis: 30_000,
    // PgBouncer 1.18 answers "unsupported startup parameter" to these: behind it they are set per
    // transaction (`localTimeouts`) and per role (`applyPooledDefaults`) instead.
    ...(pooled
      ? {}
      : {
          lock_timeout: timeouts.lockMs,
          statement_timeout: timeouts.statementMs,
          idle_in_transaction_session_timeout: idleInTransactionMs(timeouts),
          options: `-c jit=${JIT}`,
        }),
    application_name: applicationName,
    keepAlive: true,
  } as pg.PoolConfig);
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  return pool;
}

/** Waiting for a transaction place (TransactionGate) or a pool connection took longer than allowed. */
export class PoolWaitTimeout extends Error {
  readonly code = 'POOL_WAIT_TIMEOUT';
  constructor(what: string, ms: number) {
    super(`No ${what} within ${ms} ms`);
  }
}

/** At most `size` holders at a time; the rest wait in arrival order, each for at most `waitMs`. */
class Places {
  protected active = 0;
  private readonly waiting: { resolve: () => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }[] = [];
  constructor(
    readonly size: number,
    readonly waitMs: number,
    private readonly what: string,
  ) {}
  tryEnter(): boolean {
    if (this.active >= this.size) return false;
    this.active++;
    return true;
  }
  enter(): Promise<void> {
    if (this.tryEnter()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const item = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(item);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new PoolWaitTimeout(this.what, this.waitMs));
        }, this.waitMs),
      };
      item.timer.unref?.();
      this.waiting.push(item);
    });
  }
  leave(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve(); // the place passes on: `active` is unchanged
    } else this.active--;
  }
  /** Nobody holds a place (and so nobody waits: a waiter is handed the place that is left). */
  get empty(): boolean {
    return this.active === 0;
  }
  /** Answer everyone still waiting with `e`. */
  rejectAll(e: unknown): void {
    for (const item of this.waiting.splice(0)) {
      clearTimeout(item.timer);
      item.reject(e);
    }
  }
}

/**
 * At most `size` transactions of one pool at a time, the rest waiting in memory (FIFO, up to `waitMs`).
 * A pool's last few connections are thereby kept for single statements (reads: order history, the
 * catalogue, readiness): a row that is locked for long makes the transactions that need it queue here,
 * not the whole shop (decision 080).
 */
export class TransactionGate extends Places {
  constructor(size: number, waitMs: number) {
    super(size, waitMs, 'transaction place');
  }
  get inUse(): number {
    return this.active;
  }
  /** Refuse every transaction still waiting (a draining server answers them 503 instead of cutting them). */
  rejectWaiting(): void {
    this.rejectAll(new PoolWaitTimeout('transaction place before shutdown', 0));
  }
}

/**
 * Lanes in front of the gate, one per key (decision 105). Transactions that all
 * need the same row (orders for one delivery slot and day) can only run one after another on it; let
 * them all into the gate and a row held by someone else fills every transaction place with work
 * waiting on that one row, so orders for every other slot queue behind it. A lane lets `width` of
 * one key's transactions in at a time; the rest wait here, holding neither a place nor a connection.
 * When a transaction of a lane fails because the database was slow (the row's lock was not granted
 * in time, a statement timed out) and no other transaction of the lane finished while it ran, the row
 * is stuck: the ones waiting in that lane would wait for the same row, so they are answered with the
 * same error at once instead of one by one, a lock timeout apart. When the lane kept moving meanwhile
 * (a loaded machine, not a held row), only that transaction fails: a burst of 500 orders for one slot
 * had one slow lock wait turn 240 waiting orders into 503s.
 */
/** Orders the lanes' events (a transaction let in, one finished) without reading a clock. */
let laneTick = 0;

export class KeyedLanes {
  private readonly lanes = new Map<string, Places & { finished?: number }>();
  constructor(
    readonly width: number,
    readonly waitMs: number,
  ) {}
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = new Places(this.width, this.waitMs, 'turn for this row')));
    await lane.enter();
    const entered = ++laneTick;
    try {
      const out = await fn();
      lane.finished = ++laneTick;
      return out;
    } catch (e) {
      if (databaseFault(e) !== 'slow') lane.finished = ++laneTick;
      else if ((lane.finished ?? 0) < entered) lane.rejectAll(e);
      throw e;
    } finally {
      lane.leave();
      if (lane.empty) this.lanes.delete(key);
    }
  }
  /** Keys with a transaction running or waiting (for tests and diagnostics). */
  get size(): number {
    return this.lanes.size;
  }
}

const BEGIN = /^\s*(begin|start transaction)\b/i;

type QueryArgs = unknown[];

/**
 * Statements sent as named prepared statements on direct connections (decision 241): PostgreSQL plans
 * them once per connection (then a generic plan) instead of at every call. The placing statements are
 * registered here by their text (the same text for every call of a shape). Behind PgBouncer in
 * transaction mode (1.18: no protocol-level prepared statements, decision 175) they are sent unnamed,
 * as every other statement.
 */
const preparedNames = new Map<string, string>();
const MAX_PREPARED = 64;
export function preparable(text: string): void {
  if (!preparedNames.has(text) && preparedNames.size < MAX_PREPARED) preparedNames.set(text, `hs_prepared_${preparedNames.size + 1}`);
}
/** The arguments of a query call, named when its text is registered (and `prepare` is on). */
function named(args: QueryArgs, prepare: boolean): QueryArgs {
  if (!prepare || typeof args[0] !== 'string' || args.length !== 2 || !Array.isArray(args[1])) return args;
  const name = preparedNames.get(args[0]);
  return name ? [{ name, text: args[0], values: args[1] }] : args;
}

/**
 * The limits of one transaction as `SET LOCAL` statements, sent in the same simple-protocol message
 * as its BEGIN behind a transaction pooler: no extra round trip, and they end with the transaction,
 * so the pooled server connection goes back as it came (decision 175).
 */
export function localTimeouts(t: DatabaseTimeouts): string {
  return (
    `; set local lock_timeout = ${t.lockMs}; set local statement_timeout = ${t.statementMs}` +
    `; set local idle_in_transaction_session_timeout = ${idleInTransactionMs(t)}`
  );
}

/**
 * Behind a transaction pooler, statements outside a transaction get the request limits from the
 * role's defaults in this database (`ALTER ROLE … IN DATABASE … SET`), read by every new server
 * connection PgBouncer opens. Run on a direct connection with the migrations (boot,
 * `npm run db:migrate`). Direct connections keep their startup parameters, which take precedence.
 *
 * Every instance runs this at boot, and a deploy starts several at once: two `ALTER ROLE … SET` on
 * the same role and database update the same catalog row, and the loser fails with "tuple
 * concurrently updated" (its instance exits). So it is one statement that first takes a transaction
 * advisory lock (the boots take turns) and writes only a setting that is not already as wanted (a
 * boot after the first changes nothing). Decision 208.
 */
export async function applyPooledDefaults(db: Db, t: DatabaseTimeouts = REQUEST_TIMEOUTS): Promise<void> {
  const settings: [string, string][] = [
    ['lock_timeout', `${t.lockMs}ms`],
    ['statement_timeout', `${t.statementMs}ms`],
    ['idle_in_transaction_session_timeout', `${idleInTransactionMs(t)}ms`],
    ['jit', JIT],
  ];
  const wanted = settings.map(([name, value]) => `array['${name}', '${value}']`).join(', ');
  await sql
    .raw(
      `do $$
declare
  s text[];
  current text[];
begin
  perform pg_advisory_xact_lock(hashtext('hydro-shakes: role defaults for the pooler'));
  select d.setconfig into current from pg_db_role_setting d
    where d.setrole = (select oid from pg_roles where rolname = current_user)
      and d.setdatabase = (select oid from pg_database where datname = current_database());
  foreach s slice 1 in array array[${wanted}] loop
    if current is null or not (s[1] || '=' || s[2] = any(current)) then
      execute format('alter role %I in database %I set %s = %L', current_user, current_database(), s[1], s[2]);
    end if;
  end loop;
end $$`,
    )
    .execute(db);
}

/**
 * The pool as Kysely sees it (decision 080):
 * - a connection failure before any statement ran on a checkout (refused while the server restarts,
 *   a pooled connection the server has just terminated) is tried once more on a fresh connection;
 *   nothing ran on the broken one, so the retry cannot repeat any work;
 * - a transaction (its first statement is `begin`) first takes a place at the gate; without a free
 *   place its connection goes back to the pool while it waits.
 */
export function retryingPool(pool: pg.Pool, gate?: TransactionGate, beginSuffix = '', prepare = false): PostgresPool {
  const guarded = new WeakSet<pg.PoolClient>();
  const connectOnce = async (): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (e) {
      if (!isConnectionFailure(e)) throw e;
      await new Promise((r) => setTimeout(r, RECONNECT_PAUSE_MS));
      client = await pool.connect();
    }
    // A checked-out connection the server drops emits 'error' besides failing its query: without a
    // listener that would be an uncaught exception (the pool listens only while a client is idle).
    if (!guarded.has(client)) {
      guarded.add(client);
      client.on('error', () => {});
    }
    return client;
  };
  const how: CheckoutRules = { connectOnce, gate, beginSuffix, prepare };
  return {
    async connect() {
      return new Checkout(await connectOnce(), how) as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

interface CheckoutRules {
  connectOnce: () => Promise<pg.PoolClient>;
  gate: TransactionGate | undefined;
  beginSuffix: string;
  prepare: boolean;
}

/**
 * One checkout of `retryingPool`, as Kysely's driver uses it (`query`, `release`). A class, not a
 * closure per step: every statement of every request checks a connection out, and five closures and
 * an object per checkout were a measurable share of a signed-in read's allocations (decision 318).
 */
class Checkout {
  private fresh = true;
  private admitted = false;
  constructor(
    private client: pg.PoolClient | null,
    private readonly how: CheckoutRules,
  ) {}

  query(...args: QueryArgs): unknown {
    // A cursor (streaming) or a callback call, or not the checkout's first statement: as is.
    if (!this.fresh || typeof args[0] !== 'string' || typeof args[args.length - 1] === 'function') {
      this.fresh = false;
      return this.send(args);
    }
    this.fresh = false;
    return this.firstStatement(args);
  }

  release(err?: Error | boolean): void {
    if (this.admitted) {
      this.admitted = false;
      this.how.gate!.leave();
    }
    const c = this.client;
    this.client = null;
    c?.release(err);
  }

  private send(args: QueryArgs): unknown {
    return (this.client!.query as (...a: QueryArgs) => unknown).apply(this.client, named(args, this.how.prepare));
  }

  private async firstStatement(args: QueryArgs): Promise<unknown> {
    const begin = BEGIN.test(args[0] as string);
    const { beginSuffix } = this.how;
    if (begin && beginSuffix) {
      // One message, several statements: pg answers one result per statement; BEGIN's is the caller's.
      const results = await this.firstStatementOf([(args[0] as string) + beginSuffix, ...args.slice(1)], begin);
      return Array.isArray(results) ? results[0] : results;
    }
    return this.firstStatementOf(args, begin);
  }

  private async firstStatementOf(args: QueryArgs, begin: boolean): Promise<unknown> {
    const { gate, connectOnce } = this.how;
    if (gate && begin && !(this.admitted = gate.tryEnter())) {
      this.client!.release();
      this.client = null;
      await gate.enter();
      this.admitted = true;
      this.client = await connectOnce();
    }
    try {
      return await (this.send(args) as Promise<unknown>);
    } catch (e) {
      if (!isConnectionFailure(e)) throw e;
      this.client!.release(e as Error);
      this.client = null;
      this.client = await connectOnce();
      return this.send(args);
    }
  }
}

/**
 * Transactions of one lane let into the gate at a time: two, so that while one holds the row the next
 * is already waiting on it with its connection and takes it the moment it is free (no hand-over gap).
 */
export const LANE_WIDTH = 2;

/** Connections of a pool kept for single statements: transactions get the rest (decision 080). */
export function transactionPlaces(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(1, Math.ceil(poolSize * 0.3)));
}

export async function createDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  setTypeParsers();
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const direct = opts.directUrl || url;
    const pooled = direct !== url;
    const name = opts.applicationName ?? 'hydro-shakes';
    const size = opts.poolSize ?? 10;
    const timeouts = opts.timeouts ?? REQUEST_TIMEOUTS;
    const pool = pgPool(url, size, timeouts, name, pooled);
    const gate = new TransactionGate(transactionPlaces(size), timeouts.transactionWaitMs);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: retryingPool(pool, gate, pooled ? localTimeouts(timeouts) : '', !pooled) }) });
    let jobDb: Db | null = null;
    // Behind PgBouncer the replicas may be too: the same rule (the role's defaults replicate with the catalog).
    const replicas = (opts.readUrls ?? []).map((u) => ({
      url: u,
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: retryingPool(pgPool(u, size, timeouts, `${name}-read`, pooled)) }) }),
    }));
    return {
      db,
      kind: 'postgres',
      pool,
      databaseUrl: url,
      directUrl: direct,
      pooled,
      replicas,
      // Jobs on PostgreSQL itself: a session of their own (their limits as startup parameters, room for
      // session-scoped work such as a job's singleton lock), 2 connections per instance (decision 175).
      jobs: () => (jobDb ??= new Kysely<DB>({ dialect: new PostgresDialect({ pool: retryingPool(pgPool(direct, JOB_POOL_SIZE, JOB_TIMEOUTS, `${name}-jobs`), undefined, '', true) }) })),
      transactions: gate,
      lanes: new KeyedLanes(LANE_WIDTH, timeouts.transactionWaitMs),
      close: async () => {
        await Promise.all([db.destroy(), jobDb?.destroy(), ...replicas.map((r) => r.db.destroy())]);
      },
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
    pooled: false,
    replicas: [],
    pglite,
    jobs: () => db,
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
