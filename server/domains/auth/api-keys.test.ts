import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/factories';
import { listProcedures } from '../../../test/helpers/procedures';
import { customer as shopper, loadShop, orderBody, place } from '../../../test/integration/orders-fixtures';
import { buildApp } from '../../app';
import { createDatabase, type DatabaseHandle } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { SCOPE_PERMISSIONS } from '../../../shared/rules/staff';
import { flushApiKeyUses } from '../../lib/auth-guard';
import { API_KEY_SCOPES } from '../../../shared/schemas/api-keys';

/** API keys for integrators (decision 094), through REST as an integrator calls them, on two instances. */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

let t: TestApp;
let dbh2: DatabaseHandle | null = null;
let app2: FastifyInstance;
let admin: AuthUser;
let adminAuth: string;

beforeAll(async () => {
  t = await createTestApp();
  if (onPostgres) {
    dbh2 = await createDatabase({ databaseUrl: t.dbh.databaseUrl!, poolSize: 4 });
    ({ app: app2 } = await buildApp({ config: testConfig(), dbh: dbh2, logger: false }));
    await app2.ready();
  } else app2 = t.app;
  admin = await createUser(t.deps.db, { role: 'admin', name: 'Neha Admin' });
  adminAuth = await t.bearer(admin);
}, 60_000);

afterAll(async () => {
  if (dbh2) {
    await app2?.close();
    await dbh2.close();
  }
  await t?.close();
});

const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, auth: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

async function createKey(name: string, scopes: string[]) {
  const res = await call(t.app, 'POST', '/api/admin/api-keys', adminAuth, { name, scopes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { key: { id: string; displayPrefix: string; scopes: string[] }; secret: string };
}

describe('creating and listing keys', () => {
  it('shows the secret once: recognisable, ≥128 random bits, stored only as a hash; audited', async () => {
    const created = await createKey('Warehouse sync', ['orders:read', 'catalogue:read']);
    expect(created.secret).toMatch(/^hs_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.secret.slice('hs_live_'.length), 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(created.secret.startsWith(created.key.displayPrefix)).toBe(true);
    const rows = await t.deps.db.selectFrom('api_keys').selectAll().where('id', '=', created.key.id).execute();
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(8));
    const list = await call(t.app, 'GET', '/api/admin/api-keys', adminAuth);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.slice(8));
    expect(list.json().keys).toContainEqual(expect.objectContaining({ id: created.key.id, name: 'Warehouse sync', scopes: ['orders:read', 'catalogue:read'], lastUsedAt: null, revokedAt: null }));
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('entity', '=', 'api_key').where('entity_id', '=', created.key.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['api_key.created']);
    // Two keys never share a secret.
    expect((await createKey('Second', ['orders:read'])).secret).not.toBe(created.secret);
  });

  it('refuses customers, unknown scopes and empty names', async () => {
    const c = await createUser(t.deps.db);
    expect((await call(t.app, 'POST', '/api/admin/api-keys', await t.bearer(c), { name: 'x', scopes: ['orders:read'] })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/api-keys', adminAuth, { name: 'x', scopes: ['orders:delete'] })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/admin/api-keys', adminAuth, { name: ' ', scopes: ['orders:read'] })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/admin/api-keys', adminAuth, { name: 'x', scopes: [] })).statusCode).toBe(400);
  });
});

describe('a key authenticates REST calls within its scopes', () => {
  it('every scope maps onto permissions, and each grants at least one procedure of the router', () => {
    expect(Object.keys(SCOPE_PERMISSIONS).sort()).toEqual([...API_KEY_SCOPES].sort());
    const needed = new Set(listProcedures().map((p) => p.permission));
    expect(API_KEY_SCOPES.filter((s) => !SCOPE_PERMISSIONS[s].some((p) => needed.has(p)))).toEqual([]);
  });

  it('a read-only key reads orders but cannot change one (403); a manage key can', async () => {
    const shop = await loadShop(t);
    const c = await shopper(t);
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order.id as string;
    const reader = await createKey('Reporting', ['orders:read']);
    const manager = await createKey('Fulfilment', ['orders:read', 'orders:write']);
    const asReader = `Bearer ${reader.secret}`;

    const list = await call(t.app, 'GET', '/api/admin/orders', asReader);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders.map((o: { id: string }) => o.id)).toContain(orderId);
    const before = (await call(t.app, 'GET', `/api/admin/orders/${orderId}`, asReader)).json();

    const cancel = await call(t.app, 'POST', `/api/admin/orders/${orderId}/cancel`, asReader, { reason: 'Customer called' });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toContain('orders:write');
    expect((await call(t.app, 'GET', `/api/admin/orders/${orderId}`, asReader)).json().order.status).toBe(before.order.status);
    // Outside any scope: the customer's own routes, the admin's account tools, API keys themselves.
    for (const [method, url] of [
      ['GET', '/api/user/orders'],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/api-keys'],
      ['GET', '/api/admin/customers'],
    ] as const) {
      expect((await call(t.app, method, url, asReader)).statusCode, url).toBe(403);
    }
    // REST only: the browser's /trpc and the file routes do not take keys.
    expect((await call(t.app, 'GET', '/trpc/adminOrders.list?input=%7B%7D', asReader)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/orders/export.csv', asReader)).statusCode).toBe(401);

    const done = await call(t.app, 'POST', `/api/admin/orders/${orderId}/cancel`, `Bearer ${manager.secret}`, { reason: 'Customer called' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(t.app, 'GET', `/api/admin/orders/${orderId}`, asReader)).json().order.status).toBe('cancelled');
    // The order's audit entry names the key.
    const entries = await t.deps.db.selectFrom('audit_log').select(['actor_email', 'action']).where('entity_id', '=', orderId).execute();
    expect(entries.some((e) => e.actor_email === 'api-key:Fulfilment')).toBe(true);
  });

  it('every use is recorded (per key, operation and minute; refused calls too) and "last used" is shown', async () => {
    const key = await createKey('Usage', ['catalogue:read']);
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'GET', '/api/admin/shakes', `Bearer ${key.secret}`)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/orders', `Bearer ${key.secret}`)).statusCode).toBe(403);
    await flushApiKeyUses(t.deps);
    const uses = await call(t.app, 'GET', `/api/admin/api-keys/${key.key.id}/uses`, adminAuth);
    expect(uses.json().uses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operation: 'adminCatalogue.shakes', count: 3, refused: 0 }),
        expect.objectContaining({ operation: 'adminOrders.list', count: 1, refused: 1 }),
      ]),
    );
    const listed = (await call(t.app, 'GET', '/api/admin/api-keys', adminAuth)).json().keys.find((k: { id: string }) => k.id === key.key.id);
    expect(listed.lastUsedAt).toEqual(expect.any(String));
    expect(listed.uses30d).toBe(4);
  });

  it('malformed, unknown and look-alike keys are 401', async () => {
    for (const k of ['hs_live_', 'hs_live_short', `hs_live_${'A'.repeat(43)}`, `hs_live_${'A'.repeat(200)}`]) {
      expect((await call(t.app, 'GET', '/api/admin/orders', `Bearer ${k}`)).statusCode, k).toBe(401);
    }
  });
});

describe('revoking', () => {
  it('a revoked key gets 401 on both instances at once (the second had it cached); audited', async () => {
    const key = await createKey('Old integration', ['orders:read']);
    const auth = `Bearer ${key.secret}`;
    for (const app of [t.app, app2]) expect((await call(app, 'GET', '/api/admin/orders', auth)).statusCode).toBe(200);
    const res = await call(t.app, 'POST', `/api/admin/api-keys/${key.key.id}/revoke`, adminAuth, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revokedAt).toEqual(expect.any(String));
    expect((await call(t.app, 'GET', '/api/admin/orders', auth)).statusCode).toBe(401);
    // The other instance hears it through NOTIFY (ms); 5 s is far below the 30 s cache TTL.
    await expect.poll(async () => (await call(app2, 'GET', '/api/admin/orders', auth)).statusCode, { timeout: 5_000, interval: 20 }).toBe(401);
    // Revoking again is harmless; the audit has one entry.
    expect((await call(t.app, 'POST', `/api/admin/api-keys/${key.key.id}/revoke`, adminAuth, {})).statusCode).toBe(200);
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', key.key.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
  });
});
