import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Decimals to print (default: 1 for ms, KiB and s, else 0). */
  digits?: number;
  baseline?: number;
  ratio?: number;
  budget?: string;
  pass?: boolean;
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-IN', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** Requests per second over `seconds`, with latency percentiles. */
export async function load(url: string, opts: { seconds?: number; connections?: number; headers?: Record<string, string> } = {}) {
  const r = await autocannon({ url, duration: opts.seconds ?? 8, connections: opts.connections ?? 32, pipelining: 1, headers: opts.headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx and ${r.errors} errors during the load`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Fork a TypeScript child (through tsx) and wait for its {ready} message. */
export async function forkTs<T extends Record<string, unknown>>(
  file: string,
  env: Record<string, string | undefined> = {},
  opts: { cwd?: string } = {},
): Promise<{ child: ChildProcess; info: T; ask: <R>(cmd: string) => Promise<R> }> {
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: opts.cwd });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  const ask = <R>(cmd: string) =>
    new Promise<R>((resolve) => {
      child.once('message', (m) => resolve(m as R));
      child.send({ cmd });
    });
  return { child, info, ask };
}

/**
 * A fresh database of its own for a bench, on the server `adminUrl` names (dropped first if a run left
 * it): its URL, and `admin` to run a statement on that server (the bench drops the database with it
 * when done).
 */
export async function benchDatabase(adminUrl: string, name: string): Promise<{ dbName: string; url: URL; admin: (text: string) => Promise<void> }> {
  const dbName = `hs_bench_${name}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin(`CREATE DATABASE ${dbName}`);
  return { dbName, url, admin };
}
