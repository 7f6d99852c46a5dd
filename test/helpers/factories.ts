import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../server/trpc/context';
import type { UserRole } from '../../shared/rules/staff';

/**
 * A 10-digit Indian mobile number of its own, for an account a test signs up and then makes staff: a
 * staff record's number signs in and is on one account only (decision 206).
 */
export function uniqueMobile(): string {
  return `97${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`;
}

/** A user row straight into the database (for tests that are not about sign-up). */
export async function createUser(
  db: Executor,
  opts: { role?: UserRole; email?: string; name?: string; passwordHash?: string | null } = {},
): Promise<AuthUser> {
  const suffix = crypto.randomBytes(5).toString('hex');
  const row = await db
    .insertInto('users')
    .values({
      email: (opts.email ?? `shopper-${suffix}@example.in`).toLowerCase(),
      email_verified: true,
      name: opts.name ?? 'Asha Rao',
      username: `user_${suffix}`,
      // A staff record's number signs in and is on one account only (decision 206): each gets its own.
      mobile: (opts.role ?? 'customer') === 'customer' ? '+919876543210' : `+91${uniqueMobile()}`,
      role: opts.role ?? 'customer',
      password_hash: opts.passwordHash ?? null,
    })
    .returning(['id', 'email', 'role', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email ?? '', role: row.role, name: row.name };
}

/**
 * `n` customers in one insert and their default addresses (Bengaluru, 560001) in a second, for the
 * concurrency tests and the benches; `tag` starts their e-mails and user names.
 */
export async function createCustomers(db: Executor, n: number, tag = 'bulk'): Promise<(AuthUser & { addressId: string })[]> {
  const run = crypto.randomBytes(4).toString('hex');
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${tag}-${run}-${i}@example.in`,
        email_verified: true,
        name: 'Bulk Shopper',
        username: `${tag}_${run}_${i}`,
        mobile: '+919876543210',
        role: 'customer' as const,
      })),
    )
    .returning(['id', 'email', 'role', 'name'])
    .execute();
  const addresses = await db
    .insertInto('addresses')
    .values(
      users.map((u) => ({
        user_id: u.id,
        name: u.name,
        phone: '+919876543210',
        line1: '1 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        is_default: true,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const byUser = new Map(addresses.map((a) => [a.user_id, a.id]));
  // users.email is nullable (an account may start from a mobile number, decision 170).
  return users.map((u) => ({ id: u.id, email: u.email ?? '', role: u.role, name: u.name, addressId: byUser.get(u.id)! }));
}

/**
 * An order straight into the database, as placement leaves it (lines, and a delivery row when a rider
 * has it), for tests that read history — a month of orders — rather than place them.
 */
export interface OrderSeed {
  userId: string;
  slotId: string;
  slotDate: string;
  createdAt: string;
  status: 'confirmed' | 'preparing' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'pending_payment';
  paymentMethod: 'razorpay' | 'cod' | 'wallet';
  lines: { id: string; type: 'signature' | 'custom'; quantity: number; unitPrice: number; name?: string }[];
  /** Placed by a schedule: the order carries the schedule's key. */
  scheduleId?: string;
  delivery?: { riderId: string; pickedUp?: boolean; delivered?: boolean; failed?: boolean; cash?: number | null };
}
export async function insertOrder(db: Executor, o: OrderSeed): Promise<string> {
  const subtotal = o.lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0);
  const at = o.createdAt;
  const row = await db
    .insertInto('orders')
    .values({
      user_id: o.userId,
      address: JSON.stringify({ name: 'Asha Rao', line1: '1 MG Road', city: 'Bengaluru', pincode: '560001' }),
      contact_email: 'shopper@example.in',
      idempotency_key: o.scheduleId ? `schedule:${o.scheduleId}:${o.slotDate}` : crypto.randomUUID(),
      request_hash: crypto.randomBytes(8).toString('hex'),
      payment_method: o.paymentMethod,
      payment_status: o.paymentMethod === 'cod' ? (o.status === 'delivered' ? 'paid' : 'pending') : 'paid',
      paid_at: o.paymentMethod === 'cod' && o.status !== 'delivered' ? null : at,
      pincode: '560001',
      slot_id: o.slotId,
      slot_date: o.slotDate,
      slot_start: '07:00',
      slot_end: '09:00',
      status: o.status,
      subtotal_paise: subtotal,
      total_paise: subtotal,
      created_at: at,
      updated_at: at,
      confirmed_at: o.status === 'pending_payment' ? null : at,
      cancelled_at: o.status === 'cancelled' ? at : null,
      cancel_reason: o.status === 'cancelled' ? 'Changed my mind' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values(
      o.lines.map((l, i) => ({
        order_id: row.id,
        position: i,
        item_id: l.id,
        item_type: l.type,
        name: l.name ?? 'Shake',
        quantity: l.quantity,
        unit_price_paise: l.unitPrice,
        line_total_paise: l.quantity * l.unitPrice,
      })),
    )
    .execute();
  const d = o.delivery;
  if (d) {
    await db
      .insertInto('order_deliveries')
      .values({
        order_id: row.id,
        rider_id: d.riderId,
        assigned_at: at,
        picked_up_at: d.pickedUp || d.delivered ? at : null,
        delivered_at: d.delivered ? at : null,
        failed_at: d.failed ? at : null,
        fail_reason: d.failed ? 'not_at_home' : null,
        cash_collected_paise: d.cash ?? null,
      })
      .execute();
  }
  return row.id;
}
