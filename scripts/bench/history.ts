import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkTs, load, type BenchRow } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));

interface ServerInfo {
  appPort: number;
  barePort: number;
  auth: string;
  poolSize: number;
  roundTrips: number;
  deliveriesRoundTrips: number;
  deliveriesBytes: number;
  statements: string[];
  bytes: number;
  seeded: { orders: number; lines: number; mine: number; my_lines: number };
  authWith: 'app' | 'jose';
}

/**
 * The signed-in order history page on PostgreSQL (QUALITY: ≥ 0.5× a hand-written
 * Fastify + pg route running the same SQL; issue 21 aims at ≥ 0.6×).
 * - app: GET /api/user/orders?page=1&pageSize=10 (what the /profile Orders tab loads) and
 *   its tRPC twin, with the customer's bearer token;
 * - baseline: a bare Fastify route in the same process that verifies the bearer token as
 *   the app does (BENCH_HISTORY_AUTH=jose: with jose), runs the statements the app sent
 *   for that page (captured) through pg over a pool of the same size, and answers the
 *   same JSON (checked equal at start-up).
 * Baseline and app run in alternating slices, so a busy machine weighs on both alike.
 */
export async function runHistoryBench(opts: { seconds?: number; connections?: number } = {}): Promise<BenchRow[]> {
  if (!process.env.DATABASE_URL) {
    return [{ name: 'order history bench skipped: needs DATABASE_URL (PostgreSQL)', value: 0, unit: '' }];
  }
  const seconds = opts.seconds ?? 8;
  const connections = opts.connections ?? 32;
  const { child, info, ask } = await forkTs<ServerInfo & Record<string, unknown>>(path.join(here, 'history-server.ts'));
  try {
    const headers = { authorization: info.auth };
    const targets = {
      bare: `http://127.0.0.1:${info.barePort}/bare/user/orders?page=1&pageSize=10`,
      rest: `http://127.0.0.1:${info.appPort}/api/user/orders?page=1&pageSize=10`,
      trpc: `http://127.0.0.1:${info.appPort}/trpc/orders.history?input=${encodeURIComponent(JSON.stringify({ page: 1, pageSize: 10 }))}`,
      // The standing-delivery calendar of the same customer, 30 days (decision 177), against the same hand-written route.
      deliveries: `http://127.0.0.1:${info.appPort}/api/user/deliveries?days=30`,
    };
    // Warm-up (JIT, pools, prepared plans) for every target before anything is measured.
    for (const u of Object.values(targets)) await load(u, { seconds: 2, connections, headers });

    const rounds = Math.max(1, Math.round(seconds / 2));
    const slice = seconds / rounds;
    const sum = { bare: 0, rest: 0, trpc: 0, deliveries: 0 };
    const p99 = { bare: 0, rest: 0, trpc: 0, deliveries: 0 };
    const cpu = { bare: 0, rest: 0, trpc: 0, deliveries: 0 };
    for (let r = 0; r < rounds; r++) {
      for (const k of ['bare', 'rest', 'trpc', 'deliveries'] as const) {
        const c0 = await ask<{ cpu: NodeJS.CpuUsage }>('cpu');
        const m = await load(targets[k], { seconds: slice, connections, headers });
        const c1 = await ask<{ cpu: NodeJS.CpuUsage }>('cpu');
        sum[k] += m.rps;
        p99[k] = Math.max(p99[k], m.p99);
        // Server CPU per request (user + system, µs): steadier than throughput on a busy machine.
        cpu[k] += (c1.cpu.user - c0.cpu.user + c1.cpu.system - c0.cpu.system) / Math.max(1, m.rps * slice);
      }
    }
    const rps = { bare: sum.bare / rounds, rest: sum.rest / rounds, trpc: sum.trpc / rounds, deliveries: sum.deliveries / rounds };
    const cpuMs = { bare: cpu.bare / rounds / 1000, rest: cpu.rest / rounds / 1000, trpc: cpu.trpc / rounds / 1000 };
    // Issue 21's 0.6× for the history page; issue 23's 0.5× for the calendar.
    const row = (name: string, k: 'rest' | 'trpc' | 'deliveries', budget = 0.6): BenchRow => ({
      name,
      value: rps[k],
      unit: 'req/s',
      baseline: rps.bare,
      ratio: rps[k] / rps.bare,
      budget: `≥ ${budget}× hand-written route`,
      pass: rps[k] / rps.bare >= budget,
    });
    const s = info.seeded;
    return [
      {
        name: `hand-written Fastify + pg route, same SQL, ${info.authWith === 'jose' ? 'JWT via jose' : 'same JWT check'} (baseline; ${s.mine} orders/${s.my_lines} lines of ${s.orders}/${s.lines})`,
        value: rps.bare,
        unit: 'req/s',
      },
      row('GET /api/user/orders?page=1&pageSize=10', 'rest'),
      row('GET /trpc/orders.history (same page)', 'trpc'),
      { name: 'p99 GET /api/user/orders (worst slice)', value: p99.rest, unit: 'ms' },
      row('GET /api/user/deliveries?days=30 (the standing-delivery calendar)', 'deliveries', 0.5),
      { name: 'p99 GET /api/user/deliveries (worst slice)', value: p99.deliveries, unit: 'ms' },
      {
        name: 'database round trips per calendar (30 days, 2 schedules)',
        value: info.deliveriesRoundTrips,
        unit: 'round trips',
        digits: 1,
      },
      { name: 'calendar answer (30 days, 2 schedules)', value: info.deliveriesBytes, unit: 'bytes' },
      { name: 'server CPU per request: hand-written route', value: cpuMs.bare, unit: 'ms', digits: 3 },
      { name: 'server CPU per request: GET /api/user/orders', value: cpuMs.rest, unit: 'ms', digits: 3 },
      { name: 'server CPU per request: tRPC twin', value: cpuMs.trpc, unit: 'ms', digits: 3 },
      { name: 'server CPU per request: GET /api/user/deliveries (30 days)', value: cpu.deliveries / rounds / 1000, unit: 'ms', digits: 3 },
      {
        name: `database round trips per history page (${info.statements.length} statement${info.statements.length === 1 ? '' : 's'})`,
        value: info.roundTrips,
        unit: 'round trips',
        digits: 1,
      },
    ];
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      void ask('stop').catch(() => {});
      setTimeout(resolve, 10_000).unref();
    });
  }
}
