import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian's package puts it here; PGBOUNCER_PATH overrides. */
export const PGBOUNCER_PATH = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';

export interface PgBouncer {
  port: number;
  /** `databaseUrl` (a database on the PostgreSQL behind it) as reached through PgBouncer. */
  url(databaseUrl: string): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Through `url`, a plain query answers (PgBouncer is accepting and reaches PostgreSQL). */
async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * PgBouncer in transaction mode in front of the PostgreSQL of `databaseUrl`, on a free local port,
 * with a temporary configuration: every database of that server by its own name (`*`), trust
 * authentication for the user of `databaseUrl`, and a server pool larger than what the tests' app
 * instances ask for together, so that waiting happens in the app (its gate and lanes) as in
 * production, not in PgBouncer. As root it drops to the `postgres` user, as Debian's package does.
 */
export async function startPgBouncer(databaseUrl: string, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-pgbouncer-'));
  const asRoot = process.getuid?.() === 0;
  const ini = [
    '[databases]',
    `* = host=${target.hostname} port=${target.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir =`,
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${opts.poolSize ?? 40}`,
    'max_client_conn = 1000',
    'log_connections = 0',
    'log_disconnections = 0',
    'log_pooler_errors = 1',
    ...(asRoot ? ['user = postgres'] : []),
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), `${ini}\n`);
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o644);
  }
  const child: ChildProcess = spawn(PGBOUNCER_PATH, [path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => {
    log = (log + d.toString()).slice(-4_000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = (u: string) => {
    const x = new URL(u);
    x.hostname = '127.0.0.1';
    x.port = String(port);
    return x.toString();
  };
  const deadline = Date.now() + 15_000;
  while (!(await answers(url(databaseUrl)))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start on port ${port}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT'); // immediate shutdown
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
