import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/factories';
import { addAddress } from '../../../test/integration/orders-fixtures';
import type { AuthUser } from '../../trpc/context';
import { getDeliverableAddress } from './addresses.service';

/** Checkout's address read: the customer's own address and its PIN code's serviceability in one query. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
/** A customer with one (default) address at a PIN code. */
async function customerAt(pincode: string): Promise<{ user: AuthUser; addressId: string }> {
  const user = await createUser(t.deps.db, { name: 'Asha Rao' });
  return { user, addressId: await addAddress(t.deps.db, user.id, pincode) };
}
afterAll(async () => {
  await t?.close();
});

describe('getDeliverableAddress', () => {
  it("answers the customer's own address in a served PIN code, with its area", async () => {
    const { user, addressId: id } = await customerAt('560038');
    const a = await getDeliverableAddress(t.deps.db, user.id, id);
    expect(a).toMatchObject({ id, name: 'Asha Rao', pincode: '560038', serviceable: true, area: 'Indiranagar' });
    expect(new Date(a.createdAt).toISOString()).toBe(a.createdAt);
  });

  it("answers 404 for another customer's address, an unknown id and a malformed id", async () => {
    const asha = await customerAt('560038');
    const ravi = await customerAt('560038');
    for (const [user, addressId] of [
      [ravi.user.id, asha.addressId],
      [asha.user.id, crypto.randomUUID()],
      [asha.user.id, 'not-an-id'],
    ] as const) {
      await expect(getDeliverableAddress(t.deps.db, user, addressId)).rejects.toMatchObject({
        appCode: 'NOT_FOUND',
        message: 'That address was not found.',
      });
    }
  });

  it('refuses a PIN code we do not deliver to, or no longer deliver to, with NOT_SERVICEABLE', async () => {
    const delhi = await customerAt('110001');
    await expect(getDeliverableAddress(t.deps.db, delhi.user.id, delhi.addressId)).rejects.toMatchObject({
      appCode: 'NOT_SERVICEABLE',
      message: "We don't deliver to 110001 yet",
    });
    const paused = await customerAt('560001');
    await expect(getDeliverableAddress(t.deps.db, paused.user.id, paused.addressId)).resolves.toMatchObject({ area: 'MG Road' });
    await t.deps.db.updateTable('serviceable_pincodes').set({ active: false }).where('pincode', '=', '560001').execute();
    await expect(getDeliverableAddress(t.deps.db, paused.user.id, paused.addressId)).rejects.toMatchObject({ appCode: 'NOT_SERVICEABLE' });
  });
});
