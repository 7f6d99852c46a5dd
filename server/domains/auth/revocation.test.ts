import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/factories';
import { fillPath, guardOf, listProcedures } from '../../../test/helpers/procedures';
import { buildApp } from '../../app';
import { appRouter } from '../../trpc/router';
import { createDatabase, type DatabaseHandle } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { ACCESS_AUDIENCE, ACCESS_ISSUER } from '../../lib/tokens';
import { freshIp, lastMailTo, post, signupUser, tokenFromMail } from './auth.test-helpers';
import { counts, customer as shopCustomer, loadShop, orderBody } from '../../../test/integration/orders-fixtures';
import { SESSION_ENDED_MESSAGE } from '../../lib/auth-guard';

/**
 * Sessions that end (decision 093): after sign-out, a password change, a reset or an admin's "sign
 * out everywhere", the old access token answers 401 on every signed-in route — REST, tRPC and the
 * file routes — on this instance and on a second instance (its own pool and LISTEN connection on
 * the same database), whose cache had already accepted the token.
 */
function procedureType(name: string): string | undefined {
  const procs = (appRouter as unknown as { _def: { procedures: Record<string, { _def?: { type?: string } }> } })._def.procedures;
  return procs[name]?._def?.type;
}

const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

let t: TestApp;
let dbh2: DatabaseHandle | null = null;
let app2: FastifyInstance;
let admin: AuthUser;
let customer: AuthUser;
type Route = { label: string; opts: (auth: string) => InjectOptions; sse?: boolean };
const routes: Route[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A second instance: on PostgreSQL its own pool and its own LISTEN connection; PGlite is one process.
  if (onPostgres) {
    dbh2 = await createDatabase({ databaseUrl: t.dbh.databaseUrl!, poolSize: 4 });
    ({ app: app2 } = await buildApp({ config: testConfig(), dbh: dbh2, logger: false }));
    await app2.ready();
  } else app2 = t.app;
  admin = await createUser(t.deps.db, { role: 'admin' });
  customer = await createUser(t.deps.db);

  // Every signed-in procedure (asked, not listed by hand), on tRPC and on its REST path, plus the file routes.
  for (const p of listProcedures()) {
    const guard = await guardOf(t, p.name, customer);
    if (guard === 'public') continue;
    const trpcQuery = !p.openapi || p.openapi.method === 'GET';
    const sse = procedureType(p.name) === 'subscription';
    routes.push({
      label: `trpc ${p.name}`,
      sse,
      opts: (auth) =>
        sse
          ? { method: 'GET', url: `/trpc/${p.name}?input=${encodeURIComponent(JSON.stringify({ id: '00000000-0000-4000-8000-000000000000' }))}`, headers: { authorization: auth } }
          : trpcQuery
          ? { method: 'GET', url: `/trpc/${p.name}`, headers: { authorization: auth } }
          : { method: 'POST', url: `/trpc/${p.name}`, headers: { authorization: auth, 'content-type': 'application/json' }, payload: '{}' },
    });
    if (p.openapi?.path) {
      const { method, path } = p.openapi;
      const url = `/api${fillPath(path)}`;
      routes.push({
        label: `${method} ${path}`,
        opts: (auth) =>
          method === 'GET' || method === 'DELETE'
            ? { method, url, headers: { authorization: auth } }
            : { method, url, headers: { authorization: auth, 'content-type': 'application/json' }, payload: '{}' },
      });
    }
  }
  routes.push({ label: 'GET orders CSV', opts: (auth) => ({ method: 'GET', url: '/api/admin/orders/export.csv', headers: { authorization: auth } }) });
}, 60_000);

afterAll(async () => {
  if (dbh2) {
    await app2?.close();
    await dbh2.close();
  }
  await t?.close();
});

const instances = () => [
  { name: 'instance 1', app: t.app },
  { name: 'instance 2', app: app2 },
];
async function listenOn(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
const getOn = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** The token works on both instances (so both have it in their caches, warm). */
async function expectWorking(token: string) {
  for (const { name, app } of instances()) {
    for (const url of ['/api/user/orders', '/api/auth/me', '/trpc/orders.history?input=%7B%7D']) {
      expect((await getOn(app, url, token)).statusCode, `${url} on ${name} before`).toBe(200);
    }
  }
}

/** 401 on every signed-in route of both instances, at once: no waiting for the other instance to hear of it (decision 207). */
async function expectEndedEverywhere(token: string) {
  for (const { name, app } of instances()) {
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await app.inject(r.opts(`Bearer ${token}`));
      // A subscription (SSE) opens with 200 and refuses in its first event; the stream then ends.
      const refused = r.sse ? res.statusCode === 200 && /event: serialized-error/.test(res.body) && /"httpStatus":401/.test(res.body) : res.statusCode === 401;
      if (!refused) wrong.push(`${r.label} → ${res.statusCode}`);
    }
    expect(wrong, `routes that did not answer 401 on ${name}`).toEqual([]);
  }
}

describe('an ended session ends for every request, on every instance', () => {
  it('walks a real list of signed-in routes (REST, tRPC, files)', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map((r) => r.label)).toEqual(expect.arrayContaining(['GET /user/orders', 'POST /user/addresses', 'trpc orders.history', 'GET /admin/orders']));
    expect(routes.filter((r) => r.sse).map((r) => r.label)).toContain('trpc orders.live');
  });

  it('after sign-out', async () => {
    const { answer } = await signupUser(t);
    await expectWorking(answer.access_token);
    const out = await post(t, '/api/auth/signout', {}, { authorization: `Bearer ${answer.access_token}` });
    expect(out.statusCode).toBe(200);
    // This instance: at once.
    expect((await getOn(t.app, '/api/user/orders', answer.access_token)).statusCode).toBe(401);
    await expectEndedEverywhere(answer.access_token);
  });

  it('after a password change: the other device is out everywhere, the device that changed it stays in', async () => {
    const { input, answer: deviceA } = await signupUser(t);
    const signin = await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp());
    const deviceB = signin.json() as { access_token: string };
    await expectWorking(deviceA.access_token);
    await expectWorking(deviceB.access_token);
    const changed = await post(t, '/api/auth/password', { current_password: input.password, new_password: 'Mint-Leaf-Morning-27' }, { authorization: `Bearer ${deviceA.access_token}` });
    expect(changed.statusCode).toBe(200);
    await expectEndedEverywhere(deviceB.access_token);
    for (const { name, app } of instances()) expect((await getOn(app, '/api/user/orders', deviceA.access_token)).statusCode, name).toBe(200);
  });

  it('after a password reset', async () => {
    const { input, answer } = await signupUser(t);
    await expectWorking(answer.access_token);
    expect((await post(t, '/api/auth/reset-password', { email: input.email }, {}, freshIp())).statusCode).toBe(200);
    const token = tokenFromMail((await lastMailTo(t, input.email))!.text);
    // Completed on the second instance this time: the first refuses at once.
    const done = await app2.inject({
      method: 'POST',
      url: '/api/auth/reset-password/complete',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: 'Fresh-Basil-Sunrise-2027' }),
      remoteAddress: freshIp(),
    });
    expect(done.statusCode).toBe(200);
    expect((await getOn(t.app, '/api/user/orders', answer.access_token)).statusCode).toBe(401);
    await expectEndedEverywhere(answer.access_token);
    // The new session works.
    expect((await getOn(t.app, '/api/user/orders', done.json().access_token)).statusCode).toBe(200);
  });

  it("after an admin's sign out everywhere (audited)", async () => {
    const { answer } = await signupUser(t);
    const other = await signupUser(t);
    await expectWorking(answer.access_token);
    await expectWorking(other.answer.access_token);
    // A customer cannot do it to anyone.
    const refused = await post(t, `/api/admin/customers/${answer.user.id}/sign-out`, {}, { authorization: `Bearer ${other.answer.access_token}` });
    expect(refused.statusCode).toBe(403);
    const res = await post(t, `/api/admin/customers/${answer.user.id}/sign-out`, {}, { authorization: await t.bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, sessionsEnded: 1 });
    await expectEndedEverywhere(answer.access_token);
    // Only that customer.
    expect((await getOn(app2, '/api/user/orders', other.answer.access_token)).statusCode).toBe(200);
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'customer.signed_out_everywhere').where('entity_id', '=', answer.user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
  });
});

describe('a sign-out answers only once every instance refuses the token', () => {
  it('signed out on one instance over HTTP, the very next request on the other is refused (parallel trials)', async () => {
    if (!onPostgres) return;
    const baseA = await listenOn(t.app);
    const baseB = await listenOn(app2);
    const headers = (bearer: string) => ({ authorization: bearer, 'accept-encoding': 'br, gzip', origin: t.deps.config.PUBLIC_URL, connection: 'keep-alive' });
    const trials = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const bearer = await t.bearer(customer);
        // Accepted on B first, so a per-instance cache (if any) holds the session as open.
        expect((await fetch(`${baseB}/api/user/orders`, { headers: headers(bearer) })).status).toBe(200);
        const out = await fetch(`${baseA}/api/auth/signout`, { method: 'POST', headers: { ...headers(bearer), 'content-type': 'application/json' }, body: '{}' });
        expect(out.status).toBe(200);
        return (await fetch(`${baseB}/api/user/orders`, { headers: headers(bearer) })).status;
      }),
    );
    expect(trials.filter((s) => s !== 401), 'answers on B right after the sign-out on A').toEqual([]);
  });
});

describe('malformed claims in a correctly signed token', () => {
  it('answers 401, never 500, when sub is not a UUID (REST and tRPC)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, sub: string) =>
      new SignJWT({ email: 'x@example.in', role: 'customer', name: 'x', typ: 'access', ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ACCESS_ISSUER)
        .setAudience(ACCESS_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(t.deps.tokenKeys.secret);
    // An open session of the customer's: every token below names it, so each is refused for its one bad claim.
    const { id: sid } = await t.deps.db
      .insertInto('auth_sessions')
      .values({ user_id: customer.id, provider: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tokens = {
      'sub not a UUID': await sign({ sid }, 'not-a-uuid'),
      'sub with a NUL byte': await sign({ sid }, 'a\u0000b'),
      'sid not a UUID': await sign({ sid: 'x' }, customer.id),
      'role unknown': await sign({ role: 'root', sid }, customer.id),
    };
    for (const [name, token] of Object.entries(tokens)) {
      for (const url of ['/api/user/orders', '/api/auth/me', '/trpc/orders.history', '/api/admin/dashboard']) {
        expect((await getOn(t.app, url, token)).statusCode, `${name} on ${url}`).toBe(401);
      }
    }
    // The same claims with a UUID sub are accepted: the refusal is about the claim.
    expect((await getOn(t.app, '/api/user/orders', await sign({ sid }, customer.id))).statusCode).toBe(200);
  });
});

describe('placing an order reads the session in its own first statement (decision 320)', () => {
  it('an ended session places nothing and is shown no replayed order, on /api and /trpc over a real port', async () => {
    const shop = await loadShop(t);
    const c = await shopCustomer(t);
    const body = JSON.stringify(orderBody(shop, c));
    const base = await listenOn(t.app);
    const headers = (bearer: string, key?: string) => ({
      authorization: bearer,
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
      origin: t.deps.config.PUBLIC_URL,
      connection: 'keep-alive',
      ...(key ? { 'idempotency-key': key } : {}),
    });
    const key = crypto.randomUUID();
    const first = await fetch(`${base}/api/orders`, { method: 'POST', headers: headers(c.auth, key), body });
    expect(first.status).toBe(200);
    const { order } = (await first.json()) as { order: { id: string; number: string } };

    // One session per door, then all of them ended at once, as "sign out everywhere" ends them: no
    // instance has been told, so each door meets its session only in its own statement.
    const [replay, fresh, typed, batched, unreadable] = await Promise.all(Array.from({ length: 5 }, () => t.bearer(c.user)));
    await t.deps.db
      .updateTable('auth_sessions')
      .set({ revoked_at: t.deps.clock.now().toISOString(), revoked_reason: 'signed_out_everywhere' })
      .where('user_id', '=', c.user.id)
      .execute();
    const bookings = async () =>
      Number((await t.deps.db.selectFrom('slot_bookings').select((eb) => eb.fn.countAll().as('n')).where('slot_id', '=', shop.slotId).executeTakeFirstOrThrow()).n);
    const before = { ...(await counts(t.deps.db)), bookings: await bookings() };

    const answers = {
      // The same key and body: while the session was open this returned the order.
      replay: await fetch(`${base}/api/orders`, { method: 'POST', headers: headers(replay!, key), body }),
      fresh: await fetch(`${base}/api/orders`, { method: 'POST', headers: headers(fresh!, crypto.randomUUID()), body }),
      typed: await fetch(`${base}/trpc/orders.place`, { method: 'POST', headers: headers(typed!, crypto.randomUUID()), body }),
      // The browser's own door: tRPC's batch link with one call.
      batched: await fetch(`${base}/trpc/orders.place?batch=1`, { method: 'POST', headers: headers(batched!, crypto.randomUUID()), body: `{"0":${body}}` }),
      // Refused input never reaches the statement: the session is read before the answer leaves.
      unreadable: await fetch(`${base}/api/orders`, { method: 'POST', headers: headers(unreadable!, crypto.randomUUID()), body: '{}' }),
    };
    for (const [door, res] of Object.entries(answers)) {
      const text = await res.text();
      expect(res.status, `${door}: ${text}`).toBe(401);
      expect(text, door).toContain(SESSION_ENDED_MESSAGE);
      expect(text, door).not.toContain(order.id);
      expect(text, door).not.toContain(order.number);
    }
    // Nothing was written or kept: no order, line or booking more than before.
    expect({ ...(await counts(t.deps.db)), bookings: await bookings() }).toEqual(before);
  });
});
