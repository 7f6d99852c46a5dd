import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { down, up } from '../../db/migrations/2026_11_29_1200_notification_matrix';

/**
 * Migration 2026_11_29_1200 (decision 183): each kind of message inherits the customer's old channel
 * switch (notify_email, notify_sms); the receipt's e-mail stays on; a customer who had switched nothing
 * off gets no row (every channel on). Down and up again on a test database, checked through REST.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the per-channel switches become the matrix', () => {
  it('every kind inherits the old e-mail and SMS switches; defaults stay implicit', async () => {
    const db = t.deps.db as unknown as Kysely<any>;
    const [mailOff, smsOff, untouched] = [await createUser(t.deps.db), await createUser(t.deps.db), await createUser(t.deps.db)];
    await down(db);
    await sql`update users set notify_email = false where id = ${mailOff.id}`.execute(db);
    await sql`update users set notify_sms = false where id = ${smsOff.id}`.execute(db);
    await up(db);

    const rows = await t.deps.db.selectFrom('notification_preferences').selectAll().execute();
    const of = (id: string) => rows.filter((r) => r.user_id === id).map((r) => `${r.kind}:${r.email}/${r.whatsapp}/${r.sms}`).sort();
    expect(of(mailOff.id)).toEqual([
      'delivered:false/true/true',
      'deliveries:false/true/true',
      'order_confirmed:true/true/true',
      'out_for_delivery:false/true/true',
      'payment_failed:false/true/true',
    ]);
    expect(of(smsOff.id)).toEqual([
      'delivered:true/true/false',
      'deliveries:true/true/false',
      'order_confirmed:true/true/false',
      'out_for_delivery:true/true/false',
      'payment_failed:true/true/false',
    ]);
    expect(of(untouched.id)).toEqual([]);

    // What REST answers for them (the second path).
    const kinds = async (u: typeof mailOff) =>
      (await t.request({ method: 'GET', url: '/api/user/notification-preferences', headers: { authorization: await t.bearer(u) } })).json().kinds;
    expect((await kinds(mailOff)).delivered).toEqual({ email: false, whatsapp: true, sms: true });
    expect((await kinds(smsOff)).payment_failed).toEqual({ email: true, whatsapp: true, sms: false });
    expect((await kinds(untouched)).deliveries).toEqual({ email: true, whatsapp: true, sms: true });
  });
});
