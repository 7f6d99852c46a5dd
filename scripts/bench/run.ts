import fs from 'node:fs';
import path from 'node:path';
import { fmt, type BenchRow } from './lib';
import { runCatalogueBench } from './catalogue';
import { runHomeBundleBench } from './home-bundle';
import { runBootBench } from './boot';
import { runOrdersBench } from './orders';
import { runHistoryBench } from './history';
import { runLighthouseBench } from './lighthouse';
import { runPeakBench } from './peak';
import { runCutoffBench } from './cutoff';

/**
 * `npm run bench`: every figure next to a baseline measured in the same run.
 * Prints a table and writes bench-results/latest.json.
 */
const sections: { title: string; run: () => Promise<BenchRow[]> }[] = [
  { title: 'Catalogue reads', run: () => runCatalogueBench() },
  { title: 'Home page bundle', run: () => runHomeBundleBench() },
  { title: 'Embedded boot and memory', run: () => runBootBench() },
  { title: 'Home page (Lighthouse mobile)', run: () => runLighthouseBench() },
  // Order placement needs PostgreSQL (the bench makes and drops its own database there).
  {
    title: 'Order placement (PostgreSQL)',
    run: async () => {
      const before = process.env.DATABASE_URL;
      process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
      try {
        return await runOrdersBench();
      } finally {
        if (before === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = before;
      }
    },
  },
  // The order history page on PostgreSQL against a hand-written Fastify + pg route (its own database too).
  {
    title: 'Order history (PostgreSQL)',
    run: async () => {
      const before = process.env.DATABASE_URL;
      process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
      try {
        return await runHistoryBench();
      } finally {
        if (before === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = before;
      }
    },
  },
  // The standing-delivery cut-off (decision 177): its orders/s against the placement section's above, in this run.
  {
    title: 'Standing deliveries cut-off (PostgreSQL)',
    run: async () => {
      const before = process.env.DATABASE_URL;
      process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
      try {
        return await runCutoffBench(results['Order placement (PostgreSQL)']);
      } finally {
        if (before === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = before;
      }
    },
  },
  // A morning peak (issue 26): two instances through PgBouncer with a streaming replica against the same
  // run directly on PostgreSQL; on a primary and replica of its own (initdb, pg_basebackup).
  { title: 'Morning peak (PgBouncer and a replica)', run: () => runPeakBench() },
];

const only = process.argv.slice(2);
// The orders bench needs a PostgreSQL server; use the local one unless told otherwise.
process.env.BENCH_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results: Record<string, BenchRow[]> = {};
for (const s of sections) {
  if (only.length && !only.some((o) => s.title.toLowerCase().includes(o.toLowerCase()))) continue;
  process.stdout.write(`\n## ${s.title}\n`);
  const rows = await s.run();
  results[s.title] = rows;
  for (const r of rows) {
    const ratio = r.ratio !== undefined ? `  ${r.ratio.toFixed(2)}× baseline` : '';
    const verdict = r.pass === undefined ? '' : r.pass ? '  ✓' : '  ✗';
    const budget = r.budget ? `  (budget ${r.budget})` : '';
    console.log(`${r.name.padEnd(58)} ${fmt(r.value, r.digits ?? (r.unit === 'ms' || r.unit === 'KiB' || r.unit === 's' ? 1 : 0)).padStart(10)} ${r.unit}${ratio}${budget}${verdict}`);
  }
}
fs.mkdirSync('bench-results', { recursive: true });
const file = path.join('bench-results', 'latest.json');
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2));
console.log(`\nWritten to ${file}`);
