import type { Generated } from 'kysely';

export interface ServiceablePincodesTable {
  pincode: string;
  area: string;
  city: Generated<string>;
  active: Generated<boolean>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface DeliverySlotsTable {
  id: Generated<string>;
  /** 'HH:MM' in Asia/Kolkata */
  start_time: string;
  end_time: string;
  max_bookings: number;
  plan_type: Generated<'all' | 'one_time' | 'subscription'>;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SlotBookingsTable {
  slot_id: string;
  /** 'YYYY-MM-DD' */
  date: string;
  booked: Generated<number>;
  capacity: number;
  updated_at: Generated<string>;
}

export interface BlackoutDatesTable {
  date: string;
  reason: string;
  created_by: string | null;
  created_at: Generated<string>;
}

export interface DeliveryTables {
  serviceable_pincodes: ServiceablePincodesTable;
  delivery_slots: DeliverySlotsTable;
  slot_bookings: SlotBookingsTable;
  blackout_dates: BlackoutDatesTable;
}
