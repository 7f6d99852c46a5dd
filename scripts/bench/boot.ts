import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helper without types
import { build, buildIsStale } from '../build-lib.mjs';
import type { BenchRow } from './lib';

async function bootOnce(dataDir: string, port: number): Promise<{ ms: number; rssMb: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RUN_JOBS: 'true', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000) throw new Error('server did not start within 120 s');
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (r.ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - t0;
    // Idle for a moment, then read the resident set size of the server process.
    await new Promise((r) => setTimeout(r, 3000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    return { ms, rssMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** Embedded mode: first boot (initdb + migrate + seed), restart on the existing folder, idle memory. */
export async function runBootBench(): Promise<BenchRow[]> {
  if (buildIsStale()) await build({ quiet: true, ifStale: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-boot-'));
  try {
    const first = await bootOnce(dir, 39123);
    const again = await bootOnce(dir, 39124);
    return [
      { name: 'embedded first boot to healthy (initdb, migrate, seed)', value: first.ms / 1000, unit: 's' },
      { name: 'embedded memory after first boot (RSS)', value: first.rssMb, unit: 'MB' },
      { name: 'embedded restart on existing data folder', value: again.ms / 1000, unit: 's', budget: '≤ 2 s', pass: again.ms <= 2000 },
      { name: 'embedded memory idle after restart (RSS)', value: again.rssMb, unit: 'MB', budget: '≤ 400 MB', pass: again.rssMb <= 400 },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
