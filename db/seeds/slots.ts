import type { Insertable } from 'kysely';
import type { DeliverySlots as DeliverySlotsTable, ServiceablePincodes as ServiceablePincodesTable } from '../generated/database';

/** Bengaluru areas we deliver to at launch (India Post PIN codes). */
export const SEED_PINCODES: Insertable<ServiceablePincodesTable>[] = (
  [
    ['560001', 'MG Road'],
    ['560002', 'Avenue Road'],
    ['560003', 'Malleswaram'],
    ['560004', 'Basavanagudi'],
    ['560005', 'Frazer Town'],
    ['560008', 'Halasuru'],
    ['560010', 'Rajajinagar'],
    ['560011', 'Jayanagar'],
    ['560018', 'Chamarajpet'],
    ['560020', 'Seshadripuram'],
    ['560022', 'Yeshwanthpur'],
    ['560024', 'Hebbal'],
    ['560025', 'Richmond Town'],
    ['560027', 'Wilson Garden'],
    ['560032', 'RT Nagar'],
    ['560034', 'Koramangala'],
    ['560036', 'KR Puram'],
    ['560037', 'Marathahalli'],
    ['560038', 'Indiranagar'],
    ['560040', 'Vijayanagar'],
    ['560043', 'Kalyan Nagar'],
    ['560046', 'Benson Town'],
    ['560047', 'Vivek Nagar'],
    ['560048', 'Mahadevapura'],
    ['560050', 'Banashankari'],
    ['560052', 'Vasanth Nagar'],
    ['560055', 'Malleswaram West'],
    ['560064', 'Yelahanka'],
    ['560066', 'Whitefield'],
    ['560068', 'Bommanahalli'],
    ['560070', 'Banashankari 2nd Stage'],
    ['560071', 'Domlur'],
    ['560072', 'Nagarbhavi'],
    ['560075', 'New Thippasandra'],
    ['560076', 'Bannerghatta Road'],
    ['560078', 'JP Nagar'],
    ['560079', 'Basaveshwaranagar'],
    ['560080', 'Sadashivanagar'],
    ['560085', 'Banashankari 3rd Stage'],
    ['560086', 'Mahalakshmi Layout'],
    ['560092', 'Sahakar Nagar'],
    ['560093', 'CV Raman Nagar'],
    ['560095', 'Koramangala 6th Block'],
    ['560097', 'Vidyaranyapura'],
    ['560098', 'Rajarajeshwari Nagar'],
    ['560100', 'Electronic City'],
    ['560102', 'HSR Layout'],
    ['560103', 'Bellandur'],
  ] as const
).map(([pincode, area]) => ({ pincode, area, city: 'Bengaluru' }));

/** Two-hour windows through the day, plus an early hour for subscribers only. */
export const SEED_SLOTS: Insertable<DeliverySlotsTable>[] = (
  [
    ['06:00', '07:00', 'subscription'],
    ['07:00', '09:00', 'all'],
    ['09:00', '11:00', 'all'],
    ['12:00', '14:00', 'all'],
    ['17:00', '19:00', 'all'],
    ['19:00', '21:00', 'all'],
  ] as const
).map(([start_time, end_time, plan_type], i) => ({ start_time, end_time, plan_type, max_bookings: 20, sort: i }));
