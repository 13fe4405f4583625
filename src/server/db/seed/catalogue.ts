import type { Faker } from '@faker-js/faker';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import * as s from '../schema';
import { IdSeq, insertRows } from './bulk';
import { chance, intStep, isoDate, localTime, money, pick, ukLandline } from './gen';
import {
  AIRLINES,
  DESTINATION_AIRPORTS,
  DISCOUNTS,
  EXTRAS,
  HOTEL_WORDS,
  PICKUP_REGIONS,
  RESORTS,
  SUPPLIERS,
  TOUR_TEMPLATES,
  type TourTemplate,
  type TourType,
  UK_AIRPORT_AIRLINES,
  UK_BANKS,
} from './uk-data';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A room a booking line can take on an instance: ids, occupancy and prices in pounds per guest. */
export interface SaleRoom {
  tourRoomId: number;
  accommodationRoomId: number;
  occupancy: number;
  supplement: string;
  checkInDay: number;
  checkOutDay: number;
  /** The instance's price row for this room, when it has one. */
  price?: { price: string; cost: string; sale: string };
}

/** A departure as the booking generator sees it (day numbers, pounds as strings). */
export interface SaleInstance {
  id: number;
  tourId: number;
  tourName: string;
  tourType: TourType;
  bondingTypeId: number;
  groupId: number;
  departure: number;
  duration: number;
  basePrice: string;
  baseSale: string | null;
  baseCost: string;
  deposit: string;
  places: number;
  rooms: SaleRoom[];
  /** Return flight cost per seat in pounds (air and world-wide). */
  flightCost: string | null;
  airlineId: number | null;
  stopSell: boolean;
  passportRequired: boolean;
  minimumAge: number | null;
}

/** Every catalogue row, ready to insert, plus the departures for the booking generator. */
export interface Catalogue {
  suppliers: Row<typeof s.suppliers>[];
  resorts: Row<typeof s.resorts>[];
  accommodations: Row<typeof s.accommodations>[];
  accommodationRooms: Row<typeof s.accommodation_rooms>[];
  pickupRegions: Row<typeof s.pickup_regions>[];
  pickupPoints: Row<typeof s.pickup_points>[];
  pickupRegionPoints: Row<typeof s.pickup_region_points>[];
  airlines: Row<typeof s.airlines>[];
  flights: Row<typeof s.flights>[];
  tours: Row<typeof s.tours>[];
  groups: Row<typeof s.tour_groups>[];
  tourAccommodations: Row<typeof s.tour_accommodations>[];
  tourRooms: Row<typeof s.tour_rooms>[];
  excluded: Row<typeof s.tour_group_excluded_accommodations>[];
  instances: Row<typeof s.tour_instances>[];
  instanceFlights: Row<typeof s.tour_instance_flights>[];
  instancePrices: Row<typeof s.tour_instance_prices>[];
  extras: Row<typeof s.extras>[];
  extraAirlines: Row<typeof s.extra_airlines>[];
  extraTours: Row<typeof s.extra_tours>[];
  discounts: Row<typeof s.discounts>[];
  /** Per tour: its extras (id, name, price, per person, commissionable) for booking extras. */
  extrasByType: Map<
    TourType,
    { id: number; name: string; price: string; perPerson: boolean; commissionable: boolean }[]
  >;
  discountRows: {
    id: number;
    code: string;
    value: string;
    percent: boolean;
    perPerson: boolean;
    onBase: boolean;
    manual: boolean;
    description: string;
  }[];
  sales: SaleInstance[];
  /** Groups: id → start day, duration (nights = duration − 1) and the accommodation rooms they hold. */
  groupStays: { groupId: number; start: number; duration: number; accommodationRoomIds: number[] }[];
}

/** Reference ids the catalogue points at. */
export interface ReferenceIds {
  countryByIso: Map<string, number>;
  airportByIata: Map<string, { id: number; name: string; city: string | null }>;
  bondingByName: Map<string, number>;
}

/** Loads the ids of countries, airports and bonding types (after seedReference). */
export async function loadReferenceIds(db: Db): Promise<ReferenceIds> {
  const countries = await queryRows<{ id: number; iso_code: string }>(
    db,
    sql`select id, iso_code from countries`,
  );
  const airports = await queryRows<{
    id: number;
    iata_code: string;
    airport_name: string;
    city: string | null;
  }>(db, sql`select id, iata_code, airport_name, city from airports`);
  const bonding = await queryRows<{ id: number; name: string }>(db, sql`select id, name from bonding_types`);
  return {
    countryByIso: new Map(countries.map((c) => [c.iso_code, Number(c.id)])),
    airportByIata: new Map(
      airports.map((a) => [a.iata_code, { id: Number(a.id), name: a.airport_name, city: a.city }]),
    ),
    bondingByName: new Map(bonding.map((b) => [b.name, Number(b.id)])),
  };
}

const CATALOGUE_TABLES = [
  'suppliers',
  'resorts',
  'accommodations',
  'accommodation_rooms',
  'pickup_regions',
  'pickup_points',
  'airlines',
  'flights',
  'tours',
  'tour_groups',
  'tour_accommodations',
  'tour_rooms',
  'tour_instances',
  'tour_instance_prices',
  'extras',
  'discounts',
] as const;

type CatalogueTable = (typeof CATALOGUE_TABLES)[number];

/** Id sequences for the catalogue tables, continuing after the rows already there. */
export async function catalogueIds(db: Db): Promise<Record<CatalogueTable, IdSeq>> {
  const out = {} as Record<CatalogueTable, IdSeq>;
  for (const t of CATALOGUE_TABLES) out[t] = await IdSeq.after(db, t);
  return out;
}

/** Catalogue tables with serial ids set explicitly (their sequences need moving on afterwards). */
export const CATALOGUE_SEQUENCE_TABLES: string[] = [...CATALOGUE_TABLES];

export interface CatalogueOptions {
  /** Today's UTC day number. */
  today: number;
  /** Group start dates fall between these day numbers. */
  fromDay: number;
  toDay: number;
  /** Number of tours; beyond the templates, variants of them are added. */
  tourCount: number;
}

const SEASON_MONTHS: Record<string, number[]> = {
  all: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  summer: [3, 4, 5, 6, 7, 8, 9],
  winter: [0, 1, 2, 10, 11],
  markets: [10, 11],
};

const MONTH_FACTOR = [0.9, 0.88, 0.92, 1.0, 1.02, 1.08, 1.15, 1.15, 1.08, 1.0, 0.92, 1.0];

const VARIANTS = [' – Deluxe', ' – Explorer', ' – Festive Edition', ' – Leisurely Pace', ' – Small Group'];

const COUNTRY_DIAL: Record<string, string> = {
  IT: '+39',
  ES: '+34',
  PT: '+351',
  HR: '+385',
  GR: '+30',
  CH: '+41',
  AT: '+43',
  IE: '+353',
  DE: '+49',
  BE: '+32',
  FR: '+33',
  JP: '+81',
  IN: '+91',
  CA: '+1',
  US: '+1',
  ZA: '+27',
  VN: '+84',
  PE: '+51',
  TH: '+66',
  NZ: '+64',
};

const LOCAL_STREETS: Record<string, string[]> = {
  IT: ['Via Roma', 'Lungolago', 'Via Garibaldi', 'Corso Italia', 'Via del Mare'],
  ES: ['Avenida del Mar', 'Calle Mayor', 'Paseo Marítimo', 'Avenida de España'],
  PT: ['Rua Direita', 'Avenida da Liberdade', 'Rua do Mar'],
  HR: ['Obala kralja Tomislava', 'Ulica Stjepana Radića'],
  GR: ['Leoforos Posidonos', 'Odos Ermou', 'Paralia'],
  FR: ['Rue de la Paix', 'Boulevard Victor Hugo', 'Place du Marché'],
  DE: ['Rheinstraße', 'Marktplatz', 'Oberstraße'],
  CH: ['Höheweg', 'Seestrasse', 'Bahnhofstrasse'],
  AT: ['Hauptstraße', 'Getreidegasse', 'Dorfstraße'],
};

const ROOM_TYPES = [
  { name: 'Twin Room', occupancy: 2 },
  { name: 'Double Room', occupancy: 2 },
  { name: 'Single Room', occupancy: 1 },
  { name: 'Family Room', occupancy: 4 },
  { name: 'Sea View Double', occupancy: 2 },
];

const roundPrice = (x: number) => Math.max(99, Math.round(x / 10) * 10 - 1);

function reference(name: string, duration: number, used: Set<string>): string {
  const letters = name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !['and', 'the', 'by'].includes(w.toLowerCase()))
    .map((w) => w[0].toUpperCase())
    .join('')
    .slice(0, 3)
    .padEnd(3, 'X');
  let ref = `${letters}${String(duration).padStart(2, '0')}`;
  for (let n = 2; used.has(ref); n++)
    ref = `${letters}${String(duration).padStart(2, '0')}${String.fromCharCode(64 + n)}`;
  used.add(ref);
  return ref;
}

function itinerary(t: TourTemplate, resorts: string[]): string {
  const base = resorts.join(' and ');
  const lines = [
    t.type === 'coach'
      ? `Day 1: Join your coach at your chosen pick-up point and travel to ${base}.`
      : t.type === 'self-drive'
        ? `Day 1: Drive at your leisure to ${base} and check in.`
        : `Day 1: Fly from your chosen UK airport; transfer to your hotel in ${base}.`,
  ];
  for (let d = 2; d < t.duration; d++) {
    lines.push(
      `Day ${d}: ${d % 3 === 0 ? 'Free day to explore at your own pace.' : `Included excursion around ${resorts[d % resorts.length]}.`}`,
    );
  }
  lines.push(
    t.type === 'coach' || t.type === 'self-drive'
      ? `Day ${t.duration}: Return home after breakfast.`
      : `Day ${t.duration}: Transfer to the airport for your flight home.`,
  );
  return lines.join('\n');
}

/**
 * Builds a realistic catalogue in memory (no database access): suppliers, resorts, hotels and rooms,
 * coach pick-ups, airlines, tours of all four types with accommodation and rooms, monthly groups
 * between opts.fromDay and opts.toDay, instances (air from 1–3 UK airports with out and back
 * flights; coach from 2–4 pick-up points; self drive; world-wide from London), price rows on some
 * instances, extras and discounts. All ids are explicit, from `ids`.
 */
export function buildCatalogue(
  f: Faker,
  ref: ReferenceIds,
  ids: Record<CatalogueTable, IdSeq>,
  opts: CatalogueOptions,
): Catalogue {
  const country = (iso: string) => ref.countryByIso.get(iso) ?? null;
  const cat: Catalogue = {
    suppliers: [],
    resorts: [],
    accommodations: [],
    accommodationRooms: [],
    pickupRegions: [],
    pickupPoints: [],
    pickupRegionPoints: [],
    airlines: [],
    flights: [],
    tours: [],
    groups: [],
    tourAccommodations: [],
    tourRooms: [],
    excluded: [],
    instances: [],
    instanceFlights: [],
    instancePrices: [],
    extras: [],
    extraAirlines: [],
    extraTours: [],
    discounts: [],
    extrasByType: new Map(),
    discountRows: [],
    sales: [],
    groupStays: [],
  };

  // Suppliers.
  const supplierIds: number[] = [];
  for (const [i, name] of SUPPLIERS.entries()) {
    const id = ids.suppliers.next();
    supplierIds.push(id);
    const slug = name
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 16);
    cat.suppliers.push({
      id,
      supplier_name: name,
      contact_phone_number: ukLandline(f, pick(f, ['020', '0161', '0113', '0131', '0117'])),
      email: `reservations@${slug}.com`,
      mobile_number: null,
      address: `${f.number.int({ min: 1, max: 200 })} ${pick(f, ['Harbour Road', 'Via Verdi', 'Calle Real', 'Industriestrasse', 'Station Parade'])}`,
      nominal_code: String(5000 + i * 10),
      iban_number: f.finance.iban({ formatted: false, countryCode: 'GB' }),
      bic_swift_number: f.finance.bic(),
      account_number: f.finance.accountNumber(8),
      sort_code: `${f.string.numeric(2)}-${f.string.numeric(2)}-${f.string.numeric(2)}`,
      bank_name: pick(f, UK_BANKS),
    });
  }

  // Resorts and hotels (1–2 per resort), each with 2–4 rooms.
  const hotelsByResort = new Map<
    string,
    { id: number; rooms: { id: number; name: string; occupancy: number }[] }[]
  >();
  const usedHotelNames = new Set<string>();
  for (const [name, location, iso, coastal] of RESORTS) {
    const resortId = ids.resorts.next();
    cat.resorts.push({ id: resortId, resort_name: name, location, country_id: country(iso) });
    const hotels: { id: number; rooms: { id: number; name: string; occupancy: number }[] }[] = [];
    const n = chance(f, 0.25) ? 2 : 1;
    for (let h = 0; h < n; h++) {
      let hotelName = '';
      for (let tries = 0; tries < 20 && (!hotelName || usedHotelNames.has(hotelName)); tries++) {
        const w = pick(f, HOTEL_WORDS);
        hotelName =
          iso === 'GB' || iso === 'IE'
            ? pick(f, [`The ${w} Hotel`, `${name} ${w} Hotel`, `${w} House Hotel`])
            : iso === 'IT'
              ? pick(f, [`Hotel ${w}`, `Grand Hotel ${w} ${name}`])
              : pick(f, [`Hotel ${w} ${name}`, `${w} ${name} Hotel`]);
      }
      usedHotelNames.add(hotelName);
      const europe = ['GB', 'IE', 'IT', 'ES', 'PT', 'HR', 'GR', 'CH', 'AT', 'DE', 'BE', 'FR'].includes(iso);
      const star =
        iso === 'GB' || iso === 'IE'
          ? f.number.int({ min: 3, max: 4 })
          : f.number.int({ min: europe ? 2 : 3, max: 5 });
      const id = ids.accommodations.next();
      const street = pick(f, LOCAL_STREETS[iso] ?? ['Main Street', 'Harbour Road', 'Central Avenue']);
      cat.accommodations.push({
        id,
        accommodation_name: hotelName,
        phone_number:
          iso === 'GB'
            ? ukLandline(f, `01${f.string.numeric(3)}`)
            : `${COUNTRY_DIAL[iso] ?? '+44'} ${f.string.numeric(3)} ${f.string.numeric(4)}`,
        address: `${f.number.int({ min: 1, max: 150 })} ${street}, ${name}, ${location}`,
        resort_id: resortId,
        supplier_id: pick(f, supplierIds),
        star_rating: star,
        short_description: `${star}-star hotel in ${name}, ${location}${coastal ? ', close to the seafront' : ''}.`,
      });
      const board = pick(
        f,
        iso === 'GB' || iso === 'IE'
          ? ['Half Board', 'Half Board', 'Bed & Breakfast']
          : coastal
            ? ['All Inclusive', 'Half Board', 'Bed & Breakfast', 'Full Board']
            : ['Bed & Breakfast', 'Bed & Breakfast', 'Half Board', 'Room Only'],
      );
      const types = [
        ROOM_TYPES[0],
        ...f.helpers.arrayElements(ROOM_TYPES.slice(1, coastal ? 5 : 4), { min: 1, max: 3 }),
      ];
      const rooms = types.map((t) => {
        const roomId = ids.accommodation_rooms.next();
        const occupancy = t.name === 'Family Room' ? f.number.int({ min: 3, max: 4 }) : t.occupancy;
        cat.accommodationRooms.push({
          id: roomId,
          accommodation_id: id,
          name: t.name,
          board_basis: chance(f, 0.06) ? pick(f, ['Bed & Breakfast', 'Half Board']) : board,
          occupancy,
          is_special: false,
        });
        return { id: roomId, name: t.name, occupancy };
      });
      hotels.push({ id, rooms });
    }
    hotelsByResort.set(name, hotels);
  }

  // Coach pick-ups.
  const pointsByRegion: { regionId: number; points: { id: number; name: string }[] }[] = [];
  for (const [regionName, points] of PICKUP_REGIONS) {
    const regionId = ids.pickup_regions.next();
    cat.pickupRegions.push({ id: regionId, region_name: regionName });
    const list = points.map((p) => {
      const id = ids.pickup_points.next();
      cat.pickupPoints.push({ id, pickup_point_name: p });
      cat.pickupRegionPoints.push({ pickup_region_id: regionId, pickup_point_id: id });
      return { id, name: p };
    });
    pointsByRegion.push({ regionId, points: list });
  }

  // Airlines.
  const airlineByCode = new Map<string, number>();
  for (const [name, code, days, contact] of AIRLINES) {
    const id = ids.airlines.next();
    airlineByCode.set(code, id);
    cat.airlines.push({
      id,
      name,
      contact_name: contact,
      web_check_in_before_days: days,
      airline_content: `Online check-in with ${name} opens ${days === 1 ? '24 hours' : `${days} days`} before departure. Please check in online and print or download your boarding passes.`,
    });
  }

  // Flights are shared when two departures use the same route on the same day.
  const flightKey = new Map<string, number>();
  const routeNumbers = new Map<
    string,
    { out: string; back: string; outMin: number; backMin: number; cost: number }
  >();
  let nextRoute = 100;
  const flightFor = (
    airline: string,
    uk: string,
    dest: string,
    depDay: number,
    retDay: number,
  ): { outId: number; backId: number; cost: number } => {
    const key = `${airline}|${uk}|${dest}`;
    let route = routeNumbers.get(key);
    if (!route) {
      nextRoute += 2 + f.number.int({ min: 0, max: 40 }) * 2;
      const longHaul = DESTINATION_AIRPORTS[dest][0] > 6;
      route = {
        out: `${airline}${nextRoute}`,
        back: `${airline}${nextRoute + 1}`,
        outMin: intStep(f, longHaul ? 9 * 60 : 6 * 60, longHaul ? 14 * 60 : 13 * 60, 5),
        backMin: intStep(f, longHaul ? 8 * 60 : 10 * 60, longHaul ? 22 * 60 : 21 * 60, 5),
        cost: longHaul ? intStep(f, 420, 900, 5) : intStep(f, 65, 190, 5),
      };
      routeNumbers.set(key, route);
    }
    const [hours, tz] = DESTINATION_AIRPORTS[dest];
    const ukId = ref.airportByIata.get(uk)?.id as number;
    const destId = ref.airportByIata.get(dest)?.id as number;
    const make = (num: string, day: number, min: number, fromId: number, toId: number, offset: number) => {
      const dep = localTime(day, min);
      const k = `${num}|${dep}`;
      const existing = flightKey.get(k);
      if (existing) return existing;
      const id = ids.flights.next();
      flightKey.set(k, id);
      cat.flights.push({
        id,
        flight_number: num,
        airline_id: airlineByCode.get(airline) ?? null,
        departure_airport_id: fromId,
        arrival_airport_id: toId,
        departure_terminal:
          uk === 'LHR' ? pick(f, ['3', '5']) : uk === 'LGW' ? pick(f, ['North', 'South']) : null,
        arrival_terminal: null,
        flight_cost: money((route as { cost: number }).cost / 2),
        flight_price: money(((route as { cost: number }).cost / 2) * 1.25),
        departure_time: dep,
        arrival_time: localTime(day, min + hours * 60 + offset * 60),
        stop_sell: false,
      });
      return id;
    };
    return {
      outId: make(route.out, depDay, route.outMin, ukId, destId, tz),
      backId: make(route.back, retDay, route.backMin, destId, ukId, -tz),
      cost: route.cost,
    };
  };

  // Extras and discounts.
  for (const e of EXTRAS) {
    const id = ids.extras.next();
    cat.extras.push({
      id,
      name: e.name,
      price: money(e.price),
      cost: money(e.cost),
      commissionable: e.commissionable,
      commission_rate: e.commissionable ? '10.00' : null,
      booking_start_date: null,
      booking_end_date: null,
      start_date: null,
      end_date: null,
      short_description: e.name,
      for_admin: false,
      for_per_person: e.perPerson,
      tour_id: null,
    });
    if (e.name.includes('Legroom') || e.name.includes('Luggage')) {
      for (const airlineId of airlineByCode.values())
        cat.extraAirlines.push({ extra_id: id, airline_id: airlineId });
    }
    for (const t of e.forTypes) {
      const list = cat.extrasByType.get(t) ?? [];
      list.push({
        id,
        name: e.name,
        price: money(e.price),
        perPerson: e.perPerson,
        commissionable: e.commissionable,
      });
      cat.extrasByType.set(t, list);
    }
  }
  for (const d of DISCOUNTS) {
    const id = ids.discounts.next();
    cat.discounts.push({
      id,
      code: d.code,
      description: d.description,
      value: money(d.value),
      penalty_type: d.percent,
      per_person: d.perPerson,
      tour_id: null,
      start_date: null,
      end_date: null,
      valid_from_date: isoDate(opts.fromDay - 400),
      valid_to_date: isoDate(opts.toDay + 60),
      on_base_price: d.onBase ?? false,
      is_suppressed: false,
      is_manual: d.manual ?? false,
    });
    cat.discountRows.push({
      id,
      code: d.code,
      value: money(d.value),
      percent: d.percent,
      perPerson: d.perPerson,
      onBase: d.onBase ?? false,
      manual: d.manual ?? false,
      description: d.description,
    });
  }

  // Tours.
  const usedRefs = new Set<string>();
  const ukFor = (t: TourTemplate): string[] => {
    const dest = t.airports?.[0] ?? '';
    const allowed = DESTINATION_AIRPORTS[dest]?.[2] ?? [];
    if (t.type === 'world-wide') return ['LHR', 'LGW'];
    const candidates = Object.entries(UK_AIRPORT_AIRLINES)
      .filter(([, codes]) => allowed.length === 0 || codes.some((c) => allowed.includes(c)))
      .map(([iata]) => iata);
    return f.helpers.arrayElements(candidates, {
      min: Math.min(2, candidates.length),
      max: Math.min(5, candidates.length),
    });
  };
  const airlineFor = (uk: string, dest: string): string => {
    const allowed = DESTINATION_AIRPORTS[dest][2];
    const codes = UK_AIRPORT_AIRLINES[uk].filter((c) => allowed.length === 0 || allowed.includes(c));
    return codes.length ? pick(f, codes) : 'BA';
  };

  // Templates taken in turn by type, so that any number of tours covers all four types.
  const byType = (['air', 'coach', 'self-drive', 'world-wide'] as const).map((ty) =>
    TOUR_TEMPLATES.filter((x) => x.type === ty),
  );
  const ordered: TourTemplate[] = [];
  for (let i = 0; ordered.length < TOUR_TEMPLATES.length; i++) {
    for (const list of byType) if (i < list.length) ordered.push(list[i]);
  }
  for (let t = 0; t < opts.tourCount; t++) {
    const tpl = ordered[t % ordered.length];
    const cycle = Math.floor(t / ordered.length);
    const name =
      cycle === 0
        ? tpl.name
        : `${tpl.name}${VARIANTS[(cycle - 1) % VARIANTS.length]}${cycle > VARIANTS.length ? ` ${cycle}` : ''}`;
    const priceFactor = cycle === 0 ? 1 : 1 + 0.12 * ((cycle % 3) + 1);
    const tourId = ids.tours.next();
    const deposit = tpl.type === 'world-wide' ? 500 : tpl.price < 700 ? 100 : tpl.price < 1500 ? 200 : 300;
    const bonding =
      tpl.type === 'air' || tpl.type === 'world-wide'
        ? 'ATOL'
        : tpl.type === 'coach'
          ? 'ABTA'
          : pick(f, ['Trust Account', 'ABTA']);
    const bondingTypeId = ref.bondingByName.get(bonding) ?? 1;
    const suppressed = t % 13 === 7;
    const passportRequired =
      tpl.type === 'world-wide' || (tpl.type === 'air' && tpl.country !== 'GB' && chance(f, 0.3));
    cat.tours.push({
      id: tourId,
      name,
      reference: reference(name, tpl.duration, usedRefs),
      enabled: t % 17 === 16 ? 0 : 1,
      tour_type: tpl.type,
      deposit_price: money(deposit),
      duration: tpl.duration,
      minimum_age: tpl.minimumAge ?? null,
      release_days_before: { air: 42, coach: 21, 'self-drive': 14, 'world-wide': 60 }[tpl.type],
      destination: country(tpl.country),
      bonding_type_id: bondingTypeId,
      tour_places: tpl.type === 'coach' ? 49 : tpl.type === 'world-wide' ? 24 : 40,
      stop_sell: false,
      is_suppressed: suppressed,
      is_passport_details_required: passportRequired,
      itinerary: itinerary(tpl, tpl.resorts),
      covering_emails: null,
      information_doc_name: null,
      information_doc_path: null,
    });

    // Tour accommodation: 1–3 alternative hotels for the whole stay.
    const candidates = tpl.resorts.flatMap((r) => hotelsByResort.get(r) ?? []);
    const chosen = f.helpers.arrayElements(candidates, { min: 1, max: Math.min(3, candidates.length) });
    const tourAccs = chosen.map((hotel) => {
      const taId = ids.tour_accommodations.next();
      cat.tourAccommodations.push({
        id: taId,
        tour_id: tourId,
        tour_group_id: null,
        accommodation_id: hotel.id,
        check_in_day: 1,
        check_out_day: tpl.duration,
        is_special_accommodation: false,
      });
      const rooms = hotel.rooms.map((r) => {
        const supplement =
          r.name === 'Single Room'
            ? intStep(f, 75, 150, 5)
            : r.name === 'Sea View Double'
              ? intStep(f, 35, 60, 5)
              : r.name === 'Double Room'
                ? pick(f, [0, 0, 10, 15, 20])
                : 0;
        const trId = ids.tour_rooms.next();
        cat.tourRooms.push({
          id: trId,
          tour_accommodation_id: taId,
          accommodation_room_id: r.id,
          supplement: money(supplement),
        });
        return {
          tourRoomId: trId,
          accommodationRoomId: r.id,
          occupancy: r.occupancy,
          supplement: money(supplement),
        };
      });
      return { taId, accommodationId: hotel.id, rooms };
    });

    const ukAirports = tpl.type === 'air' || tpl.type === 'world-wide' ? ukFor(tpl) : [];
    const dayOfMonth = 1 + ((t * 7) % 24);

    // Monthly groups.
    const start = new Date(opts.fromDay * 86_400_000);
    for (let y = start.getUTCFullYear(), m = start.getUTCMonth(); ; m++) {
      if (m === 12) {
        m = 0;
        y++;
      }
      const monthStart = Date.UTC(y, m, 1) / 86_400_000;
      if (monthStart > opts.toDay) break;
      if (!SEASON_MONTHS[tpl.season].includes(m)) continue;
      const days =
        tpl.season === 'markets'
          ? [dayOfMonth % 10, 14 + (dayOfMonth % 10)]
          : [6, 7].includes(m) && chance(f, 0.35)
            ? [dayOfMonth % 12, 15 + (dayOfMonth % 12)]
            : [dayOfMonth];
      for (const d of days) {
        const startDay = monthStart + d + f.number.int({ min: 0, max: 2 });
        if (startDay < opts.fromDay || startDay > opts.toDay) continue;
        const groupId = ids.tour_groups.next();
        const basePrice = roundPrice(tpl.price * priceFactor * MONTH_FACTOR[m]);
        const baseCost = new Decimal(basePrice).mul(f.number.int({ min: 66, max: 76 })).div(100);
        const region = tpl.type === 'coach' ? pick(f, pointsByRegion) : null;
        const groupStop = chance(f, 0.02);
        cat.groups.push({
          id: groupId,
          tour_id: tourId,
          start_date: isoDate(startDay),
          deposit_price: chance(f, 0.1) ? money(deposit + 50) : null,
          base_price: money(basePrice),
          base_cost: money(baseCost),
          duration: null,
          minimum_age: null,
          release_days_before: null,
          available_places:
            tpl.type === 'coach'
              ? f.number.int({ min: 40, max: 49 })
              : tpl.type === 'world-wide'
                ? f.number.int({ min: 16, max: 24 })
                : f.number.int({ min: 24, max: 40 }),
          stop_sell: groupStop,
          is_special_group: chance(f, 0.02),
          group_itinerary: null,
          pick_up_point_region_id: region?.regionId ?? null,
        });
        const groupDeposit = cat.groups[cat.groups.length - 1].deposit_price ?? money(deposit);

        // Accommodation a group leaves out (a few groups of multi-hotel tours).
        const excludedAcc = tourAccs.length > 1 && chance(f, 0.06) ? tourAccs[tourAccs.length - 1] : null;
        if (excludedAcc) {
          cat.excluded.push({
            tour_group_id: groupId,
            tour_accommodation_id: excludedAcc.taId,
            accommodation_id: excludedAcc.accommodationId,
          });
        }
        const saleAccs = tourAccs.filter((a) => a !== excludedAcc);
        cat.groupStays.push({
          groupId,
          start: startDay,
          duration: tpl.duration,
          accommodationRoomIds: tourAccs.flatMap((a) => a.rooms.map((r) => r.accommodationRoomId)),
        });

        // Instances.
        type Origin = {
          title: string;
          airport?: string;
          pickupId?: number;
          selfDrive?: boolean;
          extra: number;
        };
        let origins: Origin[];
        if (tpl.type === 'air') {
          origins = f.helpers
            .arrayElements(ukAirports, { min: 1, max: Math.min(3, ukAirports.length) })
            .map((iata) => {
              const a = ref.airportByIata.get(iata);
              return {
                title: `${a?.city ?? iata} (${iata})`,
                airport: iata,
                extra: ['LHR', 'LGW', 'STN', 'LTN'].includes(iata) ? 0 : pick(f, [0, 10, 20, 30]),
              };
            });
        } else if (tpl.type === 'world-wide') {
          const iata = chance(f, 0.8) ? 'LHR' : 'LGW';
          origins = [
            { title: `${ref.airportByIata.get(iata)?.city ?? 'London'} (${iata})`, airport: iata, extra: 0 },
          ];
        } else if (tpl.type === 'coach') {
          origins = f.helpers
            .arrayElements(region?.points ?? [], { min: 2, max: 4 })
            .map((p) => ({ title: p.name, pickupId: p.id, extra: 0 }));
        } else {
          origins = [{ title: 'Self drive', selfDrive: true, extra: 0 }];
        }
        const dest = tpl.airports ? pick(f, tpl.airports) : null;
        for (const o of origins) {
          const instanceId = ids.tour_instances.next();
          const instPrice = new Decimal(basePrice).plus(o.extra);
          const sale = chance(f, 0.15) ? instPrice.minus(pick(f, [50, 75, 100])) : null;
          const stop = groupStop || chance(f, 0.02);
          let flightCost: string | null = null;
          let airlineId: number | null = null;
          if (o.airport && dest) {
            const code = airlineFor(o.airport, dest);
            const fl = flightFor(code, o.airport, dest, startDay, startDay + tpl.duration - 1);
            cat.instanceFlights.push({
              tour_instance_id: instanceId,
              flight_id: fl.outId,
              indirect_outbound: false,
              indirect_inbound: false,
            });
            cat.instanceFlights.push({
              tour_instance_id: instanceId,
              flight_id: fl.backId,
              indirect_outbound: false,
              indirect_inbound: false,
            });
            flightCost = money(fl.cost);
            airlineId = airlineByCode.get(code) ?? null;
          }
          cat.instances.push({
            id: instanceId,
            tour_id: tourId,
            tour_group_id: groupId,
            instance_title: o.title,
            departure_date: isoDate(startDay),
            departure_airport_id: o.airport ? (ref.airportByIata.get(o.airport)?.id ?? null) : null,
            pickup_point_id: o.pickupId ?? null,
            self_drive: o.selfDrive ?? false,
            is_special_instance: chance(f, 0.02),
            deposit_price: null,
            base_price: money(instPrice),
            base_sale_price: sale ? money(sale) : null,
            base_cost: money(baseCost),
            duration: tpl.duration,
            minimum_age: null,
            release_days_before: null,
            tour_places:
              tpl.type === 'coach'
                ? f.number.int({ min: 10, max: 20 })
                : tpl.type === 'self-drive'
                  ? 20
                  : f.number.int({ min: 16, max: 32 }),
            stop_sell: stop,
            travel_itinerary: null,
            currency: 'GBP',
            indirect_flights: false,
          });
          const withPrices = chance(f, 0.3);
          const rooms: SaleRoom[] = [];
          for (const acc of saleAccs) {
            for (const r of acc.rooms) {
              const room: SaleRoom = {
                tourRoomId: r.tourRoomId,
                accommodationRoomId: r.accommodationRoomId,
                occupancy: r.occupancy,
                supplement: r.supplement,
                checkInDay: 1,
                checkOutDay: tpl.duration,
              };
              if (withPrices) {
                const zero = chance(f, 0.1);
                const price = zero
                  ? new Decimal(0)
                  : instPrice.plus(r.supplement).plus(intStep(f, -20, 40, 5));
                const saleP = !zero && chance(f, 0.2) ? price.minus(intStep(f, 30, 100, 5)) : new Decimal(0);
                const row = { price: money(price), cost: money(price.mul(0.7)), sale: money(saleP) };
                cat.instancePrices.push({
                  id: ids.tour_instance_prices.next(),
                  tour_instance_id: instanceId,
                  tour_room_id: r.tourRoomId,
                  price: row.price,
                  cost: row.cost,
                  sale_price: row.sale,
                });
                room.price = row;
              }
              rooms.push(room);
            }
          }
          cat.sales.push({
            id: instanceId,
            tourId,
            tourName: name,
            tourType: tpl.type,
            bondingTypeId,
            groupId,
            departure: startDay,
            duration: tpl.duration,
            basePrice: money(instPrice),
            baseSale: sale ? money(sale) : null,
            baseCost: money(baseCost),
            deposit: groupDeposit,
            places: cat.instances[cat.instances.length - 1].tour_places as number,
            rooms,
            flightCost,
            airlineId,
            stopSell: stop,
            passportRequired,
            minimumAge: tpl.minimumAge ?? null,
          });
        }
      }
    }
  }
  // Extras offered on every tour of their types.
  for (const tour of cat.tours) {
    for (const e of cat.extrasByType.get(tour.tour_type) ?? []) {
      cat.extraTours.push({ extra_id: e.id, tour_id: tour.id as number });
    }
  }
  return cat;
}

/** Inserts a built catalogue, parents before children. */
export async function insertCatalogue(db: Db, cat: Catalogue): Promise<void> {
  await insertRows(db, s.suppliers, cat.suppliers);
  await insertRows(db, s.resorts, cat.resorts);
  await insertRows(db, s.accommodations, cat.accommodations);
  await insertRows(db, s.accommodation_rooms, cat.accommodationRooms);
  await insertRows(db, s.pickup_regions, cat.pickupRegions);
  await insertRows(db, s.pickup_points, cat.pickupPoints);
  await insertRows(db, s.pickup_region_points, cat.pickupRegionPoints);
  await insertRows(db, s.airlines, cat.airlines);
  await insertRows(db, s.flights, cat.flights);
  await insertRows(db, s.tours, cat.tours);
  await insertRows(db, s.tour_groups, cat.groups);
  await insertRows(db, s.tour_accommodations, cat.tourAccommodations);
  await insertRows(db, s.tour_rooms, cat.tourRooms);
  await insertRows(db, s.tour_group_excluded_accommodations, cat.excluded);
  await insertRows(db, s.tour_instances, cat.instances);
  await insertRows(db, s.tour_instance_flights, cat.instanceFlights);
  await insertRows(db, s.tour_instance_prices, cat.instancePrices);
  await insertRows(db, s.extras, cat.extras);
  await insertRows(db, s.extra_airlines, cat.extraAirlines);
  await insertRows(db, s.extra_tours, cat.extraTours);
  await insertRows(db, s.discounts, cat.discounts);
}
