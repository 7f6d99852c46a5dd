import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createInstances, type Instances } from '../helpers/instances';
import { customer, loadShop, type Customer, type Shop } from './orders-fixtures';
import { creditWallets } from './schedules-fixtures';
import * as schedules from '../../server/domains/schedules/schedules.service';
import { remindUncovered, runCutoff } from '../../server/domains/schedules/schedules.cutoff';
import { formatRupees } from '../../shared/rules/money';
import type { ScheduleCalendar } from '../../shared/schemas/schedules';

/**
 * The wallet tells in time (issue 38 item 3, decision 220), on two app instances: the calendar's
 * answer over a real port says which days the wallet will not cover and by how much, checked against
 * a computation of PostgreSQL's own (a recursive walk over the days, not the code's formula); the
 * wallet line's count and deadline; the 18:00 reminder with the shortfall, once per customer and date
 * though both instances run it at the same moment; the not-placed reason with no "payment method".
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let now = new Date('2026-12-01T10:00:00+05:30'); // Tue 1 Dec, 10:00 IST
const clock = { now: () => now };
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);

describe.skipIf(!onPostgres)('the wallet tells in time', () => {
  let x: Instances;
  let shop: Shop;
  let c: Customer;
  let base: string;
  beforeAll(async () => {
    x = await createInstances({ clock });
    shop = await loadShop(x.t);
    base = await x.a.listen();
    c = await customer(x.t);
  }, 60_000);
  afterAll(async () => {
    await x?.close();
  });

  const calendar = async (from?: string): Promise<ScheduleCalendar> => {
    const res = await fetch(`${base}/api/user/deliveries${from ? `?from=${from}&days=10` : '?days=10'}`, {
      headers: { authorization: c.auth, accept: 'application/json', 'accept-encoding': 'br, gzip', origin: x.t.deps.config.PUBLIC_URL },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as ScheduleCalendar;
  };

  it('each day the wallet will not cover is short by what is missing; the line counts covered days and names the first cut-off', async () => {
    const db = x.t.deps.db;
    // Daily one shake from Thu 3 Dec; Thu itself three of them (a changed day, dearer than the rest).
    const s = await schedules.create(x.t.deps, c.user, {
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }],
      days: 'daily',
      slotId: shop.slotId,
      addressId: c.addressId,
      startDate: '2026-12-03',
      endDate: '2026-12-07',
    });
    await schedules.putDay(x.t.deps, c.user, {
      date: '2026-12-03',
      scheduleId: s.id,
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 3 }],
    });
    const before = await calendar();
    const cost = (date: string) => {
      const e = before.days.find((d) => d.date === date)!.entries[0]!;
      return (e.price ?? before.schedules[0]!.price).total;
    };
    const thu = cost('2026-12-03');
    const daily = cost('2026-12-04');
    expect(thu).toBeGreaterThan(daily);
    // The wallet holds ₹27 less than Thursday costs, like the issue's ₹1,000 against ₹1,027.
    await creditWallets(db, [c.user.id], thu - 2_700);

    const cal = await calendar();
    // PostgreSQL's own walk: a day is covered when what is left pays it (and then takes it), else short by the difference.
    const days = cal.days.map((d) => ({ date: d.date, cost: d.entries.length ? cost(d.date) : 0 }));
    const { rows } = await sql<{ date: string; short: number }>`
      with recursive d as (
        select row_number() over (order by date) as n, date, cost from jsonb_to_recordset(${JSON.stringify(days)}::jsonb) as r(date text, cost int) where cost > 0
      ), walk as (
        select n, date, case when cost <= ${thu - 2_700} then 0 else cost - ${thu - 2_700} end as short,
               case when cost <= ${thu - 2_700} then ${thu - 2_700} - cost else ${thu - 2_700} end as left_after
        from d where n = 1
        union all
        select d.n, d.date, case when d.cost <= w.left_after then 0 else d.cost - w.left_after end,
               case when d.cost <= w.left_after then w.left_after - d.cost else w.left_after end
        from walk w join d on d.n = w.n + 1
      ) select date, short from walk order by n`.execute(db);
    const expected = rows.filter((r) => r.short > 0).map((r) => ({ date: r.date, by: Number(r.short) }));
    const got = cal.days.filter((d) => d.short).map((d) => ({ date: d.date, by: d.short!.by }));
    expect(got).toEqual(expected);
    // Thursday is ₹27 short and takes nothing: the ₹(thu − 27) pays the cheaper days after it.
    expect(got[0]).toEqual({ date: '2026-12-03', by: 2_700 });
    expect(formatRupees(got[0]!.by)).toBe('₹27');
    // The deadline is Thursday's cut-off, Wednesday 9:00 pm, not Thursday itself.
    expect(cal.wallet).toEqual({
      balance: thu - 2_700,
      due: 5,
      covered: rows.filter((r) => Number(r.short) === 0).length,
      firstShort: '2026-12-03',
      topUpBy: 'Wed, 9:00 pm',
    });
    expect(cal.wallet.covered).toBeGreaterThan(0);
    // A top-up of at least ₹200 (the minimum) covers Thursday; other days carry none.
    expect(cal.days.find((d) => d.date === '2026-12-03')!.short!.topUp).toBe(20_000);
    expect(cal.days.filter((d) => !d.short).every((d) => !('short' in d))).toBe(true);
  });

  it('18:00 the evening before: both instances run the reminder at once, the customer is told once, with the shortfall and the day’s link', async () => {
    now = ist('2026-12-02', '18:00:30');
    const [a, b] = await Promise.all([remindUncovered(x.a.deps), remindUncovered(x.b.deps)]);
    expect(a + b).toBe(1);
    expect(await remindUncovered(x.b.deps)).toBe(0);
    const db = x.t.deps.db;
    const reminders = await db.selectFrom('schedule_reminders').select('date').where('user_id', '=', c.user.id).execute();
    expect(reminders).toEqual([{ date: '2026-12-03' }]);
    const mails = await db.selectFrom('mail_outbox').select(['subject', 'text']).where('to_email', '=', c.user.email).where('template', '=', 'delivery-not-covered').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your wallet is ₹27 short for Thu, 3 Dec: top up by 9:00 pm tonight so it is placed.');
    expect(mails[0]!.text).toContain(`${x.t.deps.config.PUBLIC_URL.replace(/\/+$/, '')}/deliveries?date=2026-12-03`);
  });

  it('not topped up: at the cut-off Thursday is not placed, and the reason says what happened, not "another payment method"', async () => {
    now = ist('2026-12-02', '21:01:30');
    await Promise.all([runCutoff(x.a.deps), runCutoff(x.b.deps)]);
    c = { ...c, auth: await x.t.bearer(c.user) }; // a day later: a fresh sign-in
    const cal = await calendar('2026-12-03');
    const thu = cal.days[0]!;
    const e = thu.entries[0]!;
    expect(e.state).toBe('not_placed');
    expect(e.reason?.code).toBe('WALLET_INSUFFICIENT');
    const total = (e.price ?? cal.schedules[0]!.price).total;
    expect(e.reason?.message).toBe(
      `Your wallet did not cover this delivery's ${formatRupees(total)} at the cut-off, so it was not placed. Nothing was charged.`,
    );
    expect(thu.short).toBeUndefined();
    const mails = await x.t.deps.db.selectFrom('mail_outbox').select('text').where('to_email', '=', c.user.email).where('template', '=', 'delivery-not-placed').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toMatch(/payment method/);
    expect(mails[0]!.text).toContain('/deliveries?date=2026-12-03');
  });
});
