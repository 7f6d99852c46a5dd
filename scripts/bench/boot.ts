import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error plain ESM helper without types
import { build, buildIsStale } from '../build-lib.mjs';
import type { BenchRow } from './lib';

interface BootRun {
  /** Spawn to first healthy answer. */
  ms: number;
  /** Resident set size after 3 s idle. */
  rssMb: number;
  /** The server's own phase marks (ms since its start), from its "open" log line. */
  phases?: Record<string, number>;
}

/** The port the server reports in its "open" line (it listens on PORT=0: the kernel picks a free one). */
const OPEN_LINE_PORT = /is open at http:\/\/[^\s":/]+:(\d+)/;

/**
 * Start the production bundle as `npm start` / the Dockerfile do, wait for /api/health, idle 3 s, read VmRSS.
 * The server picks its own free port (PORT=0) and names it in its "open" line: a fixed port can be
 * taken by another process's outgoing connection (it is in the kernel's ephemeral range).
 */
async function bootOnce(env: Record<string, string>): Promise<BootRun> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', RUN_JOBS: 'true', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    if (out.length < 200_000) out += d.toString();
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000) throw new Error('server did not start within 120 s');
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const port = OPEN_LINE_PORT.exec(out)?.[1];
      if (port) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (r.ok) break;
        } catch {}
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - t0;
    // Idle for a moment, then read the resident set size of the server process.
    await new Promise((r) => setTimeout(r, 3000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    const phases = /"phases":(\{[^}]*\})/.exec(out)?.[1];
    return { ms, rssMb, phases: phases ? JSON.parse(phases) : undefined };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const phaseLine = (r: BootRun) => (r.phases ? Object.entries(r.phases).map(([k, v]) => `${k} ${v}`).join(', ') : '');

/** The server on PostgreSQL: a fresh database made and dropped on BENCH_DATABASE_URL's server. */
async function postgresIdle(): Promise<BootRun> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hs_bench_boot_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    // First boot migrates and seeds the new database; the figure is the restart's idle memory.
    await bootOnce({ DATABASE_URL: u.toString() });
    return await bootOnce({ DATABASE_URL: u.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

/**
 * Embedded mode: first boot (initdb + migrate + seed), restart on the existing folder (median of
 * three), idle memory; then the server on PostgreSQL, idle memory.
 */
export async function runBootBench(): Promise<BenchRow[]> {
  if (buildIsStale()) await build({ quiet: true, ifStale: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-boot-'));
  const rows: BenchRow[] = [];
  try {
    const first = await bootOnce({ DATA_DIR: dir });
    const again: BootRun[] = [];
    for (let i = 0; i < 3; i++) again.push(await bootOnce({ DATA_DIR: dir }));
    const restart = median(again.map((r) => r.ms));
    const rss = median(again.map((r) => r.rssMb));
    console.log(`  restarts: ${again.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s; phases of the last: ${phaseLine(again[2])}`);
    rows.push(
      { name: 'embedded first boot to healthy (initdb, migrate, seed)', value: first.ms / 1000, unit: 's' },
      { name: 'embedded memory after first boot (RSS)', value: first.rssMb, unit: 'MB' },
      { name: 'embedded restart on existing data folder (median of 3)', value: restart / 1000, unit: 's', budget: '≤ 2 s', pass: restart <= 2000 },
      { name: 'embedded memory idle after restart (RSS)', value: rss, unit: 'MB', budget: '≤ 400 MB', pass: rss <= 400 },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const onPg = await postgresIdle();
  console.log(`  PostgreSQL restart to healthy ${(onPg.ms / 1000).toFixed(2)} s; phases: ${phaseLine(onPg)}`);
  rows.push({ name: 'server memory idle on PostgreSQL (RSS)', value: onPg.rssMb, unit: 'MB', budget: '≤ 100 MB', pass: onPg.rssMb <= 100 });
  return rows;
}
