import type { Generated } from 'kysely';

export interface AddressesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** +91XXXXXXXXXX */
  phone: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
  is_default: Generated<boolean>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface AddressesTables {
  addresses: AddressesTable;
}
