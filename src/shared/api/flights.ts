import { z } from 'zod';
import { daysBetween } from '../dates';
import { requiredValue } from './accommodation';
import {
  blankToUndefined,
  END_AFTER_START_MESSAGE,
  flagSchema,
  idSchema,
  moneySchema,
  optionalText,
  ymdSchema,
} from './common';
import { createdAnswer, endpoint, messageAnswer, moneyAnswer, okAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * Catalogue flights (spec 3 §3 Flight (catalogue), §7 'Flights, airlines'). Times are the local
 * times of the airports (no time zone), sent as 'YYYY-MM-DDTHH:mm' and shown DD/MM/YYYY hh:mm A.
 */

/** Days of the week (spec 3 §9), ISO order: monday is 1, sunday 7. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ARRIVAL_AFTER_DEPARTURE = 'The arrival must be after the departure.';
export const SAME_AIRPORT_MESSAGE = 'The arrival airport must differ from the departure airport.';
export const FLIGHT_EXISTS_MESSAGE = 'This flight number already departs at that time.';
/** Longest date range of 'add multiple flights' and 'update multiple flights'. */
export const MAX_FLIGHT_RANGE_DAYS = 366;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A local date-time 'YYYY-MM-DDTHH:mm' (seconds and a space separator accepted), answered without seconds. */
export const dateTimeSchema = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.string().transform((s, ctx) => {
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required.` });
        return z.NEVER;
      }
      const m = DATE_TIME.exec(s);
      const hour = m ? Number(m[2]) : -1;
      const minute = m ? Number(m[3]) : -1;
      if (!m || !ymdSchema.safeParse(m[1]).success || hour > 23 || minute > 59) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date and time, e.g. 2026-06-01T09:30.` });
        return z.NEVER;
      }
      return `${m[1]}T${m[2]}:${m[3]}`;
    }),
  );

/** A time of day 'HH:mm'. */
export const timeSchema = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.string().transform((s, ctx) => {
      if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s)) {
        ctx.addIssue({
          code: 'custom',
          message: s === '' ? `${label} is required.` : `${label} must be a time, e.g. 09:30.`,
        });
        return z.NEVER;
      }
      return s;
    }),
  );

/** A flight number: letters and digits, upper-cased, spaces removed ('ba 2490' → 'BA2490'). */
export const flightNumberSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v == null ? '' : v),
  z.string().transform((s, ctx) => {
    if (!/^[A-Z0-9]{2,10}$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: s === '' ? 'Flight number is required.' : 'Use 2 to 10 letters and digits, e.g. BA2490.',
      });
      return z.NEVER;
    }
    return s;
  }),
);

const requiredId = (label: string) => z.preprocess(blankToUndefined, requiredValue(label).pipe(idSchema));
const optionalIdOrNull = z.preprocess((v) => (v === '' || v === undefined ? null : v), idSchema.nullable());
const money = (label: string) =>
  z.preprocess(blankToUndefined, moneySchema(label).optional()).transform((v) => v ?? null);
const flag = z.preprocess(blankToUndefined, flagSchema.optional()).transform((v) => v ?? false);

/** `airline` (the spec's name) or `airline_id`: the airline's id, blank for none. */
const withAirlineAlias = (b: unknown) => {
  if (!b || typeof b !== 'object') return b;
  const o = b as Record<string, unknown>;
  const inner = o.flight && typeof o.flight === 'object' ? (o.flight as Record<string, unknown>) : o;
  if (inner.airline_id === undefined && inner.airline !== undefined && typeof inner.airline !== 'object') {
    return { ...inner, airline_id: inner.airline };
  }
  return inner;
};

const commonFields = {
  flight_number: flightNumberSchema,
  departure_airport_id: requiredId('Departure airport'),
  arrival_airport_id: requiredId('Arrival airport'),
  departure_terminal: optionalText(20),
  arrival_terminal: optionalText(20),
  flight_cost: money('Flight cost'),
  flight_price: money('Flight price'),
  stop_sell: flag,
};

function checkAirports(
  v: { departure_airport_id?: unknown; arrival_airport_id?: unknown },
  ctx: z.RefinementCtx,
) {
  if (v.departure_airport_id && v.departure_airport_id === v.arrival_airport_id) {
    ctx.addIssue({ code: 'custom', path: ['arrival_airport_id'], message: SAME_AIRPORT_MESSAGE });
  }
}

/**
 * POST flights and POST flights/{id} (spec 3 §3 Flight (catalogue)): body flat or `{flight: {...}}`;
 * arrival after departure; the two airports differ; cost and price in pounds, at least 0.
 */
export const flightInput = z.preprocess(
  withAirlineAlias,
  z
    .object({
      ...commonFields,
      departure_time: dateTimeSchema('Departure date and time'),
      arrival_time: dateTimeSchema('Arrival date and time'),
      airline_id: optionalIdOrNull,
    })
    .superRefine(
      (v, ctx) => {
        checkAirports(v, ctx);
        if (typeof v.departure_time === 'string' && typeof v.arrival_time === 'string') {
          if (v.arrival_time <= v.departure_time) {
            ctx.addIssue({ code: 'custom', path: ['arrival_time'], message: ARRIVAL_AFTER_DEPARTURE });
          }
        }
      },
      { when: () => true },
    ),
);
export type FlightInput = z.input<typeof flightInput>;

const weekdayList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(
      z.preprocess(
        (d) => (typeof d === 'string' ? d.trim().toLowerCase() : d),
        z.enum(WEEKDAYS, { error: 'Days of the week are monday to sunday.' }),
      ),
    )
    .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
);

function checkDateRange(v: Record<string, unknown>, ctx: z.RefinementCtx, startKey: string, endKey: string) {
  const a = v[startKey];
  const b = v[endKey];
  if (typeof a !== 'string' || typeof b !== 'string') return;
  if (b < a)
    ctx.addIssue({
      code: 'custom',
      path: [endKey],
      message: END_AFTER_START_MESSAGE,
    });
  else if (daysBetween(a, b) + 1 > MAX_FLIGHT_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: [endKey],
      message: `The range may cover at most ${MAX_FLIGHT_RANGE_DAYS} days.`,
    });
  }
}

const requiredDate = (label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} is required.` }).pipe(ymdSchema));

/**
 * POST flights/multiple ('add multiple flights', spec 3 §3): the flight's fields, a date range,
 * the weekdays it flies on, departure and arrival times of day (an arrival time not after the
 * departure time lands the next day), and a free-text airline matched by name (or airline_id).
 */
export const multipleFlightsInput = z
  .object({
    ...commonFields,
    start_date: requiredDate('Start date'),
    end_date: requiredDate('End date'),
    selected_days_of_week: weekdayList.refine((d) => d.length > 0, 'Choose at least one day of the week.'),
    departure_time: timeSchema('Departure time'),
    arrival_time: timeSchema('Arrival time'),
    airline: optionalText(150),
    airline_id: z.preprocess(blankToUndefined, idSchema.optional()),
  })
  .superRefine(
    (v, ctx) => {
      checkAirports(v, ctx);
      checkDateRange(v, ctx, 'start_date', 'end_date');
    },
    { when: () => true },
  );
export type MultipleFlightsInput = z.input<typeof multipleFlightsInput>;

/** The details 'update multiple flights' may change; a blank field stays as it is. */
export const flightDetailsInput = z
  .object({
    departure_airport_id: z.preprocess(blankToUndefined, idSchema.optional()),
    arrival_airport_id: z.preprocess(blankToUndefined, idSchema.optional()),
    departure_terminal: optionalText(20),
    arrival_terminal: optionalText(20),
    departure_time: z.preprocess(blankToUndefined, timeSchema('Departure time').optional()),
    arrival_time: z.preprocess(blankToUndefined, timeSchema('Arrival time').optional()),
    airline_id: z.preprocess(blankToUndefined, idSchema.optional()),
    flight_cost: z.preprocess(blankToUndefined, moneySchema('Flight cost').optional()),
    flight_price: z.preprocess(blankToUndefined, moneySchema('Flight price').optional()),
    stop_sell: z.preprocess(blankToUndefined, flagSchema.optional()),
  })
  .superRefine((v, ctx) => checkAirports(v, ctx), { when: () => true });

/**
 * POST flights/update/multiple ('update multiple flights', spec 3 §7): the flights with this
 * number departing between date_from and date_to on the selected days (none = every day) get the
 * given flightDetails, in one transaction.
 */
export const bulkUpdateFlightsInput = z
  .object({
    filter_flight_number: flightNumberSchema,
    date_from: requiredDate('Date from'),
    date_to: requiredDate('Date to'),
    selected_days_of_week: weekdayList,
    flightDetails: z.preprocess((v) => v ?? {}, flightDetailsInput),
  })
  .superRefine(
    (v, ctx) => {
      checkDateRange(v, ctx, 'date_from', 'date_to');
      const d = v.flightDetails as Record<string, unknown> | undefined;
      if (d && Object.values(d).every((x) => x === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['flightDetails'],
          message: 'Choose at least one detail to change.',
        });
      }
    },
    { when: () => true },
  );
export type BulkUpdateFlightsInput = z.input<typeof bulkUpdateFlightsInput>;

/** The search term of GET flights/search/{term} and airports/search/{term}. */
const termParams = z.object({ term: z.string().max(100) });

/** POST airports/airport-search: the typed query and the airport the form already shows. */
export const airportSearchInput = z.object({
  search_query: z.preprocess((v) => v ?? '', z.string().max(100)),
  include_id: z.preprocess(blankToUndefined, idSchema.optional()),
});
export type AirportSearchInput = z.input<typeof airportSearchInput>;

// ---- answers ----

/** An airport as searches answer it. */
export const airportAnswer = z.object({
  id: z.number().int(),
  airport_name: z.string(),
  iata_code: z.string(),
  city: z.string().nullable(),
  country_code: z.string(),
});
export type Airport = z.infer<typeof airportAnswer>;

const airportName = z.object({ airport_name: z.string(), iata_code: z.string() });

/** A flight as GET flights/{id} and the flight search answer it; times 'YYYY-MM-DDTHH:mm' (local). */
export const flightAnswer = z.object({
  id: z.number().int(),
  flight_number: z.string(),
  departure_airport_id: z.number().int(),
  arrival_airport_id: z.number().int(),
  departure_terminal: z.string().nullable(),
  arrival_terminal: z.string().nullable(),
  flight_cost: moneyAnswer.nullable(),
  flight_price: moneyAnswer.nullable(),
  departure_time: z.string(),
  arrival_time: z.string(),
  /** The airline's id under the spec's name (the same as airline_id). */
  airline: z.number().int().nullable(),
  airline_id: z.number().int().nullable(),
  selected_airline: z.object({ name: z.string() }).nullable(),
  stop_sell: z.boolean(),
  departure_airport: airportName,
  arrival_airport: airportName,
});
/** A flight as the client receives it (money as decimal text). */
export type Flight = z.input<typeof flightAnswer>;

/** A row of the flights table; the airports as 'Name (IATA)' and apart. */
export const flightRow = z.object({
  id: z.number().int(),
  flight_number: z.string(),
  departure_time: z.string(),
  arrival_time: z.string(),
  departure_airport: z.string(),
  arrival_airport: z.string(),
  departure_iata: z.string(),
  departure_name: z.string(),
  arrival_iata: z.string(),
  arrival_name: z.string(),
  airline_name: z.string().nullable(),
  stop_sell: z.boolean(),
});
export type FlightRow = z.infer<typeof flightRow>;

/**
 * Flights (spec 3 §2 'Flights and airlines', §7 'Flights, airlines'). Reads are open to staff;
 * creating, editing and deleting flights is role 1 only (spec 3 §6).
 */
export const flightsApi = {
  table: endpoint({
    method: 'GET',
    path: '/flights/table',
    summary: 'Flights, DataTables protocol; default order departure time, newest first.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(flightRow),
  }),
  search: endpoint({
    method: 'GET',
    path: '/flights/search/:term',
    summary:
      'Flights matching each word (number prefix, airport code or name, date DD/MM/YYYY): data, at most 50.',
    params: termParams,
    answer: z.object({ success: z.literal(true), data: z.array(flightAnswer) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/flights/:id',
    summary: 'One flight: data [flight] (a list; the first is used).',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(flightAnswer) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/flights',
    summary: 'Create a flight; answers data.id.',
    permission: 'flights.create',
    body: flightInput,
    answer: createdAnswer,
  }),
  createMultiple: endpoint({
    method: 'POST',
    path: '/flights/multiple',
    summary:
      'Create one flight per selected weekday in a date range (one transaction); existing ones are skipped.',
    permission: 'flights.create',
    body: multipleFlightsInput,
    answer: okAnswer({
      data: z.object({ created: z.array(z.number().int()), skipped: z.array(z.string()) }),
    }),
  }),
  bulkUpdate: endpoint({
    method: 'POST',
    path: '/flights/update/multiple',
    summary: 'Change the details of every flight matching number, date range and weekdays (one transaction).',
    permission: 'flights.update',
    body: bulkUpdateFlightsInput,
    answer: okAnswer({ data: z.object({ updated: z.number().int() }) }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/flights/:id',
    summary: 'Update a flight.',
    permission: 'flights.update',
    params: idParams,
    body: flightInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/flights/:id/delete',
    summary: 'Delete a flight (refused while tour instances use it).',
    permission: 'flights.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};

/** Airport look-ups (spec 3 §7 'airports'): the pickers of the flight forms. */
export const airportsApi = {
  search: endpoint({
    method: 'POST',
    path: '/airports/airport-search',
    summary: 'Airports matching search_query (IATA, name, city), at most 20; include_id is always included.',
    permission: 'airports.search',
    body: airportSearchInput,
    answer: z.object({ success: z.literal(true), data: z.array(airportAnswer) }),
  }),
  searchTerm: endpoint({
    method: 'GET',
    path: '/airports/search/:term',
    summary: 'Airports matching the term, at most 20.',
    params: termParams,
    answer: z.object({ success: z.literal(true), data: z.array(airportAnswer) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/airports/:id',
    summary: 'One airport: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: airportAnswer }),
  }),
};
