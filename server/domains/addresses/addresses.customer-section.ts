import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import * as addresses from './addresses.service';

/** The shape of an admin customer-detail section (admin's CustomerSectionProvider, matched structurally: addresses does not import admin). */
interface AddressesSection {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

/** "Addresses" on the admin customer detail: each saved address, the default first, and whether we deliver there. */
export const customerAddresses: AddressesSection = {
  name: 'addresses',
  async section({ db, userId }) {
    const list = await addresses.list({ db } as Parameters<typeof addresses.list>[0], userId);
    if (!list.length) return { key: 'addresses', title: 'Addresses', rows: [{ label: 'Addresses', value: 'None saved' }] };
    const sorted = [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    return {
      key: 'addresses',
      title: 'Addresses',
      rows: sorted.map((a) => ({
        label: `${a.name}${a.isDefault ? ' (default)' : ''}`,
        value: `${[a.line1, a.line2, a.landmark, a.city, a.state].filter(Boolean).join(', ')} ${a.pincode}${a.serviceable ? '' : ' · not delivered to'}`,
      })),
    };
  },
};
