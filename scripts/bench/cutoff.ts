// The standing-delivery cut-off on PostgreSQL (decision 177): 5,000 schedules placed by the job
// through the one placing pipeline, against the placement section's orders/s in the same run
// (budget ≥ 0.5×), and the database round trips per placed order (≤ 5).
import { sql } from 'kysely';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';
import { addDays, istToday } from '../../shared/rules/slots';
import { recordStatements, type Statement } from '../../test/helpers/statements';
import { benchApp } from './bench-app';
import type { BenchRow } from './lib';

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
    const slots = await dbh.db
      .insertInto('delivery_slots')
      .values(
        Array.from({ length: slotCount }, (_, i) => ({
          start_time: `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
          end_time: '23:00',
          max_bookings: 1000,
          plan_type: 'all' as const,
          sort: 200 + i,
        })),
      )
      .returning('id')
      .execute();
    const shakes = (
      await dbh.db.selectFrom('signature_shakes').select('id').where('active', '=', true).orderBy('sort_order').execute()
    ).map((s) => s.id);
    // Customers, addresses, wallets (a ledger row and its balance) and schedules, in bulk.
    await sql`
      with u as (
        insert into users (email, email_verified, name, username, mobile)
        select 'cutoff-' || g || '@example.in', true, 'Customer ' || g, 'cutoff_' || g, '+919876543210' from generate_series(1, ${n}) g
        returning id),
      a as (
        insert into addresses (user_id, name, phone, line1, city, state, pincode, is_default)
        select id, 'Asha Rao', '+919876543210', '12 Residency Road', 'Bengaluru', 'Karnataka', '560001', true from u
        returning id, user_id),
      l as (
        insert into wallet_ledger (user_id, kind, amount_paise, reference, reason, note)
        select id, 'adjust', 1000000, 'adjust:' || gen_random_uuid(), 'adjust', 'bench credit' from u returning user_id, amount_paise),
      b as (insert into wallet_balances (user_id, balance_paise) select user_id, amount_paise from l)
      insert into schedules (user_id, address_id, slot_id, items, days, start_date)
      select a.user_id, a.id, (${slots.map((s) => s.id)}::uuid[])[1 + (row_number() over () % ${slotCount})::int],
        jsonb_build_array(jsonb_build_object('id', (${shakes}::text[])[1 + (row_number() over () % ${shakes.length})::int], 'type', 'signature', 'quantity', 1 + (row_number() over () % 3)::int)),
        'daily', ${date}::date
      from a`.execute(dbh.db);
    await sql`vacuum analyze`.execute(dbh.db);

    now = new Date(`${addDays(date, -1)}T21:01:00+05:30`);
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
