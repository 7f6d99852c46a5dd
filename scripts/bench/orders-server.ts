// Child process for the orders bench: the real app on a fresh PostgreSQL database, with
// customers, addresses, the menu and roomy slots, plus the exact SQL of one placement per scenario
// (captured): the usual mix's and the hot shake's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { sql } from 'kysely';
import { addDays, istToday } from '../../shared/rules/slots';
import { createCustomers } from '../../test/helpers/factories';
import { recordStatements, type Statement } from '../../test/helpers/statements';
import { benchApp } from './bench-app';
import { answerCommands } from './child-commands';

const bench = await benchApp(process.env.DATABASE_URL!, 'orders', { listen: true });
const { app, dbh, poolSize } = bench;

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
const slotRows = await dbh.db
  .selectFrom('delivery_slots')
  .select(['id', 'start_time as start', 'end_time as end'])
  .where('plan_type', '=', 'all')
  .orderBy('sort')
  .execute();
const today = istToday(new Date());
const slots = slotRows.flatMap((s) =>
  [1, 2, 3, 4, 5, 6, 7].map((d) => ({ id: s.id, date: addDays(today, d), start: s.start, end: s.end })),
);

// Stock for every order of the run (issue 24): a receipt per tracked ingredient, ledger row and balance together.
await dbh.db.executeQuery(
  sql`with lv as (update stock_balances set on_hand = on_hand + 100000000 where stock_spread(ingredient_id, 100000000) returning ingredient_id, on_hand)
    insert into stock_movements (ingredient_id, kind, delta, on_hand_after, batch, reason)
    select ingredient_id, 'received', 100000000, on_hand, 'BENCH', 'Stock for the bench run' from lv`.compile(dbh.db),
);
// Every active signature shake, in the menu's order (the usual mix rotates over them; the hot shake is the first).
const shakes = await dbh.db
  .selectFrom('signature_shakes')
  .select(['id', 'name', 'image', 'price_paise as pricePaise'])
  .where('active', '=', true)
  .orderBy('sort_order')
  .execute();
const N = 200;
const customers = await Promise.all(
  (await createCustomers(dbh.db, N, 'bench')).map(async (u) => ({
    auth: await bench.bearer(u),
    addressId: u.addressId,
    id: u.id,
    email: u.email,
    name: u.name,
  })),
);
// The customers' addresses as the frozen baseline writes them into its orders.
const addresses = await dbh.db
  .selectFrom('addresses')
  .select(['id', 'name', 'phone', 'line1', 'line2', 'landmark', 'city', 'state', 'pincode'])
  .where(
    'id',
    'in',
    customers.map((c) => c.addressId),
  )
  .execute();

await app.inject({ method: 'GET', url: '/api/pricing' }); // warm the settings cache first
// Warm every customer's token too (the verified-token cache): the capture is one placement, not a
// first request. The session itself is read at every request (decision 207), so the ceiling replays it.
for (const c of customers) {
  const r = await app.inject({ method: 'GET', url: '/api/user/cart', headers: { authorization: c.auth } });
  if (r.statusCode !== 200) throw new Error(`session warm-up failed: ${r.statusCode} ${r.body}`);
}

/** One placement with every statement recorded: a scenario's ceiling replays exactly these. */
async function capture(customer: (typeof customers)[number], lines: string[], slot: (typeof slots)[number]) {
  const captured: Statement[] = [];
  const key = crypto.randomUUID();
  const res = await recordStatements(captured, () =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: customer.auth, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify({
        lines: lines.map((id) => ({ id, type: 'signature', quantity: 1 })),
        addressId: customer.addressId,
        slotId: slot.id,
        date: slot.date,
        paymentMethod: 'cod',
      }),
    }),
  );
  if (res.statusCode !== 200) throw new Error(`capture placement failed: ${res.statusCode} ${res.body}`);
  return {
    captured,
    capturedKey: key,
    // The order's id is assigned before it is written (decision 131): the ceiling replays each with a new one.
    capturedOrderId: (JSON.parse(res.body) as { order: { id: string } }).order.id,
    capturedSlot: { id: slot.id, date: slot.date },
  };
}
// The usual mix: two shakes (the mix's average), the first slot; the hot shake: one bottle of the first shake.
const captures = {
  mix: await capture(customers[0]!, [shakes[0]!.id, shakes[1]!.id], slots[0]!),
  hot: await capture(customers[1]!, [shakes[0]!.id], slots[1]!),
};

process.send?.({
  ready: true,
  port: bench.port,
  url: bench.url.toString(),
  poolSize,
  today,
  customers,
  addresses,
  shakes,
  slots,
  captures,
});
// BENCH_CPU_PROFILE=file.cpuprofile: profile the server from here to 'stop' (open in Chrome DevTools or speedscope).
const profiler = process.env.BENCH_CPU_PROFILE ? await startProfiler() : null;
answerCommands(async () => {
  if (profiler) fs.writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(await profiler.stop()));
  await bench.close();
});

async function startProfiler(): Promise<{ stop: () => Promise<unknown> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return { stop: async () => (await session.post('Profiler.stop')).profile };
}
