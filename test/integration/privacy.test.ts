import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, uniqueMobile } from '../helpers/factories';
import { addAddress, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { notify } from '../../server/domains/notifications/notify.service';
import { NOTICE_VERSION } from '../../shared/rules/privacy-notice';
import { buildPending } from '../../server/domains/privacy/export.service';
import { eraseDue } from '../../server/domains/privacy/deletion.service';
import { runRetention } from '../../server/domains/privacy/retention.service';
import { kickNotices } from '../../server/domains/notifications/notify.service';
import { portClient } from '../helpers/port-client';

/**
 * The customer's data under the DPDP Act (PRODUCT.md §24), over a real port as the shop's pages call it:
 * the notice and the consents at sign-up, withdrawn as easily as given, and a withdrawn WhatsApp consent
 * stopping WhatsApp at notify's channel decision.
 */
let now = new Date('2026-12-01T09:00:00+05:30');
const clock = { now: () => now };
let t: TestApp;
let base: string;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { PRIVACY_OFFICER_NAME: 'Leela Iyer', PRIVACY_ANSWER_DAYS: 5 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  shop = await loadShop(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (auth: string | null, method: string, path: string, body?: unknown) =>
  portClient(base, t.deps.config.PUBLIC_URL, 'Mozilla/5.0 (privacy test)')(auth, method, path, body);

/** A customer who signed up with a mobile number (verified), no e-mail. */
async function mobileCustomer(name = 'Asha Rao'): Promise<Customer & { mobile: string }> {
  const mobile = `+91${uniqueMobile()}`;
  const user = await createUser(t.deps.db, { name });
  await t.deps.db
    .updateTable('users')
    .set({ email: null, email_verified: false, mobile, mobile_verified_at: now.toISOString() })
    .where('id', '=', user.id)
    .execute();
  return { user: { ...user, email: '' }, auth: await t.bearer(user), addressId: await addAddress(t.deps.db, user.id, '560038'), mobile };
}

const whatsAppOf = (messageId: number | null) =>
  t.deps.db
    .selectFrom('whatsapp_outbox')
    .select(['id', 'to_mobile'])
    .where('message_id', '=', messageId ?? -1)
    .execute();

describe('notice and consent', () => {
  it('the e-mail sign-up records the account and the ticked consents on the notice version, time and channel', async () => {
    const signup = {
      email: 'meera.consent@example.in',
      password: 'green glass of spinach',
      username: 'meera_consent',
      name: 'Meera Pillai',
      mobile: '9812345670',
      consents: { notice_version: NOTICE_VERSION, whatsapp: false, marketing: true },
    };
    const r = await call(null, 'POST', '/auth/signup', signup);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const auth = `Bearer ${r.body.access_token}`;

    const got = await call(auth, 'GET', '/user/consents');
    expect(got.status).toBe(200);
    const state = Object.fromEntries(got.body.consents.map((c: { purpose: string }) => [c.purpose, c]));
    expect(state.account).toMatchObject({ given: true, notice_version: NOTICE_VERSION, channel: 'email-signup', at: now.toISOString() });
    expect(state.marketing).toMatchObject({ given: true, channel: 'email-signup' });
    expect(state.whatsapp).toMatchObject({ given: false, at: null });
    // The record itself, read without the service.
    const rows = await t.deps.db
      .selectFrom('consents')
      .innerJoin('users', 'users.id', 'consents.user_id')
      .select(['purpose', 'given', 'notice_version', 'channel'])
      .where('users.email', '=', signup.email)
      .orderBy('purpose')
      .execute();
    expect(rows).toEqual([
      { purpose: 'account', given: true, notice_version: NOTICE_VERSION, channel: 'email-signup' },
      { purpose: 'marketing', given: true, notice_version: NOTICE_VERSION, channel: 'email-signup' },
    ]);

    // Withdrawing is one call, as giving was; the account's consent is withdrawn only by deleting the account.
    now = new Date(now.getTime() + 60_000);
    const off = await call(auth, 'PUT', '/user/consents', { notice_version: NOTICE_VERSION, marketing: false, channel: 'profile' });
    expect(off.status).toBe(200);
    expect(off.body.consents.find((c: { purpose: string }) => c.purpose === 'marketing')).toMatchObject({
      given: false,
      channel: 'profile',
      at: now.toISOString(),
    });
    expect(off.body.history).toHaveLength(3);
    const account = await call(auth, 'PUT', '/user/consents', { notice_version: NOTICE_VERSION, account: false });
    expect(account.status).toBe(400);
    expect(account.body.message).toMatch(/delete your account/);
  });

  it('a notice that changed since the page was opened is refused with a sentence, nothing recorded', async () => {
    const c = await mobileCustomer();
    const r = await call(c.auth, 'PUT', '/user/consents', { notice_version: '2020-01-01', whatsapp: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/notice has changed/);
    expect(await t.deps.db.selectFrom('consents').select('id').where('user_id', '=', c.user.id).execute()).toHaveLength(0);
  });

  it('a withdrawn WhatsApp consent sends no WhatsApp: an order event through notify goes by SMS instead, at once', async () => {
    const c = await mobileCustomer('Divya Menon');
    // A mobile sign-up's notice: the account and WhatsApp.
    const given = await call(c.auth, 'PUT', '/user/consents', {
      notice_version: NOTICE_VERSION,
      account: true,
      whatsapp: true,
      channel: 'mobile-signup',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order as { id: string; number: string };

    const before = await notify(t.deps, t.deps.db, { userId: c.user.id }, 'delivered', { orderId: order.id, number: order.number });
    expect(before.channels.map((x) => x.channel)).toEqual(['whatsapp']);
    expect(await whatsAppOf(before.messageId)).toHaveLength(1);

    const off = await call(c.auth, 'PUT', '/user/consents', { notice_version: NOTICE_VERSION, whatsapp: false, channel: 'profile' });
    expect(off.status).toBe(200);
    const after = await notify(t.deps, t.deps.db, { userId: c.user.id }, 'delivered', { orderId: order.id, number: order.number });
    expect(after.channels.map((x) => x.channel)).toEqual(['sms']);
    expect(await whatsAppOf(after.messageId)).toHaveLength(0);
    // The checkout's own confirmation reads the same switch: the next order is confirmed without WhatsApp.
    const next = await place(t, c, orderBody(shop, c));
    expect(next.statusCode, next.body).toBe(200);
    const wa = await t.deps.db.selectFrom('whatsapp_outbox').select('id').where('order_id', '=', next.json().order.id).execute();
    expect(wa).toHaveLength(0);
    // The notification settings say the same thing.
    expect((await call(c.auth, 'GET', '/user/notification-preferences')).body.whatsapp).toBe(false);
  });

  it('the privacy notice names the grievance officer and the answer time, as configured', async () => {
    const r = await call(null, 'GET', '/privacy/notice');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      version: NOTICE_VERSION,
      officer: { name: 'Leela Iyer', email: 'privacy@hydroshakes.in' },
      answerDays: 5,
    });
    expect(r.body.items.length).toBeGreaterThan(3);
  });
});

/**
 * Every (table, column) that refers to a person, read from the catalogue — independent of the export's
 * own list: foreign keys to users(id), and uuid columns named user_id of tables (a view, such as
 * `charges`, only shows rows of tables already counted).
 */
async function userReferences(): Promise<{ table: string; column: string }[]> {
  const r = await sql<{ table: string; column: string }>`
    select c.conrelid::regclass::text as table, a.attname::text as column
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
     where c.contype = 'f' and c.confrelid = 'users'::regclass
    union
    select c.table_name::text, c.column_name::text from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'user_id' and c.data_type = 'uuid' and t.table_type = 'BASE TABLE'
    union select 'users', 'id'
    order by 1, 2`.execute(t.deps.db);
  return r.rows;
}

/** The primary key's columns of a table, in key order. */
async function primaryKey(table: string): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select a.attname::text as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = ${table}::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`.execute(t.deps.db);
  return r.rows.map((x) => x.name);
}

/** Rows of `table` whose `column` is the person, as their primary keys in text ("a|b"). */
async function rowsAbout(table: string, column: string, userId: string, pk: string[]): Promise<string[]> {
  const key = sql.join(
    pk.map((c) => sql`${sql.ref(`t.${c}`)}::text`),
    sql`, `,
  );
  const r = await sql<{
    k: string[];
  }>`select array[${key}] as k from ${sql.table(table)} t where ${sql.ref(`t.${column}`)} = ${userId}::uuid`.execute(t.deps.db);
  return r.rows.map((x) => x.k.join('|'));
}

const download = async (auth: string) => {
  const res = await fetch(`${base}/api/user/data-export/file`, {
    headers: { authorization: auth, origin: t.deps.config.PUBLIC_URL, 'accept-encoding': 'br, gzip' },
  });
  return { status: res.status, type: res.headers.get('content-type'), body: new Uint8Array(await res.arrayBuffer()) };
};

describe('staff access to personal data', () => {
  it('support sees the number masked; Show answers it only with a log entry the customer sees in their privacy tab', async () => {
    const c = await mobileCustomer('Nandini Shetty');
    const support = await createUser(t.deps.db, { role: 'support', name: 'Farah Khan' });
    const staff = await t.bearer(support);
    const digits = c.mobile.slice(3);

    // The list and the detail carry the number masked, not the number.
    const list = await call(staff, 'GET', `/admin/customers?search=${encodeURIComponent('Nandini Shetty')}&page=1&pageSize=5`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = list.body.customers.find((x: { id: string }) => x.id === c.user.id);
    expect(row.mobile).toBe(`+91 ${digits.slice(0, 2)}••• ${digits.slice(5)}`);
    const detail = await call(staff, 'GET', `/admin/customers/${c.user.id}`);
    expect(detail.body.customer.mobile).toBe(row.mobile);
    expect(JSON.stringify(list.body) + JSON.stringify(detail.body)).not.toContain(digits);
    // Nobody has looked yet.
    expect((await call(c.auth, 'GET', '/user/data-access')).body).toEqual({ entries: [] });

    // Show: the full number, and the entry (who, whose, what, when, from where) — never the value itself.
    const shown = await call(staff, 'POST', `/admin/customers/${c.user.id}/reveal`, { field: 'mobile', screen: 'admin/customers' });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toEqual({ value: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` });
    const logged = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity_id', 'after', 'created_at'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', c.user.id)
      .execute();
    expect(logged).toEqual([
      {
        actor_id: support.id,
        action: 'privacy.viewed',
        entity_id: c.user.id,
        after: { field: 'mobile', screen: 'admin/customers' },
        created_at: now.toISOString(),
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain(digits);

    // The customer sees who looked, when and from where.
    const seen = await call(c.auth, 'GET', '/user/data-access');
    expect(seen.body).toEqual({
      entries: [{ at: now.toISOString(), who: 'Farah Khan (Support)', what: 'Your mobile number', screen: 'the customers screen' }],
    });

    // A customer cannot reveal anyone's number; a bad field is a 400 with a sentence; an unknown person a 404.
    expect((await call(c.auth, 'POST', `/admin/customers/${c.user.id}/reveal`, { field: 'mobile' })).status).toBe(403);
    const bad = await call(staff, 'POST', `/admin/customers/${c.user.id}/reveal`, { field: 'password' });
    expect(bad.status).toBe(400);
    expect((await call(staff, 'POST', `/admin/customers/${crypto.randomUUID()}/reveal`, { field: 'mobile' })).status).toBe(404);
    expect((await call(c.auth, 'GET', '/user/data-access')).body.entries).toHaveLength(1);
  });
});

describe('download my data', () => {
  it('a ZIP of JSON files with a README holds every row about the person in every table with a user reference, and nobody else’s', async () => {
    const c = await mobileCustomer('Kavya Menon');
    const other = await mobileCustomer('Ravi Kumar');
    await call(c.auth, 'PUT', '/user/consents', {
      notice_version: NOTICE_VERSION,
      account: true,
      whatsapp: true,
      marketing: true,
      channel: 'mobile-signup',
    });
    await call(c.auth, 'PUT', '/user/notification-preferences', { kinds: { delivered: { sms: false } } });
    // The pin dropped at the door is personal data too (decision 287): in the address and the order's copy.
    const pinned = await call(c.auth, 'PATCH', `/user/addresses/${c.addressId}`, { latitude: 12.934567, longitude: 77.626789 });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    for (const who of [c, other]) expect((await place(t, who, orderBody(shop, who))).statusCode).toBe(200);
    expect((await call(c.auth, 'POST', '/user/favorites', { shakeId: shop.shakes[0]!.id })).status).toBe(200);
    expect(
      (await call(c.auth, 'POST', '/user/privacy/grievances', { subject: 'Why my birthday?', details: 'Why do you ask for my birthday?' }))
        .status,
    ).toBe(200);

    const asked = await call(c.auth, 'POST', '/user/data-export');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(['queued', 'ready']).toContain(asked.body.status);
    // The job (the request's own build may have done it already: each request is built once).
    await expect
      .poll(
        async () => {
          await buildPending(t.deps);
          return (await call(c.auth, 'GET', '/user/data-export')).body.status;
        },
        { timeout: 20_000 },
      )
      .toBe('ready');
    const ready = (await call(c.auth, 'GET', '/user/data-export')).body;
    expect(ready).toMatchObject({
      downloadPath: '/api/user/data-export/file',
      expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
    });
    // Told through the one notifications domain.
    const told = await t.deps.db
      .selectFrom('messages')
      .select(['event', 'link'])
      .where('user_id', '=', c.user.id)
      .where('event', '=', 'data_export_ready')
      .execute();
    expect(told).toEqual([{ event: 'data_export_ready', link: '/profile?tab=privacy' }]);

    const file = await download(c.auth);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/zip');
    const zip = unzipSync(file.body);
    expect(strFromU8(zip['README.txt']!)).toMatch(/Your data at Hydro Shakes[\s\S]*orders\.json/);
    const tables = new Map<string, Record<string, unknown>[]>();
    for (const [name, bytes] of Object.entries(zip))
      if (name.endsWith('.json')) tables.set(name.slice(0, -5), JSON.parse(strFromU8(bytes)));

    const refs = await userReferences();
    expect(refs.length).toBeGreaterThan(30);
    const missing: string[] = [];
    let held = 0;
    for (const { table, column } of refs) {
      const pk = await primaryKey(table);
      expect(pk.length, `${table} has a primary key`).toBeGreaterThan(0);
      const want = await rowsAbout(table, column, c.user.id, pk);
      held += want.length;
      const rows = tables.get(table);
      if (!rows) {
        if (want.length) missing.push(`${table}.${column}: no ${table}.json in the export`);
        else missing.push(`${table}.${column}: the export has no file for this table`);
        continue;
      }
      const have = new Set(rows.map((r) => pk.map((k) => String(r[k])).join('|')));
      for (const k of want) if (!have.has(k)) missing.push(`${table}.${column}: row ${k}`);
    }
    expect(missing).toEqual([]);
    expect(held).toBeGreaterThan(10);
    // Secrets stay out; the other customer is not in it.
    const text = Object.values(zip)
      .map((b) => strFromU8(b))
      .join('\n');
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(other.user.id);
    expect(text).not.toContain(other.mobile);
    expect(tables.get('orders')).toHaveLength(1);
    expect(tables.get('order_lines')!.length).toBeGreaterThan(0);
    expect(tables.get('addresses')![0]).toMatchObject({ latitude: 12.934567, longitude: 77.626789 });
    expect(tables.get('orders')![0]!.address).toMatchObject({ latitude: 12.934567, longitude: 77.626789 });

    // Someone else's token gets their own (none), never this one.
    expect((await download(other.auth)).status).toBe(404);
  });

  it('one export at a time, three a day (429 with Retry-After), offered 24 hours', async () => {
    const c = await mobileCustomer('Isha Nair');
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 60_000);
      expect((await call(c.auth, 'POST', '/user/data-export')).status).toBe(200);
      // The request starts a build on this instance; the job's next run (here, each poll) builds it if that one could not.
      await expect
        .poll(
          async () => {
            await buildPending(t.deps);
            return (await call(c.auth, 'GET', '/user/data-export')).body.status;
          },
          { timeout: 20_000 },
        )
        .toBe('ready');
    }
    const fourth = await call(c.auth, 'POST', '/user/data-export');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    now = new Date(now.getTime() + 24 * 3600_000 + 1000);
    c.auth = await t.bearer(c.user);
    expect((await call(c.auth, 'GET', '/user/data-export')).body).toMatchObject({ status: 'expired', downloadPath: null });
    const gone = await download(c.auth);
    expect(gone.status).toBe(404);
    expect(JSON.parse(strFromU8(gone.body)).message).toMatch(/expired/);
    // The job drops the bytes; the request stays on record.
    await buildPending(t.deps);
    const rows = await t.deps.db.selectFrom('data_exports').select(['status', 'file']).where('user_id', '=', c.user.id).execute();
    expect(rows.map((r) => [r.status, r.file])).toEqual([
      ['expired', null],
      ['expired', null],
      ['expired', null],
    ]);
  });
});

/** Every table's rows that still hold one of `needles` anywhere in their text (an SQL over the catalogue, not the erasure's list). */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const tables = await sql<{
    name: string;
  }>`select table_name::text as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(
    t.deps.db,
  );
  const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    if (name.startsWith('kysely_')) continue;
    const r = await sql<{
      n: string;
    }>`select count(*)::text as n from ${sql.table(name)} t where lower(t::text) like any(${patterns}::text[])`.execute(t.deps.db);
    if (Number(r.rows[0]!.n) > 0) found.push(`${name}: ${r.rows[0]!.n}`);
  }
  return found;
}

describe('delete my account', () => {
  it('re-authenticated: the open order cancelled, the wallet refunded once, told, signed out; the erasure leaves no personal field; the number and e-mail sign up again', async () => {
    // The morning the shop's slot takes orders (the export's test moved the clock a day on).
    now = new Date('2026-12-01T09:30:00+05:30');
    const who = {
      email: 'zoya.qureshi.erase@example.in',
      password: 'tulsi and mint at dawn',
      username: 'zoya_erase',
      name: 'Zoya Qureshi',
      mobile: '9811122233',
    };
    const up = await call(null, 'POST', '/auth/signup', {
      ...who,
      consents: { notice_version: NOTICE_VERSION, whatsapp: false, marketing: true },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const userId = up.body.user.id as string;
    let auth = `Bearer ${up.body.access_token}`;
    const line1 = '42 Jasmine Lane Zoyastreet';
    const addressId = await addAddress(t.deps.db, userId, '560038');
    await t.deps.db
      .updateTable('addresses')
      .set({ line1, name: who.name, phone: `+91${who.mobile}`, latitude: 12.987654, longitude: 77.612345 })
      .where('id', '=', addressId)
      .execute();
    await t.deps.db.updateTable('users').set({ mobile_verified_at: now.toISOString() }).where('id', '=', userId).execute();
    const c: Customer = { user: { id: userId, email: who.email, role: 'customer', name: who.name }, auth, addressId };

    // Money in the wallet from a top-up, and an open order.
    const top = await call(auth, 'POST', '/user/wallet/top-up', { amount: 50_000, idempotencyKey: crypto.randomUUID() });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(
      (await call(auth, 'POST', '/user/wallet/top-up/test/complete', { gatewayOrderId: top.body.gatewayOrderId, outcome: 'success' }))
        .status,
    ).toBe(200);
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    await call(auth, 'POST', '/user/data-export');
    await buildPending(t.deps);
    const complaint = { subject: 'Zoya complains of calls', details: 'Your rider Zoyacaller phoned me at night about my order.' };
    expect((await call(auth, 'POST', '/user/privacy/grievances', complaint)).status).toBe(200);

    // Re-authentication first: nothing, or a wrong password, changes nothing.
    expect((await call(auth, 'POST', '/user/account/delete', {})).status).toBe(400);
    const wrong = await call(auth, 'POST', '/user/account/delete', { password: 'not my password at all' });
    expect(wrong.status).toBe(401);
    expect((await t.deps.db.selectFrom('orders').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status).toBe(
      'confirmed',
    );

    const del = await call(auth, 'POST', '/user/account/delete', { password: who.password });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body).toMatchObject({ ok: true, walletRefundedPaise: 50_000, cancelledOrders: [placed.json().order.number] });
    // The e-mail was never verified: the verified number carries it.
    expect(del.body.told).toBe('Sent by SMS to +91 98••• 22233');
    // The wallet refund went once through the payments domain's refund path; a repeat cannot refund again (the person is gone).
    const refunds = await sql<{
      n: string;
      paise: string;
    }>`select count(*)::text as n, coalesce(sum(r.amount_paise), 0)::text as paise from refunds r join wallet_top_ups w on w.id = r.wallet_top_up_id where w.user_id = ${userId}::uuid`.execute(
      t.deps.db,
    );
    expect(refunds.rows[0]).toEqual({ n: '1', paise: '50000' });
    expect((await call(auth, 'POST', '/user/account/delete', { password: who.password })).status).toBe(401);
    // Signed out everywhere, and no sign-in any more.
    expect((await call(auth, 'GET', '/user/profile')).status).toBe(401);
    expect((await call(null, 'POST', '/auth/signin', { email: who.email, password: who.password })).status).toBe(401);

    // The erasure waits for the message to go, then runs once.
    kickNotices(t.deps);
    await expect.poll(() => eraseDue(t.deps), { timeout: 20_000 }).toBe(1);
    expect(await eraseDue(t.deps)).toBe(0);

    // The pin goes with the street: from the address and from the order's copy (decision 287).
    const left = await rowsHolding([
      who.email,
      who.mobile,
      who.name,
      who.username,
      line1,
      'Zoyacaller',
      complaint.subject,
      '12.987654',
      '77.612345',
    ]);
    expect(left).toEqual([]);
    // The grievance stays as the record that it was made and closed unanswered, without what was written (decision 278).
    expect(
      await t.deps.db.selectFrom('privacy_grievances').select(['subject', 'details', 'status']).where('user_id', '=', userId).execute(),
    ).toEqual([{ subject: '', details: '', status: 'closed' }]);
    // What GST needs stays: the order, its number and amounts, the place of supply, and every ledger row.
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['number', 'total_paise', 'address', 'status'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ number: placed.json().order.number, status: 'cancelled', address: { pincode: '560038' } });
    expect(await t.deps.db.selectFrom('wallet_ledger').select('id').where('user_id', '=', userId).execute()).not.toHaveLength(0);
    // Each step audited.
    const steps = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'user')
      .where('entity_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(steps.map((x) => x.action)).toEqual([
      'privacy.deletion.orders_cancelled',
      'privacy.deletion.schedules_ended',
      'privacy.deletion.wallet_refunded',
      'privacy.deletion.scheduled',
      'privacy.deletion.erased',
    ]);

    // The same e-mail and number make a new account.
    const again = await call(null, 'POST', '/auth/signup', { ...who, username: 'zoya_again' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.user.id).not.toBe(userId);
    auth = `Bearer ${again.body.access_token}`;
    expect((await call(auth, 'GET', '/user/profile')).body).toMatchObject({ email: who.email, mobile: `+91${who.mobile}` });
  });
});

describe('retention', () => {
  it('an account unused for 3 years is told once, closed 48 h later on the app clock (once, with two instances), then erased; coming back keeps it', async () => {
    now = new Date('2026-12-02T10:00:00+05:30');
    const longAgo = '2023-11-20T10:00:00+05:30';
    const old = async (name: string) => {
      const u = await createUser(t.deps.db, { name });
      const mobile = `+91${uniqueMobile()}`;
      await t.deps.db
        .updateTable('users')
        .set({ created_at: longAgo, mobile, mobile_verified_at: longAgo })
        .where('id', '=', u.id)
        .execute();
      return { ...u, mobile };
    };
    const gone = await old('Tarun Gopal');
    const back = await old('Ila Bhatt');
    const recent = await createUser(t.deps.db, { name: 'New Person' });
    const told = (userId: string) =>
      t.deps.db
        .selectFrom('messages')
        .select('event')
        .where('user_id', '=', userId)
        .where('event', '=', 'account_inactive_warning')
        .execute();

    // Two instances at once: each person told once.
    const first = await Promise.all([runRetention(t.deps), runRetention(t.deps)]);
    expect(first[0].told + first[1].told).toBe(2);
    expect(await told(gone.id)).toHaveLength(1);
    expect(await told(back.id)).toHaveLength(1);
    expect(await told(recent.id)).toHaveLength(0);
    expect((await runRetention(t.deps)).told).toBe(0);

    // 47 hours on: nothing closed yet. Ila signs in meanwhile.
    now = new Date(now.getTime() + 47 * 3600_000);
    expect((await runRetention(t.deps)).closed).toBe(0);
    await t.deps.db
      .insertInto('auth_sessions')
      .values({ user_id: back.id, last_used_at: now.toISOString(), created_at: now.toISOString() })
      .execute();

    // 49 hours on, two instances: Tarun's account closed once, Ila's kept.
    now = new Date(now.getTime() + 2 * 3600_000);
    const second = await Promise.all([runRetention(t.deps), runRetention(t.deps)]);
    expect(second[0].closed + second[1].closed).toBe(1);
    expect(second[0].kept + second[1].kept).toBe(1);
    const user = (id: string) =>
      t.deps.db.selectFrom('users').select(['disabled', 'email', 'mobile']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await user(gone.id)).toEqual({ disabled: true, email: null, mobile: null });
    expect((await user(back.id)).disabled).toBe(false);
    const deletions = await t.deps.db.selectFrom('account_deletions').select(['reason', 'status']).where('user_id', '=', gone.id).execute();
    expect(deletions).toEqual([{ reason: 'inactive', status: 'scheduled' }]);
    expect(await t.deps.db.selectFrom('inactivity_notices').select('user_id').where('user_id', '=', back.id).execute()).toEqual([]);

    // The erasure as for a deletion: once its message has gone, nothing personal is left.
    kickNotices(t.deps);
    await expect
      .poll(
        async () => {
          await eraseDue(t.deps);
          return (await t.deps.db.selectFrom('account_deletions').select('status').where('user_id', '=', gone.id).executeTakeFirstOrThrow())
            .status;
        },
        { timeout: 20_000 },
      )
      .toBe('erased');
    expect(await rowsHolding([gone.email, gone.mobile, 'Tarun Gopal'])).toEqual([]);
    const steps = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'user')
      .where('entity_id', '=', gone.id)
      .orderBy('id')
      .execute();
    expect(steps.map((x) => x.action)).toEqual(['privacy.retention.told', 'privacy.retention.closed', 'privacy.deletion.erased']);
  });
});

describe('the owner’s /admin/privacy', () => {
  it('lists the data requests with their deadlines; records a breach, tells each affected person once and drafts the 72-hour report for the Board', async () => {
    now = new Date('2026-12-04T11:00:00+05:30');
    const ownerUser = await createUser(t.deps.db, { role: 'admin', name: 'Priya Menon' });
    let owner = await t.bearer(ownerUser);
    const support = await t.bearer(await createUser(t.deps.db, { role: 'support', name: 'Sunil Das' }));
    expect((await call(support, 'GET', '/admin/privacy/requests')).status).toBe(403);
    expect((await call(support, 'GET', '/admin/privacy/incidents')).status).toBe(403);

    // The requests of the suites above: exports and deletions, each due within the answer time (5 days here).
    const list = await call(owner, 'GET', '/admin/privacy/requests');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.answerDays).toBe(5);
    const exportRow = list.body.requests.find((r: { kind: string; person: string }) => r.kind === 'export' && r.person === 'Kavya Menon');
    expect(exportRow).toMatchObject({ state: 'Delivered (file expired)', done: true, overdue: false });
    expect(new Date(exportRow.dueBy).getTime() - new Date(exportRow.requestedAt).getTime()).toBe(5 * 86_400_000);
    const kinds = new Set(list.body.requests.map((r: { kind: string; state: string }) => `${r.kind}:${r.state}`));
    expect(kinds).toContain('deletion:Erased');
    expect(kinds).toContain('inactive:Erased');
    expect(JSON.stringify(list.body)).not.toContain('Zoya');

    // A breach: a refusal names the field; the record drafts the Board's report.
    const a = await mobileCustomer('Geeta Pai');
    const b = await mobileCustomer('Hari Nair');
    const bad = await call(owner, 'POST', '/admin/privacy/incidents', { what: 'x', discoveredAt: 'yesterday' });
    expect(bad.status).toBe(400);
    const incident = {
      what: 'A delivery sheet with names, numbers and addresses was left at a bus stop on the Indiranagar route.',
      dataKinds: 'names, mobile numbers, delivery addresses',
      occurredAt: '2026-12-03T18:30:00+05:30',
      discoveredAt: '2026-12-04T09:00:00+05:30',
      likelyImpact: 'Unwanted calls or visits; no payment data was on the sheet.',
      measures: 'The sheet was recovered within the hour; riders now use the app only, no printed sheets.',
      // As the owner knows them: one by mobile number as a person types it, one by id.
      people: [`0${a.mobile.slice(3, 8)} ${a.mobile.slice(8)}`, b.user.id],
    };
    // A name that matches no customer refuses the record, naming it; nothing is recorded.
    const before = (await call(owner, 'GET', '/admin/privacy/incidents')).body.incidents.length;
    const unknown = await call(owner, 'POST', '/admin/privacy/incidents', {
      ...incident,
      people: [...incident.people, 'nobody.here@example.in'],
    });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(400);
    expect(unknown.body.message).toBe('No customer matches nobody.here@example.in. Check each e-mail address, mobile number or id.');
    expect((await call(owner, 'GET', '/admin/privacy/incidents')).body.incidents).toHaveLength(before);
    const made = await call(owner, 'POST', '/admin/privacy/incidents', incident);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      affected: 2,
      told: 0,
      reportDueBy: new Date('2026-12-07T09:00:00+05:30').toISOString(),
      overdue: false,
      boardReportedAt: null,
      recordedBy: 'Priya Menon',
    });
    expect(made.body.boardReport).toContain('Data Protection Board');
    expect(made.body.boardReport).toContain(
      'Data principals affected: 2. Personal data concerned: names, mobile numbers, delivery addresses.',
    );
    expect(made.body.boardReport).toContain(incident.measures);

    // Told through notify, once each, even when the owner presses twice at once.
    const [one, two] = await Promise.all([
      call(owner, 'POST', `/admin/privacy/incidents/${made.body.id}/tell`),
      call(owner, 'POST', `/admin/privacy/incidents/${made.body.id}/tell`),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.toldNow + two.body.toldNow).toBe(2);
    for (const who of [a, b]) {
      const told = await t.deps.db
        .selectFrom('messages')
        .select(['title', 'body'])
        .where('user_id', '=', who.user.id)
        .where('event', '=', 'data_breach')
        .execute();
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain('bus stop');
    }
    const after = (await call(owner, 'POST', `/admin/privacy/incidents/${made.body.id}/tell`)).body;
    expect(after.toldNow).toBe(0);
    expect(after.incident.boardReport).toContain('2 of 2 told on');

    // Three days on, unreported, it is overdue; once reported it is not.
    now = new Date('2026-12-07T09:30:00+05:30');
    owner = await t.bearer(ownerUser);
    const listed = await call(owner, 'GET', '/admin/privacy/incidents');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.incidents.find((i: { id: string }) => i.id === made.body.id).overdue).toBe(true);
    const reported = await call(owner, 'POST', `/admin/privacy/incidents/${made.body.id}/reported`);
    expect(reported.body).toMatchObject({ boardReportedAt: now.toISOString(), overdue: false });
    expect((await call(owner, 'POST', `/admin/privacy/incidents/${crypto.randomUUID()}/reported`)).status).toBe(404);
  });
});
