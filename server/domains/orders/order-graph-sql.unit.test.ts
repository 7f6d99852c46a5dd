import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { orderGraphParams, orderGraphSql, type NewOrder, type NewOrderLine, type OrderGraphMail } from './orders.repository';
import { mailPlaceholder } from '../../lib/mail';
import type { OrderGraphAlso } from './orders.repository';
import { sql } from 'kysely';

/** What placement composes in (the cart's CTEs, server/statements): two parameters, the second an array. */
const also = (i: number): OrderGraphAlso => ({
  shape: 'test',
  ctes: (when) =>
    sql`t_gone as (delete from t where u = ${`user-${i}`} and k = any(${[`k${i}`]}::text[]) and exists (${when}) returning 1)`,
  params: [`user-${i}`, [`k${i}`]],
});

/** A Kysely that only compiles (PostgreSQL syntax), to see the statement as the query builder writes it. */
const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function order(i: number): NewOrder {
  const online = i % 2 === 1;
  return {
    id: `40000000-0000-4000-8000-00000000000${i % 10}`,
    user_id: `00000000-0000-4000-8000-00000000000${i % 10}`,
    status: online ? 'pending_payment' : 'confirmed',
    payment_method: online ? 'razorpay' : i % 3 ? 'cod' : 'free',
    payment_status: 'pending',
    subtotal_paise: 1000 * i,
    free_unit_discount_paise: i,
    coupon_discount_paise: 2 * i,
    points_discount_paise: 3 * i,
    delivery_fee_paise: 4900,
    gst_paise: 47 * i,
    gst_rate_percent: 5,
    total_paise: 999 * i,
    coupon_code: i % 4 ? null : `SAVE${i}`,
    points_redeemed: i % 5,
    points_to_earn: i % 7,
    contact_email: `c${i}@example.in`,
    contact_name: `Customer "${i}"`,
    address_id: `10000000-0000-4000-8000-00000000000${i % 10}`,
    address: { name: `N${i}`, line1: 'x', line2: i % 2 ? null : 'y', city: 'Bengaluru', pincode: '560001' },
    pincode: '560001',
    slot_id: `20000000-0000-4000-8000-00000000000${i % 10}`,
    slot_date: '2026-11-24',
    slot_start: '07:00',
    slot_end: '09:00',
    plan_type: 'one_time',
    idempotency_key: `key-${i}`,
    request_hash: `hash-${i}`,
    expires_at: online ? '2026-11-23T10:30:00.000Z' : null,
    confirmed_at: online ? null : '2026-11-23T10:00:00.000Z',
    created_at: `2026-11-23T10:00:0${i % 10}.000Z`,
  };
}
const lines = (i: number): NewOrderLine[] =>
  Array.from({ length: 1 + (i % 4) }, (_, j) => ({
    position: j + 1,
    item_id: `item-${i}-${j}`,
    item_type: j % 2 ? 'custom' : 'signature',
    name: `Shake ${j}`,
    image: '/x.webp',
    unit_price_paise: 100 * j,
    quantity: 1 + j,
    line_total_paise: 100 * j * (1 + j),
    is_free_unit: j === 0 && i % 3 === 0,
    recipe: j % 2 ? { size: 'regular', baseId: 'b', addIns: [] } : null,
  }));
const event = (i: number) => ({
  status: 'confirmed' as const,
  actor: 'customer' as const,
  actor_id: `3000000${i % 10}-0000-4000-8000-000000000000`,
  note: `Note ${i}`,
});
const mail = (i: number): OrderGraphMail => ({
  message: {
    to: `C${i}@Example.IN`,
    toName: i % 3 ? `Name ${i}` : (null as unknown as string),
    subject: `Order ${i}`,
    html: `<p>${i}</p>`,
    text: `text ${i}`,
    template: 'order-confirmed',
  },
  idToken: mailPlaceholder(),
  numberToken: mailPlaceholder(),
});

describe('insertOrderGraph: the compiled-once text and orderGraphParams stay in step with the template', () => {
  it('gives the query builder’s own parameters, with and without the e-mail, and one text per shape', () => {
    const texts = { plain: new Set<string>(), mail: new Set<string>() };
    for (let i = 0; i < 60; i++) {
      const m = i % 2 ? mail(i) : undefined;
      const compiled = orderGraphSql(order(i), lines(i), event(i), m, also(i)).compile(compiler);
      expect(orderGraphParams(order(i), lines(i), event(i), m, also(i))).toEqual(compiled.parameters);
      texts[m ? 'mail' : 'plain'].add(compiled.sql);
    }
    expect(texts.plain.size).toBe(1);
    expect(texts.mail.size).toBe(1);
    const [withMail] = texts.mail;
    expect(withMail).toContain('insert into mail_outbox');
    expect(withMail).toMatch(/\$51\b/);
    expect(withMail).toContain('exists (select 1 from o)');
  });
});
