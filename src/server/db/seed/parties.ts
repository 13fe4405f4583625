import type { Faker } from '@faker-js/faker';
import type * as s from '../schema';
import {
  chance,
  isoTime,
  money,
  personalEmail,
  personName,
  pick,
  ukAddress,
  ukLandline,
  ukMobile,
} from './gen';
import { AFFILIATES, AGENCY_NAME_PATTERNS, MALE_FIRST_NAMES, SURNAMES } from './uk-data';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);

/** `n` affiliates with unique codes (first ids from `firstId`); about one in eight inactive. */
export function buildAffiliates(
  f: Faker,
  n: number,
  firstId: number,
  today: number,
): Row<typeof s.affiliates>[] {
  const out: Row<typeof s.affiliates>[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < n; i++) {
    const [base, abbr] = AFFILIATES[i % AFFILIATES.length];
    const name = i < AFFILIATES.length ? base : `${base} (${Math.floor(i / AFFILIATES.length) + 1})`;
    let code = `${abbr}${f.number.int({ min: 10, max: 99 })}`;
    while (codes.has(code)) code = `${abbr}${f.number.int({ min: 100, max: 999 })}`;
    codes.add(code);
    const addr = ukAddress(f);
    const domain = `${slug(base)}.org.uk`;
    out.push({
      id: firstId + i,
      name,
      code,
      email: `partners@${domain}`,
      phone_number: ukLandline(f, addr.dial),
      address_line_1: addr.street_address,
      address_line_2: null,
      town_city: addr.town,
      county: addr.county,
      postcode: addr.postcode,
      artwork_email: `artwork@${domain}`,
      is_active: i % 8 !== 5,
      created_at: isoTime(
        today - f.number.int({ min: 500, max: 2000 }),
        f.number.int({ min: 480, max: 1080 }),
      ),
    });
  }
  return out;
}

/** `n` travel agents: agency names, ABTA numbers (P1234 / K5678 style), commission 5–15 %, credit limit. */
export function buildAgents(f: Faker, n: number, firstId: number, today: number): Row<typeof s.agents>[] {
  const out: Row<typeof s.agents>[] = [];
  const names = new Set<string>();
  const abtas = new Set<string>();
  for (let i = 0; i < n; i++) {
    const addr = ukAddress(f);
    let name = '';
    for (let tries = 0; tries < 10 && (!name || names.has(name)); tries++) {
      name = pick(f, AGENCY_NAME_PATTERNS)
        .replace('{town}', addr.town)
        .replace('{surname2}', pick(f, SURNAMES))
        .replace('{surname}', pick(f, SURNAMES))
        .replace('{first}', pick(f, MALE_FIRST_NAMES));
    }
    if (names.has(name)) name = `${name} (${addr.postcode.split(' ')[0]})`;
    names.add(name);
    let abta = '';
    while (!abta || abtas.has(abta)) {
      abta = `${pick(f, ['P', 'P', 'K', 'K', 'Y'])}${f.number.int({ min: 1000, max: 9999 })}`;
    }
    abtas.add(abta);
    out.push({
      id: firstId + i,
      name,
      abta,
      email: `bookings@${slug(name)}.co.uk`,
      phone_number: ukLandline(f, addr.dial),
      address_line_1: addr.street_address.replace(/^\d+ /, `${f.number.int({ min: 1, max: 120 })} `),
      address_line_2: null,
      town_city: addr.town,
      county: addr.county,
      postcode: addr.postcode,
      commission: money(pick(f, [5, 7.5, 8, 10, 10, 10, 12, 12.5, 15])),
      credit_limit: money(pick(f, [0, 0, 1000, 2500, 5000, 10000])),
      password_hash: null,
      is_password_generated: false,
      created_at: isoTime(
        today - f.number.int({ min: 400, max: 2500 }),
        f.number.int({ min: 480, max: 1080 }),
      ),
    });
  }
  return out;
}

/** A customer row (id, names, contact details, UK address); flags and dates are the caller's. */
export function buildCustomer(f: Faker, id: number): Row<typeof s.customers> {
  const p = personName(f);
  const addr = ukAddress(f);
  return {
    id,
    title: p.title,
    first_name: p.first_name,
    last_name: p.last_name,
    email: chance(f, 0.92) ? personalEmail(f, p.first_name, p.last_name) : null,
    phone_number: chance(f, 0.7) ? ukLandline(f, addr.dial) : null,
    mobile_number: chance(f, 0.75) ? ukMobile(f) : null,
    street_address: addr.street_address,
    address_line_2: null,
    address_line_3: null,
    address_line_4: null,
    town: addr.town,
    county: addr.county,
    postcode: addr.postcode,
    country_id: 220,
    affiliate_id: null,
    opt_out_email: false,
    opt_out_mailing: false,
    is_blacklisted: false,
    created_at: null as unknown as string,
  };
}
