import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  ARRIVAL_AFTER_DEPARTURE,
  FLIGHT_EXISTS_MESSAGE,
  SAME_AIRPORT_MESSAGE,
} from '../../src/shared/api/flights';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createTourInstance } from '../helpers/factories';

// Flights (spec 3 §2 'Flights and airlines', §3 Flight (catalogue), §7 'Flights, airlines').
describe.each(testDbKinds)('flights on %s', (kind) => {
  let t: TestContext;
  let lgw: number;
  let agp: number;
  let man: number;
  let airlineId: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const airports = await queryRows<{ id: number; iata_code: string }>(
      t.db,
      sql`select id, iata_code from airports where iata_code in ('LGW', 'AGP', 'MAN')`,
    );
    const by = (code: string) => airports.find((a) => a.iata_code === code)?.id as number;
    [lgw, agp, man] = [by('LGW'), by('AGP'), by('MAN')];
    airlineId = (
      await queryRows<{ id: number }>(t.db, sql`insert into airlines (name) values ('easyJet') returning id`)
    )[0].id;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const flight = (over: object = {}) => ({
    flight_number: 'EZY8071',
    departure_airport_id: lgw,
    arrival_airport_id: agp,
    departure_terminal: 'North',
    arrival_terminal: 'T2',
    departure_time: '2027-05-03T06:40',
    arrival_time: '2027-05-03T10:35',
    airline: airlineId,
    flight_cost: '62.50',
    flight_price: '79.99',
    stop_sell: false,
    ...over,
  });

  it('creates, reads, lists, searches, updates and deletes a flight', async () => {
    const created = await call('POST', '/flights', t.adminToken, flight({ flight_number: 'ezy 8071' }));
    expect(created.json()).toMatchObject({ success: true, message: 'Flight created successfully.' });
    const id = created.json().data.id;
    const one = await call('GET', `/flights/${id}`, t.accountantToken);
    expect(one.json().data[0]).toMatchObject({
      id,
      flight_number: 'EZY8071',
      departure_airport_id: lgw,
      departure_time: '2027-05-03T06:40',
      arrival_time: '2027-05-03T10:35',
      airline: airlineId,
      selected_airline: { name: 'easyJet' },
      flight_cost: '62.50',
      flight_price: '79.99',
      stop_sell: false,
      departure_airport: { iata_code: 'LGW' },
      arrival_airport: { iata_code: 'AGP' },
    });

    await call(
      'POST',
      '/flights',
      t.adminToken,
      flight({
        flight_number: 'EZY8072',
        departure_airport_id: agp,
        arrival_airport_id: lgw,
        departure_time: '2027-05-10T11:20',
        arrival_time: '2027-05-10T13:15',
      }),
    );
    const table = await call('GET', '/flights/table?draw=1', t.accountantToken);
    expect(table.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    // Newest departure first by default.
    expect(table.json().data.map((r: { flight_number: string }) => r.flight_number)).toEqual([
      'EZY8072',
      'EZY8071',
    ]);
    expect(table.json().data[1]).toMatchObject({
      departure_time: '2027-05-03T06:40',
      departure_airport: expect.stringContaining('(LGW)'),
      arrival_airport: expect.stringContaining('(AGP)'),
      airline_name: 'easyJet',
    });
    const searched = await call('GET', '/flights/table?search[value]=03/05/2027', t.accountantToken);
    expect(searched.json().recordsFiltered).toBe(1);

    const found = await call('GET', '/flights/search/EZY80%20LGW%2003%2F05%2F2027', t.accountantToken);
    expect(found.json().data.map((f: { id: number }) => f.id)).toEqual([id]);
    expect((await call('GET', '/flights/search/MAN', t.accountantToken)).json().data).toEqual([]);

    const updated = await call('POST', `/flights/${id}`, t.adminToken, {
      flight: flight({ departure_terminal: '', stop_sell: true, airline: '' }),
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Flight updated successfully.' });
    expect((await call('GET', `/flights/${id}`, t.adminToken)).json().data[0]).toMatchObject({
      departure_terminal: null,
      stop_sell: true,
      airline: null,
      selected_airline: null,
    });

    const deleted = await call('POST', `/flights/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Flight deleted successfully.' });
    expect((await call('GET', `/flights/${id}`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 for a bad flight, an arrival before departure and a duplicate', async () => {
    const bad = await call('POST', '/flights', t.adminToken, {
      flight_number: '',
      departure_airport_id: lgw,
      arrival_airport_id: lgw,
      departure_time: '2027-05-03T10:00',
      arrival_time: '2027-05-03T09:00',
      flight_cost: '-1',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      flight_number: ['Flight number is required.'],
      arrival_airport_id: [SAME_AIRPORT_MESSAGE],
      arrival_time: [ARRIVAL_AFTER_DEPARTURE],
      flight_cost: ['Flight cost must be at least 0.'],
    });
    const missing = await call('POST', '/flights', t.adminToken, { flight_number: 'BA1' });
    expect(missing.json().errors).toMatchObject({
      departure_airport_id: ['Departure airport is required.'],
      departure_time: ['Departure date and time is required.'],
    });
    const unknown = await call(
      'POST',
      '/flights',
      t.adminToken,
      flight({ flight_number: 'BA2490', airline: 999999, arrival_airport_id: 9999999 }),
    );
    expect(unknown.json().errors).toEqual({
      arrival_airport_id: ['Choose an arrival airport from the list.'],
      airline_id: ['Choose an airline from the list.'],
    });
    await call('POST', '/flights', t.adminToken, flight({ flight_number: 'BA2490' }));
    const dup = await call('POST', '/flights', t.adminToken, flight({ flight_number: 'BA2490' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.flight_number).toEqual([FLIGHT_EXISTS_MESSAGE]);
  });

  it('adds multiple flights on the chosen weekdays in one go, skipping those that exist', async () => {
    // Mondays and Fridays of June 2027: 4, 7, 11, 14, 18, 21, 25, 28 June.
    await call(
      'POST',
      '/flights',
      t.adminToken,
      flight({
        flight_number: 'EZY2201',
        departure_time: '2027-06-11T23:10',
        arrival_time: '2027-06-12T02:50',
      }),
    );
    const multi = {
      flight_number: 'EZY2201',
      departure_airport_id: lgw,
      arrival_airport_id: agp,
      start_date: '2027-06-01',
      end_date: '2027-06-30',
      selected_days_of_week: ['monday', 'FRIDAY'],
      departure_time: '23:10',
      arrival_time: '02:50',
      airline: 'EASYJET',
      flight_price: '99.00',
    };
    const res = await call('POST', '/flights/multiple', t.adminToken, multi);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Created 7 flights. Skipped 1 flight that already exist: 11/06/2027 23:10.',
    );
    expect(res.json().data.created).toHaveLength(7);
    const rows = await queryRows<{ d: string; a: string; airline_id: number }>(
      t.db,
      sql`select to_char(departure_time, 'YYYY-MM-DD HH24:MI') as d, to_char(arrival_time, 'YYYY-MM-DD HH24:MI') as a, airline_id
          from flights where flight_number = 'EZY2201' order by departure_time`,
    );
    expect(rows.map((r) => r.d.slice(0, 10))).toEqual([
      '2027-06-04',
      '2027-06-07',
      '2027-06-11',
      '2027-06-14',
      '2027-06-18',
      '2027-06-21',
      '2027-06-25',
      '2027-06-28',
    ]);
    // Arrival earlier in the day than departure lands the next day.
    expect(rows[0]).toMatchObject({ d: '2027-06-04 23:10', a: '2027-06-05 02:50', airline_id: airlineId });

    const again = await call('POST', '/flights/multiple', t.adminToken, multi);
    expect(again.json().message).toMatch(/^Created 0 flights\. Skipped 8 flights/);
    const noAirline = await call('POST', '/flights/multiple', t.adminToken, { ...multi, airline: 'Ryanair' });
    expect(noAirline.json().errors).toEqual({
      airline: ['No airline is called "Ryanair". Add it on the Airlines screen first.'],
    });
    const noDays = await call('POST', '/flights/multiple', t.adminToken, {
      ...multi,
      selected_days_of_week: [],
    });
    expect(noDays.json().errors).toEqual({ selected_days_of_week: ['Choose at least one day of the week.'] });
    const noMatch = await call('POST', '/flights/multiple', t.adminToken, {
      ...multi,
      start_date: '2027-06-01',
      end_date: '2027-06-02',
      selected_days_of_week: ['sunday'],
    });
    expect(noMatch.json().errors).toEqual({
      selected_days_of_week: ['No day in the date range falls on the chosen days.'],
    });
    const reversed = await call('POST', '/flights/multiple', t.adminToken, {
      ...multi,
      end_date: '2027-05-01',
      departure_time: '25:00',
    });
    expect(reversed.json().errors).toMatchObject({
      end_date: ['End date should be after the start date.'],
      departure_time: ['Departure time must be a time, e.g. 09:30.'],
    });
  });

  it('updates multiple flights by number, dates and weekdays in one transaction', async () => {
    const multi = {
      flight_number: 'TOM4120',
      departure_airport_id: man,
      arrival_airport_id: agp,
      start_date: '2027-07-01',
      end_date: '2027-07-31',
      selected_days_of_week: ['tuesday', 'saturday'],
      departure_time: '07:00',
      arrival_time: '11:00',
    };
    expect((await call('POST', '/flights/multiple', t.adminToken, multi)).json().data.created).toHaveLength(
      9,
    );
    const update = (body: object) =>
      call('POST', '/flights/update/multiple', t.adminToken, {
        filter_flight_number: 'tom4120',
        date_from: '2027-07-01',
        date_to: '2027-07-15',
        selected_days_of_week: ['saturday'],
        ...body,
      });
    // Saturdays 3 and 10 July move to 08:30, keeping their 4-hour duration; the price changes.
    const res = await update({
      flightDetails: { departure_time: '08:30', flight_price: '120.00', arrival_terminal: 'T3' },
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Updated 2 flights.', data: { updated: 2 } });
    const rows = await queryRows<{
      d: string;
      a: string;
      flight_price: string | null;
      arrival_terminal: string | null;
    }>(
      t.db,
      sql`select to_char(departure_time, 'YYYY-MM-DD HH24:MI') as d, to_char(arrival_time, 'YYYY-MM-DD HH24:MI') as a, flight_price, arrival_terminal
          from flights where flight_number = 'TOM4120' and departure_time < '2027-07-11' order by departure_time`,
    );
    expect(rows).toEqual([
      { d: '2027-07-03 08:30', a: '2027-07-03 12:30', flight_price: '120.00', arrival_terminal: 'T3' },
      { d: '2027-07-06 07:00', a: '2027-07-06 11:00', flight_price: null, arrival_terminal: null },
      { d: '2027-07-10 08:30', a: '2027-07-10 12:30', flight_price: '120.00', arrival_terminal: 'T3' },
    ]);

    // An arrival before departure on any flight refuses the whole update.
    const before = await queryRows(
      t.db,
      sql`select * from flights where flight_number = 'TOM4120' order by id`,
    );
    const bad = await update({
      selected_days_of_week: [],
      flightDetails: { departure_time: '23:00', arrival_time: '23:00', arrival_airport_id: man },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      await queryRows(t.db, sql`select * from flights where flight_number = 'TOM4120' order by id`),
    ).toEqual(before);
    const sameAirport = await update({ flightDetails: { arrival_airport_id: man } });
    expect(sameAirport.statusCode).toBe(422);
    expect(sameAirport.json().message).toBe(`${SAME_AIRPORT_MESSAGE} Nothing was changed.`);

    const none = await update({ filter_flight_number: 'XX999', flightDetails: { stop_sell: true } });
    expect(none.json()).toMatchObject({ success: true, message: 'No flight matched: nothing was updated.' });
    const nothing = await update({ flightDetails: { departure_time: '', flight_cost: '' } });
    expect(nothing.json().errors).toEqual({ flightDetails: ['Choose at least one detail to change.'] });
  });

  it('refuses to delete a flight that tour instances use', async () => {
    const id = (await call('POST', '/flights', t.adminToken, flight({ flight_number: 'BA2700' }))).json().data
      .id;
    const { instance } = await createTourInstance(t.db, { tour_type: 'air' });
    await t.db.execute(
      sql`insert into tour_instance_flights (tour_instance_id, flight_id) values (${instance.id}, ${id})`,
    );
    const res = await call('POST', `/flights/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This flight cannot be deleted: tour instances use it. Remove it from those instances first.',
    );
  });

  it('searches airports by code, name or city, keeping include_id', async () => {
    const res = await call('POST', '/airports/airport-search', t.accountantToken, {
      search_query: 'gatwick',
      include_id: man,
    });
    const codes = res.json().data.map((a: { iata_code: string }) => a.iata_code);
    expect(codes[0]).toBe('MAN');
    expect(codes).toContain('LGW');
    const byCode = await call('GET', '/airports/search/AGP', t.accountantToken);
    expect(byCode.json().data[0]).toMatchObject({ id: agp, iata_code: 'AGP' });
    expect((await call('GET', `/airports/${lgw}`, t.accountantToken)).json().data).toMatchObject({
      iata_code: 'LGW',
      country_code: 'GB',
    });
    expect((await call('GET', '/airports/99999999', t.accountantToken)).statusCode).toBe(404);
  });

  it('answers 403 to role 2 on every write', async () => {
    const token = t.accountantToken;
    expect((await call('POST', '/flights', token, flight({ flight_number: 'RO1' }))).statusCode).toBe(403);
    expect((await call('POST', '/flights/1', token, flight({ flight_number: 'RO1' }))).statusCode).toBe(403);
    expect((await call('POST', '/flights/1/delete', token)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/flights/multiple', token, {
          flight_number: 'RO1',
          departure_airport_id: lgw,
          arrival_airport_id: agp,
          start_date: '2027-06-01',
          end_date: '2027-06-02',
          selected_days_of_week: ['monday'],
          departure_time: '10:00',
          arrival_time: '12:00',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/flights/update/multiple', token, {
          filter_flight_number: 'RO1',
          date_from: '2027-06-01',
          date_to: '2027-06-02',
          flightDetails: { stop_sell: true },
        })
      ).statusCode,
    ).toBe(403);
  });
});
