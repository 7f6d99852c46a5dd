import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { ensureAdminAccount } from './auth.bootstrap';
import { freshIp, post, signupUser } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the ADMIN_EMAIL account', () => {
  it('is created at boot when missing, signs in, and reaches the admin API', async () => {
    const cfg = { ADMIN_EMAIL: 'Owner@HydroShakes.in', ADMIN_PASSWORD: 'Leafy-Greens-Admin-1' };
    expect(await ensureAdminAccount(t.deps.db, cfg)).toBe('created');
    expect(await ensureAdminAccount(t.deps.db, cfg)).toBe('unchanged');
    const res = await post(t, '/api/auth/signin', { email: 'owner@hydroshakes.in', password: 'Leafy-Greens-Admin-1' }, {}, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', email_verified: true, user_metadata: { role: 'admin' } });
    const dash = await t.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(dash.statusCode).toBe(200);
  });

  it('promotes an existing account without touching its password', async () => {
    const { input } = await signupUser(t);
    expect(await ensureAdminAccount(t.deps.db, { ADMIN_EMAIL: input.email, ADMIN_PASSWORD: 'Some-Other-Pass-77' })).toBe('promoted');
    const res = await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp());
    expect(res.json().user.role).toBe('admin');
  });

  it('does nothing without both variables, and refuses a weak ADMIN_PASSWORD', async () => {
    expect(await ensureAdminAccount(t.deps.db, { ADMIN_EMAIL: 'x@hydroshakes.in', ADMIN_PASSWORD: undefined })).toBe('skipped');
    await expect(ensureAdminAccount(t.deps.db, { ADMIN_EMAIL: 'weak@hydroshakes.in', ADMIN_PASSWORD: 'admin123' })).rejects.toThrow(
      /ADMIN_PASSWORD/,
    );
  });
});

describe('housekeeping', () => {
  it('drops finished rate-limit windows and long-expired refresh tokens', async () => {
    const { authJobs } = await import('./auth.jobs');
    const { hit } = await import('../../lib/rate-limit');
    const past = new Date(Date.now() - 2 * 3600_000);
    await hit(t.deps.db, { name: 'test:old', max: 1, windowSeconds: 60 }, 'x', past);
    await hit(t.deps.db, { name: 'test:live', max: 1, windowSeconds: 3600 }, 'x', new Date());
    const removed = await authJobs[0].run(t.deps);
    expect(removed).toBeGreaterThanOrEqual(1);
    const keys = (await t.deps.db.selectFrom('rate_limit_buckets').select('key').execute()).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('test:old'))).toBe(false);
    expect(keys.some((k) => k.startsWith('test:live'))).toBe(true);
  });
});
