// The standing-delivery cut-off on PostgreSQL (decision 177): 5,000 schedules placed by the job
// through the one placing pipeline, against the placement section's orders/s in the same run
// (budget ≥ 0.5×), and the database round trips per placed order (≤ 5).
import { sql } from 'kysely';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';
import { addDays, istToday } from '../../shared/rules/slots';
import { recordStatements, type Statement } from '../../test/helpers/statements';
import { benchApp } from './bench-app';
import type { BenchRow } from './lib';
import { createRoomySlots, createStandingSchedules, pastCutoffOf } from './standing-schedules';

export async function runCutoffBench(placement: BenchRow[] | undefined, opts: { schedules?: number } = {}): Promise<BenchRow[]> {
  if (!process.env.DATABASE_URL) return [{ name: 'cut-off bench skipped: needs DATABASE_URL (PostgreSQL)', value: 0, unit: '' }];
  const n = opts.schedules ?? Number(process.env.BENCH_CUTOFF_SCHEDULES ?? 5000);
  let now = new Date();
  const bench = await benchApp(process.env.DATABASE_URL, 'cutoff', { clock: { now: () => now } });
  const { dbh, deps, poolSize } = bench;
  try {
    const date = addDays(istToday(now), 2);
    // The day's slots as the placement section has them (25), each with room: the orders of one slot
    // and day queue on its booking row one after another, so the work spreads over the slots.
    const slotCount = Math.max(25, Math.ceil(n / 1000) + 1);
    const slotIds = await createRoomySlots(dbh.db, slotCount, 200);
    // Customers, addresses, wallets (a ledger row and its balance) and schedules, in bulk.
    await createStandingSchedules(dbh.db, { n, date, slotIds, prefix: 'cutoff' });
    await sql`vacuum analyze`.execute(dbh.db);

    now = pastCutoffOf(date);
    const statements: Statement[] = [];
    const t0 = performance.now();
    const r = await recordStatements(statements, () => runCutoff(deps, { concurrency: poolSize }));
    const seconds = (performance.now() - t0) / 1000;
    if (r.placed !== n) throw new Error(`the cut-off placed ${r.placed} of ${n} (${r.notPlaced} not placed)`);
    const texts = statements.map((q) => q.text);
    const overhead = texts.filter(
      (q) => q.includes('standingCutoffTime') || q.includes('from schedules sc') || q.includes('schedule_runs'),
    ).length;
    const perOrder = (texts.length - overhead) / r.placed;
    const rate = r.placed / seconds;
    const placementRate = placement?.find((x) => x.name.startsWith('usual mix: POST /api/orders (COD) — maximum rate'))?.value;
    return [
      { name: `cut-off job: ${n} schedules placed (pool ${poolSize})`, value: seconds, unit: 's' },
      placementRate
        ? {
            name: 'cut-off job — orders placed per second',
            value: rate,
            unit: 'orders/s',
            baseline: placementRate,
            ratio: rate / placementRate,
            budget: '≥ 0.5× POST /api/orders',
            pass: rate / placementRate >= 0.5,
          }
        : { name: 'cut-off job — orders placed per second (run the placement section too for the ratio)', value: rate, unit: 'orders/s' },
      {
        name: `database round trips per placed order (${overhead} statements for the whole run besides)`,
        value: perOrder,
        unit: 'round trips',
        digits: 2,
        budget: '≤ 5',
        pass: perOrder <= 5,
      },
    ];
  } finally {
    await bench.close();
  }
}
