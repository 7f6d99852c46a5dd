import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createInstances, type Instances } from '../helpers/instances';
import { createUser } from '../helpers/factories';
import { startJobEngine, type Job, type JobEngine } from '../../server/lib/jobs';
import { readCron } from '../../server/lib/job-clock';
import { JOB_LABELS } from '../../shared/rules/job-labels';
import { SHOP_JOBS } from '../../server/app';
import type { AppDeps } from '../../server/deps';

/**
 * The one job engine (decision 210) on two app instances sharing one PostgreSQL database, each with
 * its own engine on its own jobs pool, as two servers with RUN_JOBS run it: a cron tick runs its job
 * once a minute, whichever instance's clock looks (decision 324), a failing run is tried again after
 * a pause and then shows as failed on GET /api/admin/jobs, and the admin's Retry (REST, a real port)
 * runs it again. The engines look at the cron lines every second here (production: every 30 s).
 */

let inst: Instances;
let base: string;
const engines: JobEngine[] = [];
const ticks: { instance: string; at: number }[] = [];
const flakyTries: { instance: string; at: number; ok: boolean }[] = [];
let healed = false;
let slowStarted: string | null = null;
let openGate: () => void = () => {};
const gate = new Promise<void>((r) => (openGate = r));

const testJobs = (instance: string): Job[] => [
  { name: 'test-tick', cron: '* * * * *', run: async () => void ticks.push({ instance, at: Date.now() }) },
  {
    name: 'test-flaky',
    // Not due during the test: it is sent by hand.
    cron: '0 3 1 1 *',
    retryLimit: 1,
    retryDelaySeconds: 1,
    run: async () => {
      flakyTries.push({ instance, at: Date.now(), ok: healed });
      if (!healed) throw new Error('The SMS provider answered 503');
      return 1;
    },
  },
  {
    name: 'test-slow',
    cron: '0 3 1 1 *',
    run: async () => {
      slowStarted = instance;
      await gate;
      return 1;
    },
  },
];

const engineOn = (deps: AppDeps, db: AppDeps['db'], name: string) =>
  startJobEngine({ ...deps, db }, testJobs(name), { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });

beforeAll(async () => {
  inst = await createInstances();
  engines.push(await engineOn(inst.a.deps, inst.a.dbh.jobs(), 'A'), await engineOn(inst.b.deps, inst.b.dbh.jobs(), 'B'));
  base = await inst.b.listen();
}, 60_000);
afterAll(async () => {
  for (const e of engines) await e.stop();
  await inst?.close();
});

const headers = (auth: string) => ({
  authorization: auth,
  'accept-encoding': 'br, gzip',
  origin: 'http://localhost:3000',
  connection: 'keep-alive',
});
const runs = (auth: string, q = '') => fetch(`${base}/api/admin/jobs${q}`, { headers: headers(auth) });
const retry = (auth: string, id: string) =>
  fetch(`${base}/api/admin/jobs/${id}/retry`, {
    method: 'POST',
    headers: { ...headers(auth), 'content-type': 'application/json' },
    body: '{}',
  });

describe('the job engine on two instances', () => {
  it('declares every job of the shop once, the 18:00 reminder as a cron in India time, each with its words for the staff', () => {
    const names = SHOP_JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    expect(SHOP_JOBS.find((j) => j.name === 'schedules-reminder')?.cron).toBe('0 18 * * *');
    expect(names).toEqual(expect.arrayContaining(['outbox-mail', 'outbox-sms', 'outbox-whatsapp', 'webhooks-deliver', 'schedules-cutoff']));
    // Every line is one the clock matches exactly (an engine refuses to start with any other), and
    // /admin/jobs names every job in the staff's words.
    for (const job of SHOP_JOBS) expect(() => readCron(job.cron), job.name).not.toThrow();
    expect(SHOP_JOBS.filter((j) => !JOB_LABELS[j.name]).map((j) => j.name)).toEqual([]);
  });

  it(
    'runs a cron tick once a minute, whichever instance looks at the lines, and queues no line that is not due',
    { timeout: 40_000 },
    async () => {
      const since = Date.now();
      await expect.poll(() => ticks.length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
      // Both instances keep looking at the lines (each turn moves cron_on): let several turns go by.
      const seen = new Set<string>();
      await expect
        .poll(
          async () => {
            const r = await sql<{ at: string }>`select cron_on::text as at from pgboss.version`.execute(inst.t.deps.db);
            seen.add(r.rows[0]!.at);
            return seen.size;
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBeGreaterThanOrEqual(3);
      // Every turn of the clock (one a second here, on either instance) finds the tick due; the job is
      // queued once per minute (its 60-second singleton), and each run ran once, whichever instance
      // took it. Read in one statement and waited for, with no run landing meanwhile.
      const snapshot = sql<{ runs: number; minutes: number; byClock: number; unfinished: number; notDue: number }>`select
      (select count(*)::int from pgboss.job where name = 'test-tick') as runs,
      (select count(distinct singleton_on)::int from pgboss.job where name = 'test-tick') as minutes,
      (select count(*)::int from pgboss.job where name = 'test-tick' and singleton_key = 'cron') as "byClock",
      (select count(*)::int from pgboss.job where name = 'test-tick' and state <> 'completed') as unfinished,
      (select count(*)::int from pgboss.job where name in ('test-flaky', 'test-slow') and singleton_key = 'cron') as "notDue"`;
      let settled = { runs: -1, minutes: -1, byClock: -1, notDue: -1, ran: -1 };
      await expect
        .poll(
          async () => {
            // No run may land while the snapshot is read: the handler's count before and after agree.
            const before = ticks.length;
            const r = (await snapshot.execute(inst.t.deps.db)).rows[0]!;
            settled = { runs: r.runs, minutes: r.minutes, byClock: r.byClock, notDue: r.notDue, ran: ticks.length };
            return r.unfinished === 0 && before === ticks.length;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(true);
      expect(settled.runs).toBeGreaterThan(0);
      expect(settled.byClock).toBe(settled.runs);
      expect(settled.minutes).toBe(settled.runs);
      expect(settled.ran).toBe(settled.runs);
      // The minutes this test spanned (the engines started a moment before it), and not one more run.
      expect(settled.runs).toBeLessThanOrEqual(Math.floor((Date.now() - since) / 60_000) + 2);
      // '0 3 1 1 *' (03:00 on 1 January, India time) was not due in any turn: the clock queued neither.
      expect(settled.notDue).toBe(0);
    },
  );

  it('tries a failing run again after a pause, shows it failed, and the Retry button runs it again', { timeout: 40_000 }, async () => {
    const owner = await inst.t.bearer(await createUser(inst.t.deps.db, { role: 'admin' }));
    const manager = await inst.t.bearer(await createUser(inst.t.deps.db, { role: 'manager' }));
    const kitchen = await inst.t.bearer(await createUser(inst.t.deps.db, { role: 'kitchen' }));

    await engines[0]!.send('test-flaky');
    let failed: { id: string; attempts: number; maxAttempts: number; lastError: string; state: string } | undefined;
    await expect
      .poll(
        async () => {
          const res = await runs(manager, '?state=failed');
          expect(res.status).toBe(200);
          failed = (await res.json()).jobs.find((j: { name: string }) => j.name === 'test-flaky');
          return failed?.state;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe('failed');
    expect(failed).toMatchObject({ attempts: 2, maxAttempts: 2, lastError: 'The SMS provider answered 503' });
    expect(flakyTries).toHaveLength(2);
    // Tried again after a pause (retryDelaySeconds 1, doubled with jitter), not at once.
    expect(flakyTries[1]!.at - flakyTries[0]!.at).toBeGreaterThanOrEqual(900);

    // The open list counts it; the kitchen may neither see nor retry it.
    const open = await runs(owner);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toMatch(/application\/json/);
    const body = await open.json();
    expect(body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(body.schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'test-tick', cron: '* * * * *', timezone: 'Asia/Kolkata', nextRunAt: expect.any(String) }),
      ]),
    );
    expect((await runs(kitchen)).status).toBe(403);
    const refused = await retry(kitchen, failed!.id);
    expect(refused.status).toBe(403);

    // Not failed: 409 with words; unknown: 404.
    const done = (await (await runs(owner, '?state=completed')).json()).jobs.find((j: { name: string }) => j.name === 'test-tick');
    const notFailed = await retry(owner, done.id);
    expect(notFailed.status).toBe(409);
    expect(await notFailed.json()).toMatchObject({ code: 'CONFLICT', message: 'Only a failed run can be tried again; this one is done.' });
    expect((await retry(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    healed = true;
    const again = await retry(manager, failed!.id);
    expect(again.status).toBe(200);
    expect((await again.json()).job).toMatchObject({ id: failed!.id, state: expect.stringMatching(/^(retry|active|completed)$/) });
    await expect
      .poll(
        async () => (await (await runs(owner, '?state=completed')).json()).jobs.find((j: { id: string }) => j.id === failed!.id)?.state,
        {
          timeout: 15_000,
          interval: 250,
        },
      )
      .toBe('completed');
    expect(flakyTries.filter((t) => t.ok)).toHaveLength(1);
    const audit = await inst.t.deps.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', '=', 'job.retry').execute();
    expect(audit).toEqual([{ action: 'job.retry', entity_id: failed!.id }]);
  });

  it('on close stops taking work and waits for the run in flight', { timeout: 30_000 }, async () => {
    await engines[0]!.send('test-slow');
    await expect.poll(() => slowStarted, { timeout: 10_000, interval: 50 }).not.toBeNull();
    const engine = engines[slowStarted === 'A' ? 0 : 1]!;
    let stopped = false;
    const stopping = engine.stop().then(() => (stopped = true));
    // A few turns of the event loop: the stop is still waiting for the run.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    openGate();
    await stopping;
    const run = await inst.t.deps.db.selectFrom('pgboss.job').select(['state']).where('name', '=', 'test-slow').execute();
    expect(run).toEqual([{ state: 'completed' }]);
  });
});
