// Child process for the orders bench: the real app on a fresh PostgreSQL database, with
// customers, addresses and roomy slots, plus the exact SQL of one placement (captured).
import { benchDatabase } from './lib';
import crypto from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { runSeeds } from '../../db/seeds';
import { signAccessToken } from '../../server/lib/tokens';
import { addDays, istToday } from '../../shared/rules/slots';

const adminUrl = process.env.DATABASE_URL!;
const { dbName, url, admin } = await benchDatabase(adminUrl, 'orders');

const poolSize = Number(process.env.BENCH_POOL ?? 10);
const dbh = await createDatabase({ databaseUrl: url.toString(), poolSize });
await migrateToLatest(dbh.db);
await runSeeds(dbh.db);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'silent',
  SERVE_CLIENT: 'false',
  RUN_JOBS: 'false',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
});
const { app, deps } = await buildApp({ config, dbh, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

// Room for every order of the run: 30 slots × 7 days × 1000 places.
await dbh.db
  .insertInto('delivery_slots')
  .values(
    Array.from({ length: 25 }, (_, i) => ({
      start_time: `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      end_time: '21:00',
      max_bookings: 1000,
      plan_type: 'all' as const,
      sort: 100 + i,
    })),
  )
  .execute();
await dbh.db.updateTable('delivery_slots').set({ max_bookings: 1000 }).execute();
const slotRows = await dbh.db.selectFrom('delivery_slots').select('id').where('plan_type', '=', 'all').execute();
const today = istToday(new Date());
const slots = slotRows.flatMap((s) => [1, 2, 3, 4, 5, 6, 7].map((d) => ({ id: s.id, date: addDays(today, d) })));

// Stock for every order of the run (issue 24): a receipt per tracked ingredient, ledger row and balance together.
await dbh.db.executeQuery(
  sql`with lv as (update stock_levels set on_hand = on_hand + 100000000 returning ingredient_id, on_hand)
    insert into stock_movements (ingredient_id, kind, delta, on_hand_after, batch, reason)
    select ingredient_id, 'received', 100000000, on_hand, 'BENCH', 'Stock for the bench run' from lv`.compile(dbh.db),
);
const shakes = (await dbh.db.selectFrom('signature_shakes').select('id').orderBy('sort_order').limit(2).execute()).map((s) => s.id);
const N = 200;
const users = await dbh.db
  .insertInto('users')
  .values(
    Array.from({ length: N }, (_, i) => ({
      email: `bench-${i}@example.in`,
      email_verified: true,
      name: `Bench ${i}`,
      username: `bench_${i}`,
      mobile: '+919876543210',
    })),
  )
  .returning(['id', 'email', 'role', 'name'])
  .execute();
const addresses = await dbh.db
  .insertInto('addresses')
  .values(
    users.map((u) => ({
      user_id: u.id,
      name: u.name,
      phone: '+919876543210',
      line1: '1 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      is_default: true,
    })),
  )
  .returning(['id', 'user_id'])
  .execute();
const byUser = new Map(addresses.map((a) => [a.user_id, a.id]));
const customers = await Promise.all(
  users.map(async (u) => ({
    // A session each, as a sign-in opens one (the server refuses tokens without: decision 112).
    auth: `Bearer ${(await signAccessToken(deps.tokenKeys, { sub: u.id, email: u.email ?? '', role: u.role, name: u.name, sid: (await dbh.db.insertInto('auth_sessions').values({ user_id: u.id, provider: 'bench' }).returning('id').executeTakeFirstOrThrow()).id }, new Date())).token}`,
    addressId: byUser.get(u.id)!,
  })),
);

// One placement with every statement recorded: the ceiling replays exactly these.
const captured: { text: string; values: unknown[] }[] = [];
const original = pg.Client.prototype.query;
let capturing = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (capturing) {
    const q = args[0] as string | { text: string; values?: unknown[] };
    captured.push(typeof q === 'string' ? { text: q, values: (args[1] as unknown[]) ?? [] } : { text: q.text, values: q.values ?? [] });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
const key = crypto.randomUUID();
await app.inject({ method: 'GET', url: '/api/pricing' }); // warm the settings cache first
// Warm every customer's session too (a cold one is one read, then cached for SESSION_TTL_MS): the
// capture is one placement, not a first request, and the ceiling must not replay a session read.
for (const c of customers) {
  const r = await app.inject({ method: 'GET', url: '/api/user/cart', headers: { authorization: c.auth } });
  if (r.statusCode !== 200) throw new Error(`session warm-up failed: ${r.statusCode} ${r.body}`);
}
capturing = true;
const res = await app.inject({
  method: 'POST',
  url: '/api/orders',
  headers: { authorization: customers[0]!.auth, 'content-type': 'application/json', 'idempotency-key': key },
  payload: JSON.stringify({
    lines: shakes.map((id) => ({ id, type: 'signature', quantity: 1 })),
    addressId: customers[0]!.addressId,
    slotId: slots[0]!.id,
    date: slots[0]!.date,
    paymentMethod: 'cod',
  }),
});
capturing = false;
pg.Client.prototype.query = original;
if (res.statusCode !== 200) throw new Error(`capture placement failed: ${res.statusCode} ${res.body}`);

process.send?.({
  ready: true,
  port: (app.server.address() as { port: number }).port,
  url: url.toString(),
  poolSize,
  customers,
  shakes,
  slots,
  captured,
  capturedKey: key,
  // The order's id is assigned before it is written (decision 131): the ceiling replays each with a new one.
  capturedOrderId: (JSON.parse(res.body) as { order: { id: string } }).order.id,
  capturedSlot: slots[0],
});
// BENCH_CPU_PROFILE=file.cpuprofile: profile the server from here to 'stop' (open in Chrome DevTools or speedscope).
const profiler = process.env.BENCH_CPU_PROFILE ? await startProfiler() : null;
process.on('message', async (m: { cmd: string }) => {
  // The server's own CPU time: per order it is steadier than throughput on a busy machine.
  if (m.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (m.cmd === 'stop') {
    if (profiler) fs.writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(await profiler.stop()));
    await app.close();
    await dbh.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    process.send?.({ stopped: true });
    process.exit(0);
  }
});

async function startProfiler(): Promise<{ stop: () => Promise<unknown> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return { stop: async () => (await session.post('Profiler.stop')).profile };
}
