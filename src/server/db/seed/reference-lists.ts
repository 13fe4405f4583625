import type { Db } from '../client';
import * as s from '../schema';
import { insertRows } from './bulk';

/**
 * Demo service types, advertise sizes, cancellation policies and a few more system settings (spec 3
 * §3 ServiceType, AdvertiseSize, CancellationPolicy, System setting). Fixed rows, so the screens look
 * the same on every demo database. The settings the code reads (balance due days, VAT, …) come with
 * the reference data (reference.ts); the ones here are only added when their name is free.
 */
export async function seedReferenceLists(db: Db): Promise<void> {
  await insertRows(db, s.service_types, SERVICE_TYPES);
  await insertRows(db, s.advertise_sizes, ADVERTISE_SIZES);
  await insertRows(db, s.cancellation_policies, CANCELLATION_POLICIES);
  await db
    .insert(s.system_settings)
    .values(Object.entries(DEMO_SETTINGS).map(([name, value]) => ({ name, value })))
    .onConflictDoNothing({ target: s.system_settings.name });
}

const SERVICE_TYPES: (typeof s.service_types.$inferInsert)[] = [
  { service_name: 'Coach hire', service_code: 'COACH' },
  { service_name: 'Hotel', service_code: 'HOTEL' },
  { service_name: 'Ferry crossing', service_code: 'FERRY' },
  { service_name: 'Flights', service_code: 'FLIGHT' },
  { service_name: 'Airport transfer', service_code: 'TRANS' },
  { service_name: 'Local guide', service_code: 'GUIDE' },
  { service_name: 'Excursion', service_code: 'EXCUR' },
  { service_name: 'Entrance tickets', service_code: 'TICKET' },
  { service_name: 'Tour manager', service_code: 'TM' },
];

const ADVERTISE_SIZES: (typeof s.advertise_sizes.$inferInsert)[] = [
  { size_name: 'Full page' },
  { size_name: 'Half page' },
  { size_name: 'Quarter page' },
  { size_name: 'Eighth page' },
  { size_name: 'Banner' },
  { size_name: 'Classified listing' },
];

const policy = (
  tour_type: 'air' | 'coach',
  days_before_start: number,
  days_before_end: number,
  penalty_type: 0 | 1,
  penalty_charge: string,
): typeof s.cancellation_policies.$inferInsert => ({
  tour_type,
  days_before_start,
  days_before_end,
  penalty_type,
  penalty_charge,
});

/**
 * Typical UK terms: the deposit (or 10 %) is lost when cancelling early; the charge rises as
 * departure nears, to 100 % inside 14 days (air) or 7 days (coach). Penalty type 1 = percentage.
 */
const CANCELLATION_POLICIES: (typeof s.cancellation_policies.$inferInsert)[] = [
  policy('air', 999, 56, 1, '10.00'),
  policy('air', 55, 42, 1, '30.00'),
  policy('air', 41, 29, 1, '50.00'),
  policy('air', 28, 15, 1, '75.00'),
  policy('air', 14, 0, 1, '100.00'),
  policy('coach', 999, 43, 0, '50.00'),
  policy('coach', 42, 29, 1, '30.00'),
  policy('coach', 28, 15, 1, '50.00'),
  policy('coach', 14, 8, 1, '75.00'),
  policy('coach', 7, 0, 1, '100.00'),
];

const DEMO_SETTINGS: Record<string, string> = {
  office_phone: '0161 496 0734',
  reservations_email: 'reservations@bookings-mail.co.uk',
  max_passengers_per_booking: '9',
  brochure_request_batch_size: '250',
  cancellation_invoice_due_days: '14',
};
