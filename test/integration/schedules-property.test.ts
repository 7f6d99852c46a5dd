import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { customers, loadShop, type Customer, type Shop } from './orders-fixtures';
import { creditWallets, insertSchedules, newSlot } from './schedules-fixtures';
import * as schedules from '../../server/domains/schedules/schedules.service';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';
import { adjust } from '../../server/domains/wallet/wallet.service';
import { cancelByCustomer } from '../../server/domains/orders/orders.lifecycle';
import { refund } from '../../server/domains/orders/orders.admin.service';
import { AppError } from '../../server/lib/errors';
import type { AuthUser } from '../../server/trpc/context';
import { addDays } from '../../shared/rules/slots';
import { entryOf } from '../../shared/rules/schedules';

/**
 * Standing deliveries as a property (decision 177; fast-check, fixed seed): 200 customers, 60 days
 * moved one at a time with the clock, each day random skips, changed days, vacations (added and
 * taken back), pauses, wallet top-ups (the audited adjustment), cancels and refunds; the cut-off
 * placed by the job each evening. Checked each day against a plain-SQL reading of the same rows
 * (not the code's own rule): the days placed or refused are exactly the days planned at the cut-off,
 * no (schedule, date) has two orders, every refused day has a code and a sentence (a wallet refusal
 * only when the balance is short), and each wallet's ledger sums to its balance ≥ 0.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const CUSTOMERS = 200;
const DAYS = 60;
const FIRST = '2027-01-04';
let now = new Date(`${FIRST}T10:00:00+05:30`);
const clock = { now: () => now };
let t: TestApp;
let shop: Shop;
let people: Customer[];
let admin: AuthUser;
let slots: string[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await loadShop(t);
  admin = await createUser(t.deps.db, { role: 'admin' });
  // Six slots: the cut-off places one slot's orders one after another (they queue on its booking row), slots side by side.
  slots = [];
  for (let i = 0; i < 6; i++) slots.push(await newSlot(t.deps.db, 1000, `0${5 + (i % 4)}:${i < 4 ? '00' : '30'}`, 90 + i));
  people = await customers(t, CUSTOMERS);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Line = { id: string; type: 'signature'; quantity: number };
type Action =
  | { kind: 'skip' | 'unskip'; c: number; ahead: number }
  | { kind: 'change'; c: number; ahead: number; lines: { shake: number; quantity: number }[] }
  | { kind: 'vacation'; c: number; ahead: number; length: number }
  | { kind: 'unvacation' | 'pause' | 'resume' | 'cancel' | 'refund'; c: number }
  | { kind: 'topUp'; c: number; amount: number };

const customerIx = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const linesArb = fc.uniqueArray(fc.record({ shake: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 5 }) }), {
  minLength: 1,
  maxLength: 2,
  selector: (l) => l.shake,
});
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('skip' as const, 'unskip' as const),
      c: customerIx,
      ahead: fc.integer({ min: 0, max: 6 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('change' as const), c: customerIx, ahead: fc.integer({ min: 1, max: 6 }), lines: linesArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('vacation' as const),
      c: customerIx,
      ahead: fc.integer({ min: 0, max: 5 }),
      length: fc.integer({ min: 0, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('unvacation' as const, 'pause' as const, 'resume' as const, 'cancel' as const, 'refund' as const),
      c: customerIx,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('topUp' as const), c: customerIx, amount: fc.integer({ min: 20_000, max: 400_000 }) }),
  },
);
const setupArb = fc.array(
  fc.record({
    // Mostly one or two chosen days a week (a weekend shake, a Monday one), some every day: ~1,500 deliveries in all.
    days: fc.oneof(
      { weight: 8, arbitrary: fc.constant('chosen' as const) },
      { weight: 1, arbitrary: fc.constantFrom('daily' as const, 'weekdays' as const, 'alternate' as const) },
    ),
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 2 }),
    lines: linesArb,
    slot: fc.integer({ min: 0, max: 5 }),
    start: fc.integer({ min: 1, max: 10 }),
    length: fc.option(fc.integer({ min: 5, max: 60 }), { nil: null }),
    credit: fc.oneof(
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 50_000 }) },
      { weight: 9, arbitrary: fc.integer({ min: 500_000, max: 2_000_000 }) },
    ),
  }),
  { minLength: CUSTOMERS, maxLength: CUSTOMERS },
);
const scriptArb = fc.record({
  setup: setupArb,
  days: fc.array(fc.array(actionArb, { maxLength: 40 }), { minLength: DAYS, maxLength: DAYS }),
});

const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
const toLines = (ls: { shake: number; quantity: number }[]): Line[] =>
  ls.map((l) => ({ id: shop.shakes[l.shake]!.id, type: 'signature', quantity: l.quantity }));

/** Refusals are part of the game (a fixed day, nothing to skip…): each must be an AppError with a sentence. */
async function tolerate(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    expect(e.message).toMatch(/^[A-Z'].+[.!]$/);
  }
}

/** The days planned for a date, read with plain SQL: the same rows, read independently of the day rules in TypeScript. */
async function plannedBySql(date: string): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`
    select sc.id from schedules sc
    where sc.status = 'active' and sc.start_date <= ${date}::date and (sc.end_date is null or sc.end_date >= ${date}::date)
      and (sc.days = 'daily'
        or (sc.days = 'weekdays' and extract(isodow from ${date}::date) between 1 and 5)
        or (sc.days = 'alternate' and (${date}::date - sc.start_date) % 2 = 0)
        or (sc.days = 'chosen' and extract(dow from ${date}::date)::smallint = any(sc.weekdays))
        or exists (select 1 from schedule_days d where d.schedule_id = sc.id and d.date = ${date}::date and d.items is not null))
      and not exists (select 1 from schedule_days d where d.schedule_id = sc.id and d.date = ${date}::date and d.skipped)
      and not exists (select 1 from schedule_vacations v where v.user_id = sc.user_id and ${date}::date between v.from_date and v.to_date)`.execute(
    t.deps.db,
  );
  return new Set(rows.map((r) => r.id));
}

async function expectLedgers(): Promise<void> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from wallet_balances b
    full join (select user_id, sum(amount_paise) as s from wallet_ledger group by user_id) l on l.user_id = b.user_id
    where coalesce(b.balance_paise, 0) <> coalesce(l.s, 0) or b.balance_paise < 0`.execute(t.deps.db);
  expect(rows[0]!.n).toBe(0);
}

describe.skipIf(!onPostgres)('standing deliveries over 60 days (property)', () => {
  it('placed = planned and covered, never twice, every refusal with its reason, ledgers = balances ≥ 0', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, async (script) => {
        // The opening state in bulk (schedules and opening balances, in the wallet's own shape); every change after it goes through the services.
        const ids = await insertSchedules(
          t.deps.db,
          script.setup.map((x, i) => {
            const startDate = addDays(FIRST, x.start);
            return {
              userId: people[i]!.user.id,
              addressId: people[i]!.addressId,
              slotId: slots[x.slot]!,
              items: toLines(x.lines),
              days: x.days,
              weekdays: x.days === 'chosen' ? x.weekdays : [],
              startDate,
              endDate: x.length === null ? null : addDays(startDate, x.length),
            };
          }),
        );
        for (const [i, x] of script.setup.entries()) if (x.credit) await creditWallets(t.deps.db, [people[i]!.user.id], x.credit);
        const spent = { setup: 0, actions: 0, evening: 0, cutoff: 0, checks: 0 };
        let mark = performance.now();
        const lap = (k: keyof typeof spent) => {
          const n = performance.now();
          spent[k] += n - mark;
          mark = n;
        };
        lap('setup');
        let placedTotal = 0;
        let refusedTotal = 0;
        for (let d = 0; d < DAYS; d++) {
          const today = addDays(FIRST, d);
          const tomorrow = addDays(today, 1);
          now = ist(today, '10:00:00');
          for (const a of script.days[d]!) {
            const c = people[a.c]!;
            const u = c.user;
            switch (a.kind) {
              case 'skip':
                await tolerate(schedules.skip(t.deps, u, { date: addDays(today, a.ahead) }));
                break;
              case 'unskip':
                await tolerate(schedules.unskip(t.deps, u, { date: addDays(today, a.ahead) }));
                break;
              case 'change':
                await tolerate(schedules.putDay(t.deps, u, { date: addDays(today, a.ahead), items: toLines(a.lines) }));
                break;
              case 'vacation':
                await tolerate(schedules.addVacation(t.deps, u, { from: addDays(today, a.ahead), to: addDays(today, a.ahead + a.length) }));
                break;
              case 'unvacation': {
                const v = await t.deps.db
                  .selectFrom('schedule_vacations')
                  .select('id')
                  .where('user_id', '=', u.id)
                  .orderBy('created_at', 'desc')
                  .executeTakeFirst();
                if (v) await tolerate(schedules.removeVacation(t.deps, u, v.id));
                break;
              }
              case 'pause':
              case 'resume':
                await tolerate(schedules.update(t.deps, u, { id: ids[a.c]!, status: a.kind === 'pause' ? 'paused' : 'active' }));
                break;
              case 'topUp':
                await adjust(t.deps, admin, { userId: u.id, amount: a.amount, reason: 'top-up' }, {});
                break;
              case 'cancel':
              case 'refund': {
                const o = await t.deps.db
                  .selectFrom('orders')
                  .select('id')
                  .where('user_id', '=', u.id)
                  .where('status', '=', 'confirmed')
                  .where('idempotency_key', 'like', 'schedule:%')
                  .orderBy('slot_date', 'desc')
                  .executeTakeFirst();
                if (!o) break;
                if (a.kind === 'cancel') await tolerate(cancelByCustomer(t.deps, u, { id: o.id }));
                else await tolerate(refund(t.deps, admin, { id: o.id, reason: 'A bottle leaked', idempotencyKey: crypto.randomUUID() }));
                break;
              }
            }
          }

          lap('actions');
          // The evening: the calendar of a few customers agrees with the plain-SQL reading of tomorrow.
          now = ist(today, '20:00:00');
          const planned = await plannedBySql(tomorrow);
          for (const c of people.slice((d * 3) % CUSTOMERS, ((d * 3) % CUSTOMERS) + 3)) {
            const cal = await schedules.calendar(t.deps, c.user, { from: tomorrow, days: 1 });
            const mine = cal.days[0]!.entries.filter((e) => e.state === 'planned').map((e) => e.scheduleId);
            const expected = ids.filter((id, i) => people[i] === c && planned.has(id));
            expect(mine.sort()).toEqual(expected.sort());
          }

          // The cut-off: a minute past 21:00, the job places tomorrow.
          now = ist(today, '21:00:00');
          const atCutoff = await plannedBySql(tomorrow);
          lap('evening');
          now = ist(today, '21:01:00');
          await runCutoff(t.deps, { concurrency: 8 });
          lap('cutoff');

          const { rows: orders } = await sql<{ key: string; n: number }>`
            select idempotency_key as key, count(*)::int as n from orders where slot_date = ${tomorrow}::date and idempotency_key like 'schedule:%' group by 1`.execute(
            t.deps.db,
          );
          expect(orders.filter((o) => o.n > 1)).toEqual([]);
          const placed = new Set(orders.map((o) => o.key.split(':')[1]!));
          const runs = await t.deps.db.selectFrom('schedule_runs').selectAll().where('date', '=', tomorrow).execute();
          const refused = runs.filter((r) => r.outcome === 'not_placed');
          expect(runs.filter((r) => r.outcome === 'pending')).toEqual([]);
          for (const r of refused) {
            expect(r.reason_code).toBeTruthy();
            expect(r.reason).toMatch(/^[A-Z].+\.$/);
            expect(placed.has(r.schedule_id)).toBe(false);
          }
          // Placed or refused: exactly the days planned at the cut-off.
          expect([...placed, ...refused.map((r) => r.schedule_id)].sort()).toEqual([...atCutoff].sort());
          // A wallet refusal only when the wallet was short (it only went down since); a few a day, through the calendar.
          for (const r of refused.filter((x) => x.reason_code === 'WALLET_INSUFFICIENT').slice(0, 2)) {
            const c = people[ids.indexOf(r.schedule_id)]!;
            const cal = await schedules.calendar(t.deps, c.user, { from: tomorrow, days: 1 });
            const entry = cal.days[0]!.entries.find((e) => e.scheduleId === r.schedule_id)!;
            expect(entry.state).toBe('not_placed');
            const bal = await t.deps.db
              .selectFrom('wallet_balances')
              .select('balance_paise')
              .where('user_id', '=', c.user.id)
              .executeTakeFirst();
            expect(bal?.balance_paise ?? 0).toBeLessThan(entryOf(cal, entry).price.total);
          }
          placedTotal += placed.size;
          refusedTotal += refused.length;
          if (d % 10 === 9) await expectLedgers();
          lap('checks');
        }
        console.log('[schedules property] ms', Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)])));
        await expectLedgers();
        const codes = await sql<{
          reason_code: string;
          n: number;
        }>`select reason_code, count(*)::int as n from schedule_runs where outcome = 'not_placed' group by 1`.execute(t.deps.db);
        console.log('[schedules property] refused by code', Object.fromEntries(codes.rows.map((r) => [r.reason_code, r.n])));
        console.log(
          `[schedules property] ${CUSTOMERS} customers × ${DAYS} days: ${placedTotal} placed, ${refusedTotal} refused with a reason`,
        );
        expect(placedTotal).toBeGreaterThan(500);
        expect(refusedTotal).toBeGreaterThan(0);
      }),
      { seed: 230_023, numRuns: 1, endOnFailure: true },
    );
  });
});
