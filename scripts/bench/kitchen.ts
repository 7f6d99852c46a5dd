import pg from 'pg';
import { sql } from 'kysely';
import { addDays, istToday } from '../../shared/rules/slots';
import { recordStatements, type Statement } from '../../test/helpers/statements';
import { benchApp } from './bench-app';
import type { BenchRow } from './lib';

/**
 * The kitchen's read of a day of 2,000 orders (issue 24: "answers in one or two statements"), on a
 * database of its own. The app's GET /api/admin/kitchen?date= (sequential requests: the tablet's
 * refresh) against its baseline, the same statement the app sent (captured) run alone through pg:
 * the ratio is what the app adds to the SQL (JSON shaping, HTTP, auth).
 */
const ORDERS = Number(process.env.BENCH_KITCHEN_ORDERS ?? 2000);
const RUNS = Number(process.env.BENCH_KITCHEN_RUNS ?? 40);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

export async function runKitchenBench(): Promise<BenchRow[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return [{ name: 'kitchen bench skipped: needs DATABASE_URL (PostgreSQL)', value: 0, unit: '' }];
  const bench = await benchApp(adminUrl, 'kitchen', { poolSize: 4, listen: true });
  try {
    const { port, url } = bench;
    const db = bench.dbh.db;

    const day = addDays(istToday(new Date()), 2);
    const user = await db
      .insertInto('users')
      .values({ email: 'kitchen@example.in', email_verified: true, name: 'Kavya', username: 'kavya_k', role: 'kitchen' })
      .returning(['id', 'email', 'role', 'name'])
      .executeTakeFirstOrThrow();
    const auth = await bench.bearer(user);
    const slots = (await db.selectFrom('delivery_slots').select('id').where('active', '=', true).execute()).map((s) => s.id);
    const shakes = (await db.selectFrom('signature_shakes').select('id').execute()).map((s) => s.id);
    const ing = await db.selectFrom('ingredients').select(['id', 'category']).where('active', '=', true).execute();
    const bases = ing.filter((i) => i.category === 'base').map((i) => i.id);
    const addIns = ing.filter((i) => i.category !== 'base').map((i) => i.id);
    // 2,000 orders over the day's slots: 1–3 signature bottles each, every third with a custom recipe.
    await sql`
      with o as (
        insert into orders (user_id, status, payment_method, payment_status, subtotal_paise, total_paise, contact_email, address, pincode,
          slot_id, slot_date, slot_start, slot_end, idempotency_key, request_hash)
        select ${user.id}::uuid, case when g % 5 = 0 then 'preparing' else 'confirmed' end, 'cod', 'pending', 50000, 50000, 'bench@example.in',
          '{"name":"Asha Rao"}'::jsonb, '560038', (${slots}::uuid[])[1 + g % ${slots.length}], ${day}::date, '07:00', '08:00', 'k' || g, 'h'
        from generate_series(1, ${ORDERS}) g
        returning id, number
      ),
      n as (select id, right(number, 3)::int as k from o)
      insert into order_lines (order_id, position, item_id, item_type, name, unit_price_paise, quantity, line_total_paise, recipe)
      select n.id, 1, (${shakes}::text[])[1 + n.k % ${shakes.length}], 'signature', 'Shake', 15000, 1 + n.k % 3, 15000, null from n
      union all
      select n.id, 2, 'custom:' || n.k % 40, 'custom', 'Custom', 20000, 1, 20000,
        jsonb_build_object('size', case when n.k % 2 = 0 then 'large' else 'regular' end,
          'baseId', (${bases}::text[])[1 + n.k % ${bases.length}],
          'addIns', jsonb_build_array(
            jsonb_build_object('ingredientId', (${addIns}::text[])[1 + n.k % ${addIns.length}], 'portions', 1 + n.k % 2),
            jsonb_build_object('ingredientId', (${addIns}::text[])[1 + (n.k / 7) % ${addIns.length}], 'portions', 1)))
      from n where n.k % 3 = 0`.execute(db);
    await sql`vacuum analyze`.execute(db);

    // Capture the statements of one read.
    const captured: Statement[] = [];
    const get = () => fetch(`http://127.0.0.1:${port}/api/admin/kitchen?date=${day}`, { headers: { authorization: auth } });
    await recordStatements(captured, async () => {
      await (await get()).arrayBuffer(); // warm: the session look-up, plans
      captured.length = 0;
      const res = await get();
      if (res.status !== 200) throw new Error(`GET /api/admin/kitchen answered ${res.status}`);
      await res.arrayBuffer();
    });
    const reads = captured.filter((q) => q.text.includes('order_lines'));
    const statements = captured.filter((q) => !/^(begin|commit|rollback)/i.test(q.text.trim()));

    const appMs: number[] = [];
    const sqlMs: number[] = [];
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      for (let i = 0; i < 5; i++) {
        await (await get()).arrayBuffer();
        for (const q of reads) await client.query(q.text, q.values);
      }
      // Alternate, so a busy machine weighs on both alike.
      for (let i = 0; i < RUNS; i++) {
        let t0 = performance.now();
        const r = await get();
        await r.arrayBuffer();
        appMs.push(performance.now() - t0);
        t0 = performance.now();
        for (const q of reads) await client.query(q.text, q.values);
        sqlMs.push(performance.now() - t0);
      }
    } finally {
      await client.end();
    }
    const p50 = { app: pct(appMs, 50), sql: pct(sqlMs, 50) };
    return [
      { name: `the kitchen's statement alone through pg, ${ORDERS} orders (baseline, p50)`, value: p50.sql, unit: 'ms' },
      {
        name: `GET /api/admin/kitchen?date= (${ORDERS} orders, p50)`,
        value: p50.app,
        unit: 'ms',
        baseline: p50.sql,
        ratio: p50.app / p50.sql,
      },
      { name: 'GET /api/admin/kitchen p95', value: pct(appMs, 95), unit: 'ms' },
      {
        name: 'SQL statements reading the orders per kitchen read',
        value: reads.length,
        unit: 'statements',
        budget: '≤ 2',
        pass: reads.length <= 2,
      },
      { name: 'statements per request in all (with the session check)', value: statements.length, unit: 'statements' },
    ];
  } finally {
    await bench.close();
  }
}
