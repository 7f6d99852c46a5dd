import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './pgbouncer';

const run = promisify(execFile);

/** PostgreSQL's server binaries (Debian: /usr/lib/postgresql/<major>/bin); PG_BIN overrides. */
export function pgBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const majors = fs
    .readdirSync(root)
    .filter((d) => fs.existsSync(path.join(root, d, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : null;
}

/**
 * The server refuses to run as root: as root, every server command runs as `postgres` (runuser),
 * in folders that user owns.
 */
const asRoot = process.getuid?.() === 0;
async function pgCommand(bin: string, tool: string, args: string[]): Promise<string> {
  const exe = path.join(bin, tool);
  const { stdout } = asRoot ? await run('runuser', ['-u', 'postgres', '--', exe, ...args]) : await run(exe, args);
  return stdout;
}

export interface Cluster {
  port: number;
  dir: string;
  url(database: string): string;
  stop(): Promise<void>;
  /** Stop and remove its folder. */
  destroy(): Promise<void>;
}

function cluster(bin: string, dir: string, port: number): Cluster {
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await pgCommand(bin, 'pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  return {
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    async destroy() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) fs.chmodSync(dir, 0o777);
  return dir;
}

/** Start a server on `dir` (its own port and socket folder, nothing else shared with the machine's cluster). */
async function start(bin: string, dir: string, port: number, settings: string[]): Promise<void> {
  const opts = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'shared_buffers=16MB', ...settings.flatMap((s) => ['-c', s])];
  await pgCommand(bin, 'pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', opts.join(' '), 'start']);
}

/** A fresh primary on a free port (initdb, trust authentication for local connections and replication). */
export async function startPrimary(bin: string): Promise<Cluster> {
  const base = tempDir('hs-primary-');
  const dir = path.join(base, 'data');
  await pgCommand(bin, 'initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  await start(bin, dir, port, ['wal_level=replica', 'max_wal_senders=4', 'autovacuum=off']);
  const c = cluster(bin, dir, port);
  return { ...c, destroy: async () => (await c.stop(), fs.rmSync(base, { recursive: true, force: true })) };
}

/**
 * A streaming replica of `primary` (`pg_basebackup -R`), on its own free port, applying what it
 * receives `applyDelayMs` after the primary committed it (recovery_min_apply_delay), so that lag is
 * visible.
 */
export async function startReplica(bin: string, primary: Cluster, applyDelayMs: number): Promise<Cluster> {
  const base = tempDir('hs-replica-');
  const dir = path.join(base, 'data');
  await pgCommand(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dir, '-R', '-X', 'stream', '--no-sync', '-c', 'fast']);
  const port = await freePort();
  await start(bin, dir, port, [`recovery_min_apply_delay=${applyDelayMs}ms`, 'hot_standby=on', 'hot_standby_feedback=on']);
  const c = cluster(bin, dir, port);
  return { ...c, destroy: async () => (await c.stop(), fs.rmSync(base, { recursive: true, force: true })) };
}

export async function createDatabaseOn(c: Cluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: c.url('postgres') });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return c.url(name);
}
