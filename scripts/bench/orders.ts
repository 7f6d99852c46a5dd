import { execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { frozenPlacement, type FrozenPlacement } from './baseline-2026-11-26';
import { forkTs, type BenchRow } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

interface Statement {
  text: string;
  values: unknown[];
}
interface Slot {
  id: string;
  date: string;
}
interface Capture {
  captured: Statement[];
  capturedKey: string;
  capturedOrderId: string;
  capturedSlot: Slot;
}
interface ServerInfo {
  port: number;
  url: string;
  poolSize: number;
  today: string;
  customers: { auth: string; addressId: string; id: string; email: string; name: string }[];
  addresses: FrozenPlacement['address'][];
  shakes: { id: string; name: string; image: string | null; pricePaise: number }[];
  slots: (Slot & { start: string; end: string })[];
  captures: { mix: Capture; hot: Capture };
}
/** What the 2026-11-26 bench server (scripts/bench/orders-server.ts at 26366dc) sends when ready. */
interface FrozenServerInfo {
  port: number;
  url: string;
  customers: { auth: string; addressId: string }[];
  slots: Slot[];
}

/** The commit of the frozen baseline (issue 39): main of 2026-11-26, before stock and wallet. */
const FROZEN_COMMIT = '26366dc';

/** The two scenarios of issue 39. Order i's shakes are indices into the menu (in its order). */
const SCENARIOS = [
  {
    key: 'mix' as const,
    label: 'usual mix',
    connections: 16,
    // 1–3 different shakes an order, quantity 1: the count and the first shake rotate.
    lines: (i: number, menu: number) => Array.from({ length: 1 + (i % 3) }, (_, j) => (((i * 5) % menu) + j) % menu),
    hotSlotOnly: false,
  },
  {
    key: 'hot' as const,
    label: 'hot shake',
    connections: 64,
    // One bottle of the same shake, every order, in one slot family (the first slot on its 7 dates).
    lines: () => [0],
    hotSlotOnly: true,
  },
];
type Scenario = (typeof SCENARIOS)[number];

/** A running app to load: its port, customers, menu (by index) and slots, and its CPU meter. */
interface Target {
  port: number;
  customers: { auth: string; addressId: string }[];
  menu: string[];
  slots: Slot[];
  hotSlots: Slot[];
  cpu: () => Promise<number>;
  /**
   * Empties the hot slot family's bookings (the bench's own housekeeping between slices, outside every
   * measured window): a slot holds at most 1,000 (a CHECK), 7 dates hold 7,000, and the hot scenario's
   * replays and loads together book more than that.
   */
  room: () => Promise<void>;
}

/**
 * Order placement on PostgreSQL (issue 39: a bench that cannot hide a regression), in two scenarios —
 * the usual mix (16 connections) and a hot shake (64 connections, one shake, one slot family) — each:
 * - app: POST /api/orders (cash on delivery: the whole placing transaction incl. the stock reservation
 *   and the outbox e-mail), fresh idempotency key per request, customers and slots rotated;
 * - frozen baseline app: the same load on the app of 2026-11-26 (commit 26366dc, extracted from git
 *   into a temp folder, today's node_modules linked, its own bench server and database) — the shop
 *   before stock and wallet, measured on this machine in this run (budget: ≥ 0.9× its orders/s);
 * - frozen baseline SQL: that app's placement statements (baseline-2026-11-26.ts) replayed through pg
 *   against today's database with the scenario's orders — the stock-free ceiling (budget ≥ 0.5×);
 * - today's ceiling: the exact statements of one placement of the scenario (captured from today's
 *   app), replayed likewise — what the database allows today, stock locks included (for reference).
 * The four run in alternating 2-second slices, so a busy machine weighs on all alike. Half the
 * maximum rate is an evenly paced open-loop load. A missed budget or a failed request is a ✗ row;
 * nothing here throws on one (decision 230).
 */
export async function runOrdersBench(opts: { seconds?: number; halfSeconds?: number } = {}): Promise<BenchRow[]> {
  if (!process.env.DATABASE_URL) {
    return [{ name: 'orders bench skipped: needs DATABASE_URL (PostgreSQL)', value: 0, unit: '' }];
  }
  // Each of the four maximum-rate measures gets `seconds` (in 2-second slices), each paced run `halfSeconds`:
  // about 50 s a scenario, under 2 minutes for the section with both servers' boot.
  const seconds = opts.seconds ?? 8;
  const halfSeconds = opts.halfSeconds ?? 6;
  const [todayStart, frozenStart] = await Promise.allSettled([
    forkTs<ServerInfo & Record<string, unknown>>(path.join(here, 'orders-server.ts')),
    startFrozenApp(),
  ]);
  const frozen = frozenStart.status === 'fulfilled' ? frozenStart.value : null;
  const frozenError = frozenStart.status === 'rejected' ? String((frozenStart.reason as Error)?.message ?? frozenStart.reason) : null;
  if (todayStart.status === 'rejected') {
    await frozen?.stop();
    throw todayStart.reason;
  }
  const { child, info, ask } = todayStart.value;
  const pool = new pg.Pool({ connectionString: info.url, max: info.poolSize });
  const today: Target = {
    port: info.port,
    customers: info.customers,
    menu: info.shakes.map((s) => s.id),
    slots: info.slots,
    hotSlots: info.slots.filter((s) => s.id === info.slots[0]!.id),
    cpu: async () => cpuMicros((await ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu),
    room: async () => void (await pool.query('update slot_bookings set booked = 0 where slot_id = $1', [info.slots[0]!.id])),
  };
  const rows: BenchRow[] = [];
  try {
    if (frozenError) {
      rows.push({
        name: `frozen baseline app (${FROZEN_COMMIT}) could not run: ${frozenError.slice(0, 200)}`,
        value: 0,
        unit: '',
        pass: false,
      });
    }
    for (const scenario of SCENARIOS) {
      rows.push(
        ...(await runScenario(scenario, {
          info,
          today,
          frozen: frozen?.target ?? null,
          pool,
          seconds,
          halfSeconds,
          frozenUrl: frozen?.url,
        })),
      );
    }
  } finally {
    await pool.end();
    await Promise.all([frozen?.stop(), stopChild(child, ask)]);
  }
  return rows;
}

async function runScenario(
  scenario: Scenario,
  o: { info: ServerInfo; today: Target; frozen: Target | null; pool: pg.Pool; seconds: number; halfSeconds: number; frozenUrl?: string },
): Promise<BenchRow[]> {
  const { info, today, frozen, pool, seconds, halfSeconds } = o;
  const { connections } = scenario;
  const capture = info.captures[scenario.key];
  const todaySlots = scenario.hotSlotOnly ? info.slots.filter((s) => s.id === info.slots[0]!.id) : info.slots;
  // Autovacuum is off on these machines (ARCHITECTURE §5): each scenario starts from analysed, vacuumed tables.
  await Promise.all([vacuum(info.url), o.frozenUrl ? vacuum(o.frozenUrl) : null]);

  const todayBody = requests(today, scenario);
  const frozenBody = frozen ? requests(frozen, scenario) : null;
  const room = async () => void (await Promise.all([today.room(), frozen?.room()]));
  await room();
  // Each app is measured warm (decision 248): loaded until two 2-second loads in a row agree within
  // 5 % (JIT, pools, caches). A 1-second warm-up measured warm-up instead: today's larger app
  // reached its steady rate after 5–10 s of load, the frozen one sooner.
  const warmToday = await warm(today.port, todayBody, connections);
  await room();
  const warmFrozen = frozen && frozenBody ? await warm(frozen.port, frozenBody, connections) : 0;
  await room();

  const rounds = Math.max(1, Math.round(seconds / 2));
  const slice = seconds / rounds;
  const ceiling = { tx: 0, seconds: 0, failed: 0, error: '' };
  const stockFree = { tx: 0, seconds: 0, failed: 0, error: '' };
  const app = { total: 0, seconds: 0, p99: 0, cpu: 0, failed: 0 };
  const old = { total: 0, seconds: 0, p99: 0, cpu: 0, failed: 0 };
  const add = (to: typeof ceiling, r: Awaited<ReturnType<typeof replay>>) => {
    to.tx += r.tx;
    to.seconds += r.seconds;
    to.failed += r.failed;
    to.error ||= r.error;
  };
  const measure = async (to: typeof app, target: Target, body: () => Req) => {
    const cpu0 = await target.cpu();
    const m = await load(target.port, body, { duration: slice, connections });
    to.cpu += (await target.cpu()) - cpu0;
    to.total += m.total;
    to.seconds += m.seconds;
    to.failed += m.failed;
    // Percentiles of slices don't add up; report the worst slice.
    to.p99 = Math.max(to.p99, m.p99);
  };
  for (let r = 0; r < rounds; r++) {
    await room();
    add(ceiling, await replay(pool, slice, connections, (k) => ceilingStatements(capture, todaySlots[k % todaySlots.length]!)));
    await room();
    add(stockFree, await replay(pool, slice, connections, (k) => frozenPlacement(frozenOrder(info, scenario, todaySlots, k))));
    // The replays above wrote thousands of orders and stock updates into today's database only; with
    // autovacuum off here (ARCHITECTURE §5), each app is measured on vacuumed tables, as a server with
    // autovacuum would be (decision 248).
    await Promise.all([vacuum(info.url), o.frozenUrl ? vacuum(o.frozenUrl) : null]);
    await room();
    await measure(app, today, todayBody);
    if (frozen && frozenBody) await measure(old, frozen, frozenBody);
  }
  const max = app.total / app.seconds;
  const ceilingTps = ceiling.tx / ceiling.seconds;
  const stockFreeTps = stockFree.tx / stockFree.seconds;
  const oldMax = frozen ? old.total / old.seconds : 0;
  const cpuMs = app.cpu / 1000 / Math.max(1, app.total);
  const halfRate = Math.max(1, Math.floor(max / 2));
  await room();
  const half = await paced(today.port, { rate: halfRate, seconds: halfSeconds, connections, request: todayBody });
  const oldHalfRate = Math.max(1, Math.floor(oldMax / 2));
  await room();
  const oldHalf =
    frozen && frozenBody ? await paced(frozen.port, { rate: oldHalfRate, seconds: halfSeconds, connections, request: frozenBody }) : null;

  const tag = `${scenario.label}: `;
  // A separate session read (decision 207) would be counted: placement carries it in its booking statement (decision 320).
  const trips = capture.captured;
  const rows: BenchRow[] = [
    {
      name: `${tag}today's ceiling: one placement's SQL via pg (pool ${info.poolSize}, ${connections} clients)${failedSaid(ceiling)}`,
      value: ceilingTps,
      unit: 'tx/s',
    },
    {
      name: `${tag}frozen baseline SQL (${FROZEN_COMMIT}, stock-free) via pg, same orders${failedSaid(stockFree)}`,
      value: stockFreeTps,
      unit: 'tx/s',
      ...(stockFree.failed ? { pass: false } : {}),
    },
  ];
  rows.push({
    name: `${tag}load before measuring, until two 2-s rates agree within 5 % (today's app / frozen app ${warmFrozen} s)`,
    value: warmToday,
    unit: 's',
  });
  if (frozen) {
    rows.push(
      {
        name: `${tag}frozen baseline app (${FROZEN_COMMIT}) — maximum rate${old.failed ? ` (${old.failed} failed)` : ''}`,
        value: oldMax,
        unit: 'orders/s',
      },
      { name: `${tag}frozen baseline app — server CPU per order`, value: oldMax ? old.cpu / 1000 / Math.max(1, old.total) : 0, unit: 'ms' },
      { name: `${tag}frozen baseline app — p99 at the maximum rate (worst slice)`, value: old.p99, unit: 'ms' },
      { name: `${tag}frozen baseline app — p99 at half its maximum rate (${oldHalfRate}/s, paced)`, value: oldHalf?.p99 ?? 0, unit: 'ms' },
      // What the shop of 2026-11-26 itself reaches of its own SQL on this machine: the yardstick for the 0.5× below.
      {
        name: `${tag}frozen baseline app — against its own SQL (the stock-free ceiling)`,
        value: oldMax,
        unit: 'orders/s',
        baseline: stockFreeTps,
        ratio: oldMax / stockFreeTps,
      },
    );
  }
  rows.push(
    frozen
      ? {
          // The cut-off section compares its rate with this row ('usual mix: POST /api/orders (COD) — maximum rate').
          name: `${tag}POST /api/orders (COD) — maximum rate, against the frozen baseline app`,
          value: max,
          unit: 'orders/s',
          baseline: oldMax,
          ratio: max / oldMax,
          budget: '≥ 0.9× frozen baseline',
          pass: max / oldMax >= 0.9,
        }
      : {
          name: `${tag}POST /api/orders (COD) — maximum rate, against the frozen baseline app: not measured (above)`,
          value: max,
          unit: 'orders/s',
          budget: '≥ 0.9× frozen baseline',
          pass: false,
        },
    {
      name: `${tag}POST /api/orders — against the frozen baseline SQL (the stock-free ceiling)`,
      value: max,
      unit: 'orders/s',
      baseline: stockFreeTps,
      ratio: max / stockFreeTps,
      budget: '≥ 0.5× stock-free ceiling',
      pass: max / stockFreeTps >= 0.5,
    },
    {
      name: `${tag}POST /api/orders — against today's ceiling`,
      value: max,
      unit: 'orders/s',
      baseline: ceilingTps,
      ratio: max / ceilingTps,
    },
    { name: `${tag}p99 at the maximum rate (worst slice)`, value: app.p99, unit: 'ms' },
    {
      name: `${tag}server CPU per order at the maximum rate (user + system)`,
      value: cpuMs,
      unit: 'ms',
      budget: '≤ 2.6 ms',
      pass: cpuMs <= 2.6,
    },
    {
      name: `${tag}p99 at half the maximum rate (${halfRate}/s, evenly paced, from the scheduled send time)`,
      value: half.p99,
      unit: 'ms',
      budget: '≤ 150 ms',
      pass: half.p99 <= 150,
    },
    { name: `${tag}p50 at half the maximum rate`, value: half.p50, unit: 'ms' },
    {
      name: `${tag}database round trips per placement (${trips.map((q) => shortName(q.text)).join(', ')}; the session read is a column of the booking statement, decision 320)`,
      value: trips.length,
      unit: 'round trips',
      budget: '≤ 5',
      pass: trips.length <= 5,
    },
  );
  const failed = app.failed + half.failed;
  if (failed > 0 || old.failed > 0 || (oldHalf?.failed ?? 0) > 0) {
    rows.push({
      name: `${tag}failed placements (non-2xx or errors): today ${failed}, frozen baseline app ${old.failed + (oldHalf?.failed ?? 0)}${half.firstFailure ? `, e.g. ${half.firstFailure}` : ''}`,
      value: failed,
      unit: 'requests',
      budget: '0',
      pass: failed === 0,
    });
  }
  return rows;
}

const failedSaid = (r: { failed: number; error: string }) => (r.failed ? ` — ${r.failed} failed, e.g. ${r.error.slice(0, 80)}` : '');

type Req = { headers: Record<string, string>; body: string };

/** Request i of a scenario for `target`: rotating customers and slots, the scenario's shakes. */
function requests(target: Target, scenario: Scenario): () => Req {
  let n = 0;
  const slots = scenario.hotSlotOnly ? target.hotSlots : target.slots;
  return () => {
    const i = n++;
    const c = target.customers[i % target.customers.length]!;
    const s = slots[i % slots.length]!;
    return {
      headers: { 'content-type': 'application/json', authorization: c.auth, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        lines: scenario.lines(i, target.menu.length).map((k) => ({ id: target.menu[k]!, type: 'signature', quantity: 1 })),
        addressId: c.addressId,
        slotId: s.id,
        date: s.date,
        paymentMethod: 'cod',
      }),
    };
  };
}

/** Replay k of the frozen baseline: the order the app's request k of the scenario would be, on today's database. */
function frozenOrder(info: ServerInfo, scenario: Scenario, slots: ServerInfo['slots'], k: number): FrozenPlacement {
  const c = info.customers[k % info.customers.length]!;
  const address = info.addresses.find((a) => a.id === c.addressId)!;
  const s = slots[k % slots.length]!;
  return {
    user: { id: c.id, email: c.email, name: c.name },
    address,
    slot: s,
    lines: scenario.lines(k, info.shakes.length).map((i) => ({ ...info.shakes[i]!, quantity: 1 })),
    key: crypto.randomUUID(),
    today: info.today,
    now: new Date(),
  };
}

/** The captured statements of one placement with a new idempotency key and order id, on slot `s`. */
function ceilingStatements(c: Capture, s: Slot): Statement[] {
  const key = crypto.randomUUID();
  const orderId = crypto.randomUUID();
  return c.captured.map((q) => ({
    text: q.text,
    values: q.values.map((v) =>
      v === c.capturedKey
        ? key
        : v === c.capturedOrderId
          ? orderId
          : v === c.capturedSlot.id
            ? s.id
            : v === c.capturedSlot.date
              ? s.date
              : v,
    ),
  }));
}

/**
 * What the app would have refused in a replayed statement's answer (a transaction the app would roll
 * back is no placement): the slot not booked, the address not found, the order not written.
 */
function refusal(text: string, rows: Record<string, unknown>[]): string | null {
  if (text.includes('insert into slot_bookings')) {
    // Today's read statement names its columns after its steps' pieces (decision 242: `booking`); the
    // frozen baseline's statement (26366dc) called the booking `slot`.
    const row = rows[0] as { booking?: { booked_now?: number | null }; slot?: { booked_now?: number | null }; address?: unknown } | undefined;
    if ((row?.booking ?? row?.slot)?.booked_now == null) return 'the slot was not booked';
    if (!row?.address) return 'the address was not found';
  }
  if (text.includes('insert into orders') && rows.length !== 1) return 'the order was not written';
  return null;
}

/** Transactions replayed as fast as PostgreSQL allows; one that fails is rolled back and counted. */
async function replay(
  pool: pg.Pool,
  seconds: number,
  concurrency: number,
  statements: (k: number) => Statement[],
): Promise<{ tx: number; seconds: number; failed: number; error: string }> {
  let done = 0;
  let failed = 0;
  let error = '';
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const list = statements(replayed++);
      const client = await pool.connect();
      try {
        for (const q of list) {
          const refused = refusal(q.text, (await client.query(q.text, q.values)).rows);
          if (refused) throw new Error(refused);
        }
        done++;
      } catch (e) {
        failed++;
        error ||= (e as Error).message;
        await client.query('rollback').catch(() => {});
      } finally {
        client.release();
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { tx: done, seconds: (Date.now() - t0) / 1000, failed, error };
}
let replayed = 1_000_000;

/** Closed-loop load at full concurrency (autocannon). */
async function load(port: number, body: () => Req, o: { duration: number; connections: number }) {
  const t0 = performance.now();
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: o.connections,
    duration: o.duration,
    requests: [{ method: 'POST', path: '/api/orders', setupRequest: (req: Record<string, unknown>) => ({ ...req, ...body() }) }] as never,
  });
  return {
    seconds: (performance.now() - t0) / 1000,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r['2xx'],
    failed: r.non2xx + r.errors,
  };
}

/** Loads an app in 2-second rounds, at least 3, until two in a row agree within 5 % (at most 10 rounds): the seconds it took. */
async function warm(port: number, body: () => Req, connections: number): Promise<number> {
  let last = 0;
  for (let i = 1; i <= 10; i++) {
    const r = await load(port, body, { duration: 2, connections });
    const rate = r.total / r.seconds;
    if (i >= 3 && Math.abs(rate - last) <= 0.05 * last) return i * 2;
    last = rate;
  }
  return 20;
}

async function vacuum(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('vacuum analyze');
  } finally {
    await c.end();
  }
}

const cpuMicros = (u: NodeJS.CpuUsage) => u.user + u.system;

/**
 * The app of 2026-11-26 (FROZEN_COMMIT), running its own bench server: the tree is extracted with
 * `git archive` into a temp folder (no worktree to register or forget), today's node_modules linked
 * (that commit's dependencies are a subset of today's, at the same versions), its database made,
 * migrated and seeded by its own code; its first slot is the hot scenario's slot family.
 */
async function startFrozenApp(): Promise<{ target: Target; url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hs-bench-${FROZEN_COMMIT}-`));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const tar = path.join(dir, 'tree.tar');
    execFileSync('git', ['archive', '--format=tar', '-o', tar, FROZEN_COMMIT], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    execFileSync('tar', ['-xf', tar, '-C', dir]);
    fs.rmSync(tar);
    fs.symlinkSync(fs.realpathSync(path.join(repoRoot, 'node_modules')), path.join(dir, 'node_modules'));
  } catch (e) {
    remove();
    throw new Error(`extracting ${FROZEN_COMMIT}: ${(e as Error).message}`);
  }
  let started: Awaited<ReturnType<typeof forkTs<FrozenServerInfo & Record<string, unknown>>>> | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    // Its capture patches pg's query while a query is queued; node-postgres warns about that.
    const fork = forkTs<FrozenServerInfo & Record<string, unknown>>(
      path.join(dir, 'scripts/bench/orders-server.ts'),
      // Its own profile file: the same name would overwrite today's app's profile.
      { NODE_NO_WARNINGS: '1', ...(process.env.BENCH_CPU_PROFILE ? { BENCH_CPU_PROFILE: `${process.env.BENCH_CPU_PROFILE}.frozen.cpuprofile` } : {}) },
      { cwd: dir },
    );
    started = await Promise.race([
      fork,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('its bench server was not ready within 60 s')), 60_000);
      }),
    ]);
  } catch (e) {
    clearTimeout(timer);
    remove();
    throw e;
  }
  clearTimeout(timer);
  const { info, ask, child } = started;
  const pool = new pg.Pool({ connectionString: info.url, max: 1 });
  // It drops its database on 'stop'.
  const stop = async () => {
    await pool.end().catch(() => {});
    await stopChild(child, ask);
    remove();
  };
  try {
    const menu = (await pool.query<{ id: string }>('select id from signature_shakes where active order by sort_order')).rows.map(
      (r) => r.id,
    );
    const hot = info.slots[0]!.id;
    const target: Target = {
      port: info.port,
      customers: info.customers,
      menu,
      slots: info.slots,
      hotSlots: info.slots.filter((s) => s.id === hot),
      // A child that died mid-run answers nothing: its loads then fail and show as ✗ rows instead of a hang.
      cpu: async () => (child.exitCode !== null || child.signalCode ? 0 : cpuMicros((await ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu)),
      room: async () => void (await pool.query('update slot_bookings set booked = 0 where slot_id = $1', [hot]).catch(() => {})),
    };
    return { target, url: info.url, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Asks a bench child to stop (it closes its app and drops its database) and waits for it to exit (10 s at most). */
async function stopChild(child: ChildProcess, ask: (cmd: string) => Promise<unknown>): Promise<void> {
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    void ask('stop').catch(() => {});
    setTimeout(resolve, 10_000).unref();
  });
}

function shortName(text: string): string {
  const t = text.trim().toLowerCase();
  if (t === 'begin' || t === 'commit' || t === 'rollback') return t;
  if (t.includes('insert into orders')) {
    const parts = ['order+lines+event'];
    if (t.includes('mail_outbox')) parts.push('mail');
    if (t.includes('user_cart_lines')) parts.push('cart');
    if (t.includes('stock_levels')) parts.push('stock');
    if (t.includes('whatsapp_outbox')) parts.push('WhatsApp');
    return `write ${parts.join('+')}`;
  }
  if (t.includes('insert into slot_bookings') && (t.includes('signature_shakes') || t.includes('pricing_inputs')))
    return t.includes('auth_sessions') ? 'session+price+address+PIN+book slot' : 'price+address+PIN+book slot';
  if (t.includes('insert into slot_bookings')) return 'book slot';
  if (t.includes('signature_shakes') && t.includes('from addresses')) return 'price+address+PIN';
  if (t.includes('signature_shakes') || t.includes("key = 'pricing'") || t.includes('ingredients')) return 'price';
  if (t.includes('mail_outbox')) return 'outbox mail';
  if (t.includes('serviceable_pincodes')) return 'PIN check';
  if (t.includes('subscriptions')) return 'subscriptions';
  if (t.includes('from "addresses"') || t.includes('from addresses')) return 'address';
  return t.slice(0, 20);
}

/**
 * An open-loop load at a fixed rate: request i is due at t0 + i/rate, and its latency
 * counts from then — a request that had to wait for a free connection is late by that
 * wait too (no coordinated omission). Keep-alive connections, at most `connections`.
 */
async function paced(
  port: number,
  o: { rate: number; seconds: number; connections: number; request: () => Req },
): Promise<{ p50: number; p99: number; sent: number; failed: number; firstFailure: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const total = Math.max(1, Math.round(o.rate * o.seconds));
  const interval = 1000 / o.rate;
  const latencies: number[] = [];
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { headers, body } = o.request();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/orders',
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) failures.push(String(res.statusCode));
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on('error', (e) => {
        failures.push(e.message);
        resolve();
      });
      req.end(body);
    });
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!) : 0;
  return { p50: pct(50), p99: pct(99), sent: total, failed: failures.length, firstFailure: failures[0] ?? '' };
}
