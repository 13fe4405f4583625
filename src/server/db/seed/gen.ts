import { base, en, en_GB, Faker } from '@faker-js/faker';
import Decimal from 'decimal.js';
import {
  EMAIL_DOMAINS,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
  POSTCODE_LETTERS,
  STREET_NAMES,
  STREET_SUFFIXES,
  SURNAMES,
  UK_TOWNS,
} from './uk-data';

/** Milliseconds in a day; dates are handled as whole UTC day numbers (days since 1970-01-01). */
export const DAY_MS = 86_400_000;

/** UTC day number of a Date. */
export const dayOf = (d: Date): number => Math.floor(d.getTime() / DAY_MS);

/** YYYY-MM-DD of a day number. */
export const isoDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** ISO 8601 timestamp (UTC) of a day number plus minutes into that day. */
export const isoTime = (day: number, minutes: number): string =>
  new Date(day * DAY_MS + Math.round(minutes) * 60_000).toISOString();

/** Local date-time 'YYYY-MM-DD HH:MM:00' (for timestamp-without-time-zone columns). */
export const localTime = (day: number, minutes: number): string =>
  isoTime(day, minutes).slice(0, 16).replace('T', ' ').concat(':00');

/** Pounds as the string a numeric(12,2) column takes, rounded half up. */
export const money = (v: Decimal.Value): string =>
  new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** A Faker with the en_GB locale (falling back to en) seeded for repeatable output. */
export function seededFaker(seed: number): Faker {
  const f = new Faker({ locale: [en_GB, en, base] });
  f.seed(seed);
  return f;
}

/** True with probability p. */
export const chance = (f: Faker, p: number): boolean => f.number.float({ min: 0, max: 1 }) < p;

/** A random element of a non-empty list. */
export const pick = <T>(f: Faker, list: readonly T[]): T =>
  list[f.number.int({ min: 0, max: list.length - 1 })];

/** Random integer in [min, max] in steps of `step`. */
export const intStep = (f: Faker, min: number, max: number, step: number): number =>
  min + step * f.number.int({ min: 0, max: Math.floor((max - min) / step) });

const digits = (f: Faker, n: number) => f.string.numeric({ length: n, allowLeadingZeros: true });

/** A well-formed UK postcode in the given area, e.g. 'LS6 2QT'. */
export function ukPostcode(f: Faker, area: string): string {
  // Districts every area of that kind has (a few areas start higher).
  const [min, max] =
    area === 'LL' ? [11, 30] : area === 'CF' ? [10, 24] : area.length === 1 ? [1, 20] : [1, 7];
  const district = f.number.int({ min, max });
  const letters = POSTCODE_LETTERS;
  const l = () => letters[f.number.int({ min: 0, max: letters.length - 1 })];
  return `${area}${district} ${f.number.int({ min: 1, max: 9 })}${l()}${l()}`;
}

/** A UK landline number with the given dialling code, spaced the usual way. */
export function ukLandline(f: Faker, dial: string): string {
  if (dial.length === 3) return `${dial} ${f.number.int({ min: 2, max: 8 })}${digits(f, 3)} ${digits(f, 4)}`;
  if (dial.length === 4) return `${dial} ${f.number.int({ min: 2, max: 9 })}${digits(f, 2)} ${digits(f, 4)}`;
  return `${dial} ${f.number.int({ min: 2, max: 9 })}${digits(f, 5)}`;
}

/** A UK mobile number, e.g. '07712 345678'. */
export const ukMobile = (f: Faker): string => `07${f.number.int({ min: 400, max: 999 })} ${digits(f, 6)}`;

export interface PersonName {
  title: string;
  first_name: string;
  last_name: string;
  gender: 'Male' | 'Female';
}

/** A British adult's name with a title suited to the spec's customer titles. */
export function personName(f: Faker, gender?: 'Male' | 'Female', lastName?: string): PersonName {
  const g = gender ?? (chance(f, 0.55) ? 'Female' : 'Male');
  const first_name = pick(f, g === 'Female' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const r = f.number.float({ min: 0, max: 1 });
  const title =
    g === 'Female' ? (r < 0.58 ? 'Mrs' : r < 0.78 ? 'Miss' : r < 0.95 ? 'Ms' : 'Dr') : r < 0.94 ? 'Mr' : 'Dr';
  return { title, first_name, last_name: lastName ?? pick(f, SURNAMES), gender: g };
}

/** A personal email for a name: lower case, punctuation dropped, usually with a number. */
export function personalEmail(f: Faker, first: string, last: string): string {
  const a = first.toLowerCase().replace(/[^a-z]/g, '');
  const b = last.toLowerCase().replace(/[^a-z]/g, '');
  const style = f.number.int({ min: 0, max: 4 });
  const n = f.number.int({ min: 1, max: 99 });
  const local = [`${a}.${b}`, `${a}${b}${n}`, `${a[0]}${b}${n}`, `${a}.${b}${n}`, `${b}${a[0]}${n}`][style];
  return `${local}@${pick(f, EMAIL_DOMAINS)}`;
}

export interface UkAddress {
  street_address: string;
  town: string;
  county: string;
  postcode: string;
  dial: string;
}

/** A UK street address with matching town, county, postcode area and dialling code. */
export function ukAddress(f: Faker): UkAddress {
  const [town, county, area, dial] = pick(f, UK_TOWNS);
  const house = chance(f, 0.08)
    ? `${pick(f, ['Rose Cottage', 'The Old Rectory', 'Hillcrest', 'Woodlands', 'Fernbank', 'The Willows'])}, `
    : `${f.number.int({ min: 1, max: 180 })} `;
  return {
    street_address: `${house}${pick(f, STREET_NAMES)} ${pick(f, STREET_SUFFIXES)}`,
    town,
    county,
    postcode: ukPostcode(f, area),
    dial,
  };
}
