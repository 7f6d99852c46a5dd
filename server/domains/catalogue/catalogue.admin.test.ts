import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/factories';
import { buildApp } from '../../app';
import { createDatabase } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import type { ShakeFields } from '../../../shared/schemas/catalogue-admin';

let t: TestApp;
let admin: AuthUser;
let customer: AuthUser;
let adminAuth: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps.db, { role: 'admin', email: `owner.${Date.now()}@hydroshakes.in`, name: 'Meera Owner' });
  customer = await createUser(t.deps.db);
  adminAuth = await t.bearer(admin);
});
afterAll(async () => {
  await t?.close();
});

const shake = (over: Partial<ShakeFields> = {}): ShakeFields => ({
  slug: `sunrise-${Date.now().toString(36)}`,
  name: 'Sunrise Mango',
  price: 27900,
  image: '/images/shakes/placeholder.svg',
  description: 'Alphonso mango, oat milk and a little basil.',
  calories: 240,
  protein: 8.5,
  carbs: 40,
  fat: 4,
  fibre: 3,
  sugar: 22,
  ingredients: ['Alphonso mango', 'Oat milk', 'Genovese basil'],
  allergens: ['gluten'],
  vegan: true,
  tags: ['fruity'],
  active: true,
  inStock: true,
  sortOrder: 5,
  ...over,
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, auth = adminAuth) =>
  t.request({ method, url, headers: { authorization: auth }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('shakes', () => {
  it('a shake created in the back office is on sale at once; deactivating hides it; both are audited', async () => {
    const created = await api('POST', '/api/admin/shakes', shake({ name: 'Sunrise Mango' }));
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    // The storefront list is cached: it still shows the new shake (the write cleared the cache).
    const shop = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string; price: number }[];
    expect(shop.find((s) => s.id === id)?.price).toBe(27900);

    const off = await api('PATCH', `/api/admin/shakes/${id}`, { active: false });
    expect(off.json().active).toBe(false);
    const after = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string }[];
    expect(after.some((s) => s.id === id)).toBe(false);
    // Still listed for the admin, and findable by search.
    const listed = (await api('GET', '/api/admin/shakes?search=sunrise')).json() as { id: string; active: boolean }[];
    expect(listed.find((s) => s.id === id)?.active).toBe(false);

    const log = (await api('GET', `/api/admin/audit-log?entityId=${id}`)).json();
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual(['shake.update', 'shake.create']);
    expect(log.entries[0].before).toEqual({ active: true });
    expect(log.entries[0].after).toEqual({ active: false });
    expect(log.entries[0].actorEmail).toBe(admin.email);
  });

  it('refuses a taken slug and bad fields with messages a person understands', async () => {
    const first = await api('POST', '/api/admin/shakes', shake({ slug: 'twin-slug' }));
    expect(first.statusCode).toBe(200);
    const twin = await api('POST', '/api/admin/shakes', shake({ slug: 'twin-slug' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('Another shake already uses the slug "twin-slug". Choose a different one.');

    const bad = await api('POST', '/api/admin/shakes', shake({ slug: 'Bad Slug', price: 50, image: 'https://evil.example/x.png' }));
    expect(bad.statusCode).toBe(400);
    const text = JSON.stringify(bad.json());
    expect(text).toContain('Use lower-case letters, digits and single hyphens');
    expect(text).toContain('A shake costs at least ₹1');
    expect(text).toContain('Upload an image');
  });

  it('reorders shakes, and the shop follows the new order', async () => {
    const all = (await api('GET', '/api/admin/shakes')).json() as { id: string; active: boolean }[];
    const ids = all.map((s) => s.id).reverse();
    const res = await api('POST', '/api/admin/shakes/reorder', { ids });
    expect(res.statusCode).toBe(200);
    const shop = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string }[];
    const expected = ids.filter((id) => all.find((s) => s.id === id)!.active);
    expect(shop.map((s) => s.id)).toEqual(expected);
    const dup = await api('POST', '/api/admin/shakes/reorder', { ids: [ids[0], ids[0]] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Each item may appear only once in the new order.');
  });
});

describe('ingredients', () => {
  it('an ingredient marked out of stock is shown so and refused by the quote; back in stock it is accepted', async () => {
    const list = (await api('GET', '/api/admin/ingredients')).json() as { id: string; slug: string; category: string }[];
    const base = list.find((i) => i.slug === 'almond-milk')!;
    const kale = list.find((i) => i.slug === 'kale')!;
    const recipe = { size: 'regular', baseId: base.id, addIns: [{ ingredientId: kale.id, portions: 1 }] };
    const quote = () => t.request({ method: 'POST', url: '/api/custom-shakes/quote', payload: { recipe } }).then((r) => r.json());
    expect((await quote()).valid).toBe(true);

    const out = await api('PATCH', `/api/admin/ingredients/${kale.id}`, { inStock: false });
    expect(out.statusCode).toBe(200);
    const publicKale = ((await t.request({ method: 'GET', url: '/api/ingredients' })).json() as { id: string; inStock: boolean }[]).find(
      (i) => i.id === kale.id,
    );
    expect(publicKale?.inStock).toBe(false);
    const refused = await quote();
    expect(refused.valid).toBe(false);
    expect(refused.problems).toEqual([{ code: 'OUT_OF_STOCK', message: 'Curly kale is out of stock right now.' }]);

    await api('PATCH', `/api/admin/ingredients/${kale.id}`, { inStock: true });
    expect((await quote()).valid).toBe(true);
  });

  it('creates an ingredient the builder offers, with its nutrition per portion', async () => {
    const res = await api('POST', '/api/admin/ingredients', {
      slug: 'moringa-leaf',
      name: 'Moringa leaf',
      category: 'superfood',
      description: 'Grown in our racks.',
      price: 4500,
      nutrition: { kcal: 9, protein: 0.9, carbs: 1.2, fat: 0.2, fibre: 0.3, sugar: 0 },
      allergens: [],
      vegan: true,
      hydroponic: true,
      inStock: true,
      active: true,
      sortOrder: 50,
    });
    expect(res.statusCode).toBe(200);
    const shop = (await t.request({ method: 'GET', url: '/api/ingredients' })).json() as {
      slug: string;
      price: number;
      nutrition: { protein: number };
    }[];
    const m = shop.find((i) => i.slug === 'moringa-leaf');
    expect(m?.price).toBe(4500);
    expect(m?.nutrition.protein).toBe(0.9);
    const neg = await api('PATCH', `/api/admin/ingredients/${res.json().id}`, { price: -1 });
    expect(neg.statusCode).toBe(400);
    expect(JSON.stringify(neg.json())).toContain('A price cannot be negative');
  });
});

describe('pricing', () => {
  it('refuses inconsistent or out-of-range settings with clear messages', async () => {
    const current = (await api('GET', '/api/admin/pricing')).json();
    const bad = structuredClone(current);
    bad.gstRatePercent = 40;
    bad.sizes.large.ml = 300;
    bad.deliveryFee = -100;
    const res = await api('PUT', '/api/admin/pricing', bad);
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    expect(text).toContain('GST is at most 28%');
    expect(text).toContain('The delivery fee cannot be negative');
    // The refinements run once the fields parse.
    const bad2 = structuredClone(current);
    bad2.sizes.large.ml = 300;
    const res2 = await api('PUT', '/api/admin/pricing', bad2);
    expect(res2.statusCode).toBe(400);
    expect(JSON.stringify(res2.json())).toContain('The large size must hold more than the regular size');
    // Nothing was saved.
    expect((await api('GET', '/api/admin/pricing')).json()).toEqual(current);
  });

  it('a new delivery fee and size price apply to the next quotes, and the change is audited', async () => {
    const current = (await api('GET', '/api/admin/pricing')).json();
    const shop = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string; price: number }[];
    const cheap = shop.reduce((a, b) => (a.price <= b.price ? a : b));
    const cart = () =>
      t
        .request({ method: 'POST', url: '/api/cart/quote', payload: { lines: [{ id: cheap.id, type: 'signature', quantity: 1 }] } })
        .then((r) => r.json());
    const before = await cart();
    expect(before.deliveryFee).toBe(current.deliveryFee);

    const next = { ...structuredClone(current), deliveryFee: current.deliveryFee + 2000 };
    next.sizes.regular.price = current.sizes.regular.price + 1000;
    const saved = await api('PUT', '/api/admin/pricing', next);
    expect(saved.statusCode).toBe(200);
    const after = await cart();
    expect(after.deliveryFee).toBe(current.deliveryFee + 2000);
    expect(after.total - before.total).toBe(2000);
    expect((await t.request({ method: 'GET', url: '/api/pricing' })).json().sizes.regular.price).toBe(current.sizes.regular.price + 1000);

    const log = (await api('GET', '/api/admin/audit-log?entity=settings')).json();
    expect(log.entries[0].action).toBe('pricing.update');
    expect(log.entries[0].before.deliveryFee).toBe(current.deliveryFee);
    expect(log.entries[0].after.deliveryFee).toBe(current.deliveryFee + 2000);
    await api('PUT', '/api/admin/pricing', current);
  });
});

describe('image upload', () => {
  const upload = (body: Buffer | string, type = 'application/octet-stream', auth: string | null = adminAuth) =>
    t.request({
      method: 'POST',
      url: '/api/admin/images',
      headers: { 'content-type': type, ...(auth ? { authorization: auth } : {}) },
      payload: body,
    });

  it('re-encodes a photo as WebP at 960×720 without its metadata, served under an immutable URL', async () => {
    const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 40, g: 160, b: 90 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .jpeg()
      .toBuffer();
    const res = await upload(png, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const img = res.json();
    expect(img).toMatchObject({ width: 960, height: 720 });
    expect(img.url).toMatch(/^\/api\/images\/[0-9a-f]{40}\.webp$/);

    const got = await t.request({ method: 'GET', url: img.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 960, 720, undefined]);
    expect(got.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);

    const log = (await api('GET', '/api/admin/audit-log?entity=image')).json();
    expect(log.entries[0]).toMatchObject({ action: 'image.upload', actorEmail: admin.email });
    expect((await t.request({ method: 'GET', url: '/api/images/0000000000000000000000000000000000000000.webp' })).statusCode).toBe(404);
  });

  it('refuses an SVG with a script, a renamed text file and a 6 MiB picture, saying why', async () => {
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe('That file is an SVG drawing. Upload a JPEG, PNG or WebP picture (SVG is not accepted).');

    const text = await upload('name,price\nGreen Glow,249\n', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('That file is not an image we can read. Upload a JPEG, PNG or WebP picture (SVG is not accepted).');

    const big = Buffer.alloc(6 * 1024 * 1024, 0);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    const large = await upload(big, 'image/jpeg');
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('The picture is 6.0 MiB; pictures are at most 5 MiB. Export a smaller one and try again.');

    const broken = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'image/png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/PNG file is damaged/);
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'image/png', null)).statusCode).toBe(401);
    const c = await upload(png, 'image/png', await t.bearer(customer));
    expect(c.statusCode).toBe(403);
    expect(c.json().code).toBe('FORBIDDEN');
  });
});

describe('two instances on one PostgreSQL', () => {
  it.runIf(!!process.env.DATABASE_URL || !!process.env.TEST_DATABASE_URL)(
    'a price edited on one instance is quoted by the other within 2 seconds',
    async () => {
      const dbh2 = await createDatabase({ databaseUrl: t.dbh.databaseUrl!, poolSize: 4 });
      const { app: app2 } = await buildApp({ config: testConfig(), dbh: dbh2, logger: false });
      await app2.ready();
      try {
        const ingredients = (await app2.inject({ method: 'GET', url: '/api/ingredients' })).json() as {
          id: string;
          slug: string;
          price: number;
        }[];
        const base = ingredients.find((i) => i.slug === 'water')!;
        const mango = ingredients.find((i) => i.slug === 'mango')!;
        const recipe = { size: 'regular', baseId: base.id, addIns: [{ ingredientId: mango.id, portions: 1 }] };
        const quoteOn2 = async () =>
          (await app2.inject({ method: 'POST', url: '/api/custom-shakes/quote', payload: { recipe } })).json().price as number;
        const before = await quoteOn2(); // instance 2's caches are now warm
        await app2.inject({ method: 'GET', url: '/api/ingredients' });

        const res = await api('PATCH', `/api/admin/ingredients/${mango.id}`, { price: mango.price + 5000 });
        expect(res.statusCode).toBe(200);
        const started = Date.now();
        let seen = before;
        while (Date.now() - started < 2000) {
          seen = await quoteOn2();
          if (seen === before + 5000) break;
          await new Promise((r) => setImmediate(r));
        }
        expect(seen).toBe(before + 5000);
        const listed = ((await app2.inject({ method: 'GET', url: '/api/ingredients' })).json() as { id: string; price: number }[]).find(
          (i) => i.id === mango.id,
        );
        expect(listed?.price).toBe(mango.price + 5000);
      } finally {
        await app2.close();
        await dbh2.close();
      }
    },
  );
});
