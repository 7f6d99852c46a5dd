import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, hasBrowser, signedInContext, signUp, startShop, type ShopUnderTest } from '../helpers/browser';
import { customer, loadShop, orderBody, place } from '../integration/orders-fixtures';
import { deliverDue } from '../../server/domains/webhooks/webhooks.service';
import { HEADER_ID, verifySignature } from '../../server/domains/webhooks/webhooks.sender';

/**
 * /admin/webhooks in a real browser: the admin adds an endpoint (a local receiver; loopback is
 * allowed as in development), copies the secret shown once, sees the delivery log after an order,
 * and sends an event again. Screenshots at 1280 and 375 px under /tmp/shots/hooks.
 */

describe.skipIf(!hasBrowser)('/admin/webhooks in a browser', () => {
  let shop: ShopUnderTest;
  let server: http.Server;
  let base = '';
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const email = 'ravi.ops@hydroshakes.in';
  const password = 'Ops-Greens-2042';

  beforeAll(async () => {
    shop = await startShop({ config: { WEBHOOKS_ALLOW_LOOPBACK: true } });
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        // The integrator's server refuses the first event, to show a retry in the log.
        res.statusCode = received.length === 1 ? 503 : 200;
        res.end(received.length === 1 ? 'Service Unavailable' : 'ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await signUp(shop, { email, password, username: 'ravi_ops', name: 'Ravi Menon', mobile: '9876512388' }, { admin: true });
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await shop?.close();
  });

  async function adminPage(viewport = DESKTOP): Promise<Page> {
    return shop.newPage({ context: await signedInContext(shop, email, password, viewport) });
  }
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('adds an endpoint, shows its secret once, logs deliveries and sends one again', { timeout: 90_000 }, async () => {
    const page = await adminPage();
    await page.goto('/admin/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No endpoint yet').waitFor();

    // A private address is refused with the reason under the field.
    await page.getByTestId('webhook-add').click();
    const form = page.getByTestId('webhook-form');
    await form.getByLabel('URL').fill('http://10.0.0.8/hooks');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText(/does not send webhooks to its own network: 10\.0\.0\.8 is a private/).waitFor();

    await form.getByLabel('URL').fill(`${base}/hooks/hydro`);
    await form.getByLabel('Description').fill('Accounting sync');
    await form.getByLabel('Order cancelled').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secretBox = page.getByTestId('webhook-secret-value');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await shop.screenshot(page, 'webhooks-secret-1280', { fullPage: false });
    await page.getByRole('button', { name: 'I have kept it' }).click();
    const item = page.getByTestId('webhook-endpoint').filter({ hasText: 'Accounting sync' });
    await item.waitFor();
    // The list never shows the secret again, only its first characters.
    expect(await page.content()).not.toContain(secret);
    expect(await item.textContent()).toContain(`Secret ${secret.slice(0, 10)}…`);

    // Two orders: the first call is refused (503), then everything goes through.
    const s = await loadShop(shop);
    const buyer = await customer(shop);
    for (let i = 0; i < 2; i++) expect((await place(shop, buyer, orderBody(s, buyer))).statusCode).toBe(200);
    await deliverDue(shop.deps);
    expect(received.length).toBeGreaterThanOrEqual(2);
    for (const r of received) expect(verifySignature(secret, r.headers, r.body)).toBe(true);

    await page.reload();
    const rows = page.getByTestId('webhook-delivery');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByTestId('webhook-delivery').filter({ hasText: 'HTTP 503' }).getByText('Retrying').waitFor();
    await page.getByTestId('webhook-delivery').filter({ hasText: 'HTTP 200' }).getByText('Delivered').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shop.screenshot(page, 'webhooks-1280');

    // "Send again" on the delivered one: the receiver gets the same event id once more.
    const delivered = page.getByTestId('webhook-delivery').filter({ hasText: 'Delivered' });
    const before = received.length;
    const firstOk = received.find((r, i) => i > 0)!;
    await delivered.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('Queued to send again').waitFor();
    await deliverDue(shop.deps);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.headers[HEADER_ID]).toBe(firstOk.headers[HEADER_ID]);

    // Disable: the badge changes.
    await item.getByRole('button', { name: 'Disable' }).click();
    await item.getByText('Disabled', { exact: true }).waitFor();
    await page.context().close();

    const phone = await adminPage(PHONE);
    await phone.goto('/admin/webhooks');
    await phone.getByTestId('webhook-endpoint').first().waitFor();
    await phone.getByTestId('webhook-delivery').first().waitFor();
    expect(await sideways(phone)).toBeLessThanOrEqual(0);
    await shop.screenshot(phone, 'webhooks-375');
    await phone.context().close();
  });
});
