import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import * as addresses from './addresses.service';

/** The shape of an admin customer-detail section (admin's CustomerSectionProvider, matched structurally: addresses does not import admin). */
interface AddressesSection {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

type Postal = { line1: string; line2: string | null; landmark: string | null; city: string; state: string; pincode: string };

/** The whole address, as the back office shows it after Show. */
export function fullAddress(a: Postal): string {
  return `${[a.line1, a.line2, a.landmark, a.city, a.state].filter(Boolean).join(', ')} ${a.pincode}`;
}

/**
 * The address as the back office shows it before Show (decision 279): the first line reduced to its first
 * character, no second line or landmark; the city and PIN code (the delivery area) in full.
 */
export function maskedAddress(a: Postal): string {
  return `${a.line1.trim().charAt(0)}•••, ${a.city} ${a.pincode}`;
}

/** "Addresses" on the admin customer detail: each saved address masked (Show reveals it, logged), the default first, and whether we deliver there. */
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
        value: `${maskedAddress(a)}${a.serviceable ? '' : ' · not delivered to'}`,
        reveal: { field: 'address' as const, addressId: a.id },
      })),
    };
  },
};
