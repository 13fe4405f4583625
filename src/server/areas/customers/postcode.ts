import { sql } from 'drizzle-orm';
import type { AddressSuggestion, FullAddress } from '../../../shared/api/customers';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';

/**
 * Address look-up by postcode (spec 1 §7 customers/postcode/lookup and full-address; DESIGN.md §6).
 *
 * With GETADDRESS_API_KEY set, getAddress.io's documented two-step API is used:
 *   GET {GETADDRESS_URL}/autocomplete/{postcode}?api-key=…&all=true → {suggestions: [{address, url, id}]}
 *   GET {GETADDRESS_URL}/get/{id}?api-key=… → {line_1..line_4, town_or_city, county, postcode, country, …}
 * Its refusals become clear messages (never a 500): 404 on a postcode means no addresses, 404 on an
 * id 'Address not found.', 401/403 a key problem (502), 429 busy (503), anything else or no answer
 * 'not available' (502).
 *
 * Without a key, the addresses already on file for that postcode are suggested: one per distinct
 * address among customers, with ids 'local-{customer id}' (these are read locally even when a key
 * is set).
 */

const LOCAL_PREFIX = 'local-';
const TIMEOUT_MS = 8000;
/** UK nations as getAddress.io names them; all are the United Kingdom (countries id 220). */
const UK_NATIONS = new Set(['england', 'scotland', 'wales', 'northern ireland', 'united kingdom']);
const UK_COUNTRY_ID = 220;

type LookupConfig = Pick<Config, 'GETADDRESS_API_KEY' | 'GETADDRESS_URL'>;

/** Suggestions for a (normalised) UK postcode; [] when there are none ('No list found'). */
export async function lookupPostcode(
  db: Db,
  config: LookupConfig,
  postcode: string,
): Promise<AddressSuggestion[]> {
  if (!config.GETADDRESS_API_KEY) return addressesOnFile(db, postcode);
  const answer = await callGetAddress<{ suggestions?: { id?: string; address?: string }[] }>(
    config,
    `/autocomplete/${encodeURIComponent(postcode)}`,
    { all: 'true' },
    () => ({ suggestions: [] }),
  );
  return (answer.suggestions ?? [])
    .filter(
      (s): s is { id: string; address: string } => typeof s.id === 'string' && typeof s.address === 'string',
    )
    .map((s) => ({ id: s.id, address: s.address }));
}

/** The address of one suggestion, ready to fill the customer form. */
export async function fullAddress(db: Db, config: LookupConfig, addressId: string): Promise<FullAddress> {
  if (addressId.startsWith(LOCAL_PREFIX)) return addressOnFile(db, addressId.slice(LOCAL_PREFIX.length));
  if (!config.GETADDRESS_API_KEY) throw notFound('Address not found.');
  const a = await callGetAddress<Record<string, unknown>>(
    config,
    `/get/${encodeURIComponent(addressId)}`,
    {},
    () => {
      throw notFound('Address not found.');
    },
  );
  const text = (k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
  const country = text('country');
  return {
    line_1: text('line_1'),
    line_2: text('line_2'),
    line_3: text('line_3'),
    line_4: text('line_4'),
    town_or_city: text('town_or_city'),
    county: text('county'),
    postcode: text('postcode'),
    country,
    country_id: UK_NATIONS.has(country.toLowerCase()) ? UK_COUNTRY_ID : null,
  };
}

async function callGetAddress<T>(
  config: LookupConfig,
  path: string,
  query: Record<string, string>,
  onNotFound: () => T,
): Promise<T> {
  const base = (config.GETADDRESS_URL ?? 'https://api.getAddress.io').replace(/\/+$/, '');
  const params = new URLSearchParams({ 'api-key': config.GETADDRESS_API_KEY ?? '', ...query });
  let res: Response;
  try {
    res = await fetch(`${base}${path}?${params}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(
      502,
      'The address look-up service is not available right now. Please type the address.',
    );
  }
  if (res.status === 404) return onNotFound();
  if (res.status === 401 || res.status === 403) {
    throw new HttpError(502, 'The address look-up service refused our API key. Please type the address.');
  }
  if (res.status === 429) {
    throw new HttpError(503, 'The address look-up service is busy. Please try again in a moment.');
  }
  if (res.status === 400) return onNotFound();
  if (!res.ok) {
    throw new HttpError(
      502,
      'The address look-up service is not available right now. Please type the address.',
    );
  }
  try {
    return (await res.json()) as T;
  } catch {
    throw new HttpError(502, 'The address look-up service gave an answer we could not read.');
  }
}

/** The distinct addresses customers have on file for the postcode, in house-number order. */
async function addressesOnFile(db: Db, postcode: string): Promise<AddressSuggestion[]> {
  const rows = await queryRows<{ id: number; parts: (string | null)[] }>(
    db,
    sql`select min(id) as id,
               array[street_address, address_line_2, address_line_3, address_line_4, town, county] as parts
        from customers
        where postcode = ${postcode} and coalesce(trim(street_address), '') <> ''
        group by street_address, address_line_2, address_line_3, address_line_4, town, county
        order by nullif(substring(street_address from '^[0-9]+'), '')::int nulls last, street_address
        limit 200`,
  );
  return rows.map((r) => ({
    id: `${LOCAL_PREFIX}${r.id}`,
    address: r.parts.filter((p): p is string => !!p?.trim()).join(', '),
  }));
}

async function addressOnFile(db: Db, customerId: string): Promise<FullAddress> {
  if (!/^\d{1,9}$/.test(customerId)) throw notFound('Address not found.');
  const [c] = await queryRows<{
    street_address: string | null;
    address_line_2: string | null;
    address_line_3: string | null;
    address_line_4: string | null;
    town: string | null;
    county: string | null;
    postcode: string | null;
    country_id: number;
    country: string | null;
  }>(
    db,
    sql`select c.street_address, c.address_line_2, c.address_line_3, c.address_line_4, c.town, c.county,
               c.postcode, c.country_id, co.name as country
        from customers c left join countries co on co.id = c.country_id
        where c.id = ${Number(customerId)}`,
  );
  if (!c) throw notFound('Address not found.');
  return {
    line_1: c.street_address ?? '',
    line_2: c.address_line_2 ?? '',
    line_3: c.address_line_3 ?? '',
    line_4: c.address_line_4 ?? '',
    town_or_city: c.town ?? '',
    county: c.county ?? '',
    postcode: c.postcode ?? '',
    country: c.country ?? '',
    country_id: c.country_id,
  };
}
