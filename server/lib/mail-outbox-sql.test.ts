import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app';
import { customer, orderBody, place, type Shop, withShopApp } from '../../test/integration/orders-fixtures';
import { confirmationMail } from '../domains/orders/order-mail';
import { mailPlaceholder } from './mail';
import { outboxInsertSql } from './mail.repository';

/** The outbox insert folded into a caller's write statement (order placement uses it for the confirmation e-mail). */
let t: TestApp;
let shop: Shop;
withShopApp((app, loaded) => {
  t = app;
  shop = loaded;
});

const outbox = () => t.deps.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

describe('outboxInsertSql', () => {
  it('writes one message per source row, with placeholders filled by the statement, and none for no row', async () => {
    const token = mailPlaceholder();
    const msg = {
      to: 'Asha@Example.in',
      toName: 'Asha',
      subject: `Order ${token}`,
      html: `<p>${token} &amp; ${token}</p>`,
      text: `Number ${token}.`,
      template: 'test-fold',
    };
    const before = (await outbox()).length;
    await sql`with src as (select 'HS-123456'::text as n), x as (${outboxInsertSql(msg, { from: sql`src`, fill: { [token]: sql`src.n` } })}) select 1`.execute(
      t.deps.db,
    );
    await sql`with src as (select 'HS-1'::text as n where false), x as (${outboxInsertSql(msg, { from: sql`src`, fill: { [token]: sql`src.n` } })}) select 1`.execute(
      t.deps.db,
    );
    const rows = (await outbox()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to_email: 'asha@example.in',
      to_name: 'Asha',
      subject: 'Order HS-123456',
      html: '<p>HS-123456 &amp; HS-123456</p>',
      text: 'Number HS-123456.',
      template: 'test-fold',
      status: 'pending',
    });
  });

  it('placeholders are unguessable and survive HTML escaping', () => {
    const a = mailPlaceholder();
    expect(a).toMatch(/^[a-z0-9]+$/);
    expect(mailPlaceholder()).not.toBe(a);
  });

  it('a COD order queues exactly the confirmation e-mail confirmationMail renders for its id and number', async () => {
    const c = await customer(t);
    const res = await place(t, c, orderBody(shop, c));
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    const mail = (await outbox()).at(-1)!;
    const expected = confirmationMail({
      to: c.user.email,
      toName: c.user.name,
      orderId: order.id,
      number: order.number,
      publicUrl: t.deps.config.PUBLIC_URL,
      paymentMethod: 'cod',
      paidWith: null,
      lines: order.lines.map((l: { name: string; quantity: number; lineTotal: number; isFreeUnit: boolean }) => ({
        name: l.name,
        quantity: l.quantity,
        line_total_paise: l.lineTotal,
        is_free_unit: l.isFreeUnit,
      })),
      total: order.breakdown.total,
      slotDate: order.slot.date,
      slotStart: order.slot.startTime,
      slotEnd: order.slot.endTime,
      address: order.address,
    });
    expect(mail).toMatchObject({
      to_email: expected.to?.toLowerCase(),
      to_name: expected.toName,
      subject: expected.subject,
      html: expected.html,
      text: expected.text,
      template: 'order-confirmed',
    });
    expect(mail.text).toContain(`/order/${order.id}`);
    expect(mail.html + mail.text + mail.subject).not.toMatch(/mailvalue/);
  });
});
