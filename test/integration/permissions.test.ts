import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { fillPath, listProcedures, type ProcedureEntry } from '../helpers/procedures';
import { API_KEY_SCOPES } from '../../shared/schemas/api-keys';
import { can, scopesAllow, STAFF_ROLES, type StaffRole } from '../../shared/rules/staff';

/**
 * The permission matrix of PRODUCT.md §17, generated from the router: every staff procedure × every
 * role, a guest, a customer and an API key holding every scope → 401 / 403 / allowed as the
 * procedure declares, on /api and on /trpc, over a real port. A procedure no procedure type built
 * (so it declares nothing) fails the first test; so does an /admin or /rider path that is not staff.
 */

type Who = 'guest' | 'customer' | StaffRole | 'key';
const WHO: Who[] = ['guest', 'customer', ...STAFF_ROLES, 'key'];

let t: TestApp;
let base: string;
const auth: Partial<Record<Who, string>> = {};
let procs: ProcedureEntry[] = [];
let staff: ProcedureEntry[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  auth.customer = await t.bearer(await createUser(t.deps.db));
  for (const role of STAFF_ROLES) auth[role] = await t.bearer(await createUser(t.deps.db, { role, name: `Staff ${role}` }));
  const owner = await createUser(t.deps.db, { role: 'admin' });
  const key = await t.caller(owner).apiKeys.create({ name: 'Matrix', scopes: [...API_KEY_SCOPES] });
  auth.key = `Bearer ${key.secret}`;
  procs = listProcedures();
  staff = procs.filter((p) => p.access === 'staff');
});
afterAll(async () => {
  await t?.close();
});

/** What a caller should get: 401, 403, or 'ok' (anything the procedure itself answers below 500, bar 401/403). */
function expected(p: ProcedureEntry, who: Who, via: 'api' | 'trpc'): 401 | 403 | 'ok' {
  if (who === 'guest') return 401;
  if (who === 'customer') return 403;
  // A key works on REST only; on /trpc its bearer is no session at all.
  if (who === 'key') return via === 'trpc' ? 401 : scopesAllow(API_KEY_SCOPES, p.permission!) ? 'ok' : 403;
  return can(who, p.permission!) ? 'ok' : 403;
}

/**
 * The status only; the body is cancelled at once. An unread body (a stream that never ends, a PDF larger
 * than the socket's buffers) kept its connection busy on the server until the client's garbage collector
 * happened to drop it, and the app's close at the end of the file waited for it (once past the 60 s limit).
 */
async function statusOf(answer: Promise<Response>): Promise<number> {
  const res = await answer;
  await res.body?.cancel();
  return res.status;
}

async function call(p: ProcedureEntry, who: Who, via: 'api' | 'trpc'): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth[who as Exclude<Who, 'guest'>]) headers.authorization = auth[who as Exclude<Who, 'guest'>]!;
  if (via === 'api') {
    const { method, path } = p.openapi!;
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    if (!body) delete headers['content-type'];
    return statusOf(fetch(`${base}/api${fillPath(path)}`, { method, headers, body }));
  }
  if (p.type === 'query') {
    delete headers['content-type'];
    return statusOf(fetch(`${base}/trpc/${p.name}`, { headers }));
  }
  return statusOf(fetch(`${base}/trpc/${p.name}`, { method: 'POST', headers, body: '{}' }));
}

/** Runs `jobs` with at most `n` in flight. */
async function pool<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

describe('the permission matrix (generated from the router)', () => {
  it('every procedure was built by a procedure type; every /admin and /rider path is a staff procedure with a permission', () => {
    expect(procs.filter((p) => !p.access).map((p) => p.name)).toEqual([]);
    expect(staff.filter((p) => !p.permission).map((p) => p.name)).toEqual([]);
    const unguarded = procs.filter((p) => /^\/(admin|rider)\b/.test(p.openapi?.path ?? '') && p.access !== 'staff').map((p) => p.name);
    expect(unguarded).toEqual([]);
    expect(staff.length).toBeGreaterThanOrEqual(60);
  });

  it('answers every staff procedure × every caller as declared, on /api and on /trpc', async () => {
    const cases: { p: ProcedureEntry; who: Who; via: 'api' | 'trpc' }[] = [];
    for (const p of staff) {
      for (const who of WHO) {
        if (p.openapi) cases.push({ p, who, via: 'api' });
        if (p.type !== 'subscription') cases.push({ p, who, via: 'trpc' });
      }
    }
    const got = await pool(
      cases.map((c) => () => call(c.p, c.who, c.via)),
      24,
    );
    const wrong: string[] = [];
    cases.forEach((c, i) => {
      const want = expected(c.p, c.who, c.via);
      const status = got[i]!;
      const ok = want === 'ok' ? status !== 401 && status !== 403 && status < 500 : status === want;
      if (!ok) wrong.push(`${c.via} ${c.p.name} (${c.p.permission}) as ${c.who}: ${status}, expected ${want}`);
    });
    expect(wrong).toEqual([]);
    expect(cases.length).toBeGreaterThan(staff.length * WHO.length);
  });

  it('holds §17 read on its own: what each role may and may not do', async () => {
    // Written from PRODUCT.md §17, not from the role map: [procedure, roles that may call it].
    const table: [string, Who[]][] = [
      ['adminOrders.list', ['admin', 'manager', 'support']],
      ['adminOrders.refund', ['admin', 'manager', 'support']],
      ['adminOrders.setStatus', ['admin', 'manager']],
      ['admin.customers', ['admin', 'manager', 'support']],
      ['admin.passwordReset', ['admin', 'manager', 'support']],
      ['adminCatalogue.shakes', ['admin', 'manager']],
      ['adminCatalogue.savePricing', ['admin']],
      ['apiKeys.list', ['admin']],
      ['webhooks.list', ['admin']],
      ['admin.dashboard', ['admin', 'manager']],
      // §17: the kitchen has the kitchen and stock — the low-stock list and the recipes it blends by.
      ['stock.overview', ['admin', 'manager', 'kitchen']],
      ['stock.low', ['admin', 'manager', 'kitchen']],
      ['stock.recipe', ['admin', 'manager', 'kitchen']],
      ['stock.saveRecipe', ['admin', 'manager']],
      ['kitchen.day', ['admin', 'manager', 'kitchen']],
    ];
    for (const [name, allowed] of table) {
      const p = staff.find((x) => x.name === name);
      expect(p, name).toBeDefined();
      for (const role of STAFF_ROLES) {
        for (const via of ['api', 'trpc'] as const) {
          const status = await call(p!, role, via);
          if (allowed.includes(role)) expect(status, `${via} ${name} as ${role}`).not.toBe(403);
          else expect(status, `${via} ${name} as ${role}`).toBe(403);
        }
      }
    }
  });
});
