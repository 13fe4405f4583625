import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createTourInstance } from '../helpers/factories';
import { fetchReport, readCsvReport, refusedReport, reportJob } from '../helpers/reports';

const PATH = '/reports/airline-costing-report';
const HEADER = [
  'Airline',
  'Airline ref',
  'Booking ref',
  'Tour',
  'Departure',
  'Passengers',
  'Flight cost',
  'Booked date',
  'Invoice on file',
  'Status',
];

// Airline costing (spec 3 §5 Reports: no effective validation; §7 POST reports/airline-costing-report
// → csv; issue #15).
describe.each(testDbKinds)('airline costing report on %s', (kind) => {
  let t: TestContext;
  const airline: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestContext(kind);
    for (const name of ['Jet2', 'BA Holidays', 'Zed Air']) {
      const [a] = await t.db.insert(s.airlines).values({ name }).returning();
      airline[name] = a.id;
    }
    const ap = Object.fromEntries(
      (
        await queryRows<{ id: number; iata_code: string }>(
          t.db,
          sql`select id, iata_code from airports where iata_code in ('LGW', 'FAO', 'FCO')`,
        )
      ).map((a) => [a.iata_code, a.id]),
    );
    let flightNo = 100;
    const flight = async (
      instanceId: number,
      airlineName: string,
      departs: string,
      from = 'LGW',
      to = 'FAO',
    ) => {
      const [f] = await t.db
        .insert(s.flights)
        .values({
          flight_number: `TS${flightNo++}`,
          airline_id: airline[airlineName],
          departure_airport_id: ap[from],
          arrival_airport_id: ap[to],
          departure_time: departs,
          arrival_time: departs.replace(/T\d\d/, 'T23'),
        })
        .returning();
      await t.db.insert(s.tour_instance_flights).values({ tour_instance_id: instanceId, flight_id: f.id });
    };
    const tour = async (name: string, departure: string) => {
      const x = await createTourInstance(t.db, { departure_date: departure, tour_type: 'air' });
      await t.db.update(s.tours).set({ name }).where(eq(s.tours.id, x.tour.id));
      return x.instance;
    };
    // Algarve: out with Jet2, home with BA — the line's airline is the outbound one, Jet2.
    const algarve = await tour('Algarve Sun', '2026-07-01');
    await flight(algarve.id, 'BA Holidays', '2026-07-08T10:00:00', 'FAO', 'LGW');
    await flight(algarve.id, 'Jet2', '2026-07-01T06:00:00');
    const rome = await tour('Rome Break', '2026-06-10');
    await flight(rome.id, 'BA Holidays', '2026-06-10T07:30:00', 'LGW', 'FCO');
    const early = await tour('Early Algarve', '2026-05-20');
    await flight(early.id, 'Jet2', '2026-05-20T06:00:00');
    const lakes = await tour('Lakes by Coach', '2026-06-20'); // no flights: no airline

    const line = async (
      ref: string,
      instance: { id: number; tour_id: number; departure_date: string },
      created: string,
      airlineRef: string | undefined,
      extra: {
        guests?: number;
        cost?: string;
        added?: string;
        costs?: Array<{ flight_cost: string; invoice?: boolean }>;
        cancelled?: boolean;
      } = {},
    ) => {
      const b = await createBooking(t.db, {
        booking_ref: ref,
        instance,
        airline_ref: airlineRef,
        created_at: created,
        status: extra.cancelled ? 'Cancelled' : 'Confirmed',
        cancelled_at: extra.cancelled ? '2026-03-20T10:00:00Z' : undefined,
      });
      const [tb] = await t.db
        .update(s.tour_bookings)
        .set({
          guests: extra.guests ?? 2,
          airline_flight_cost: extra.cost ?? null,
          airline_ref_added_at: extra.added ?? null,
        })
        .where(eq(s.tour_bookings.holiday_booking_id, b.id))
        .returning();
      for (const c of extra.costs ?? [])
        await t.db.insert(s.tour_booking_airline_costs).values({
          tour_booking_id: tb.id,
          airline_ref: airlineRef,
          flight_cost: c.flight_cost,
          airline_invoice_name: c.invoice ? 'invoice.pdf' : null,
          airline_invoice_path: c.invoice ? 'airline-invoices/abc.pdf' : null,
        });
    };
    await line('AC-1', algarve, '2026-02-01T10:00:00Z', 'JET123', {
      cost: '398.00',
      added: '2026-02-02T09:00:00Z',
      costs: [{ flight_cost: '298.00', invoice: true }, { flight_cost: '100.00' }],
    });
    // Reference entered at 23:15 UTC on 31 March: 1 April in London (BST).
    await line('AC-2', rome, '2026-02-10T10:00:00Z', ' BAX9 ', {
      guests: 3,
      cost: '612.45',
      added: '2026-03-31T23:15:00Z',
      costs: [{ flight_cost: '612.45' }],
    });
    await line('AC-3', rome, '2026-02-11T10:00:00Z', '   '); // blank reference: left out
    await line('AC-4', algarve, '2026-02-11T10:00:00Z', undefined); // no reference: left out
    await line('AC-5', algarve, '2026-02-12T10:00:00Z', 'JETC', { guests: 1, cancelled: true });
    await line('AC-6', lakes, '2026-02-15T10:00:00Z', 'COACHREF', { added: '2026-02-15T11:00:00Z' });
    await line('AC-7', rome, '2026-05-01T10:00:00Z', 'BALATE', { cost: '200.00' });
    // Booked at 23:30 UTC on 31 March: 1 April in London, outside a booking range ending 31 March.
    await line('AC-8', rome, '2026-03-31T23:30:00Z', 'BAAPR', { cost: '150.00' });
    await line('AC-9', early, '2026-02-20T10:00:00Z', 'JET999', {
      cost: '180.10',
      added: '2026-02-21T10:00:00Z',
    });
  });
  afterAll(async () => t?.close());

  const csv = async (body: object) => {
    const file = await fetchReport(t, PATH, body, t.accountantToken);
    expect(file.name).toBe('Airline-Costing-Report.csv');
    expect(file.contentType).toContain('text/csv');
    const lines = await readCsvReport(file.data);
    expect(lines[0]).toEqual(HEADER);
    return { rows: lines.slice(1), jobId: file.jobId };
  };

  it('has no effective validation beyond a to date before its from date', async () => {
    let r = await refusedReport(t, PATH, { booking_start: '2026-03-01', booking_end: '2026-02-01' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ booking_end: ['The to date must not be before the from date.'] });
    r = await refusedReport(t, PATH, { departure_start: '2026-03-01', departuare_end: '2026-02-01' });
    expect(r.body.errors).toEqual({ departuare_end: ['The to date must not be before the from date.'] });
    // No filters at all: every line with a reference.
    expect((await csv({})).rows.map((l) => l[2])).toEqual([
      'AC-2',
      'AC-7',
      'AC-8',
      'AC-9',
      'AC-1',
      'AC-5',
      'AC-6',
    ]);
  });

  it('lists the lines with an airline reference booked in the range, by airline, departure and ref', async () => {
    const { rows, jobId } = await csv({
      airlines: [],
      booking_start: '2026-02-01',
      booking_end: '2026-03-31',
    });
    expect(rows).toEqual([
      [
        'BA Holidays',
        'BAX9',
        'AC-2',
        'Rome Break',
        '10/06/2026',
        '3',
        '612.45',
        '01/04/2026',
        'No',
        'Confirmed',
      ],
      [
        'Jet2',
        'JET999',
        'AC-9',
        'Early Algarve',
        '20/05/2026',
        '2',
        '180.10',
        '21/02/2026',
        'No',
        'Confirmed',
      ],
      [
        'Jet2',
        'JET123',
        'AC-1',
        'Algarve Sun',
        '01/07/2026',
        '2',
        '398.00',
        '02/02/2026',
        'Yes',
        'Confirmed',
      ],
      ['Jet2', 'JETC', 'AC-5', 'Algarve Sun', '01/07/2026', '1', '', '', 'No', 'Cancelled'],
      ['', 'COACHREF', 'AC-6', 'Lakes by Coach', '20/06/2026', '2', '', '15/02/2026', 'No', 'Confirmed'],
    ]);
    expect(await reportJob(t, jobId)).toMatchObject({ status: 'done', progress_done: 5, progress_total: 5 });
  });

  it('keeps only the chosen airlines (a list or a comma list) and the departure range', async () => {
    let r = await csv({
      airlines: [airline['BA Holidays']],
      booking_start: '2026-02-01',
      booking_end: '2026-03-31',
    });
    expect(r.rows.map((l) => l[2])).toEqual(['AC-2']);
    r = await csv({ airlines: `${airline.Jet2},${airline['BA Holidays']}` });
    expect(r.rows.map((l) => [l[0], l[2]])).toEqual([
      ['BA Holidays', 'AC-2'],
      ['BA Holidays', 'AC-7'],
      ['BA Holidays', 'AC-8'],
      ['Jet2', 'AC-9'],
      ['Jet2', 'AC-1'],
      ['Jet2', 'AC-5'],
    ]);
    r = await csv({ airlines: [airline['Zed Air']] });
    expect(r.rows).toEqual([]);
    r = await csv({ departure_start: '2026-06-01', departuare_end: '2026-06-30' });
    expect(r.rows.map((l) => [l[0], l[2], l[4]])).toEqual([
      ['BA Holidays', 'AC-2', '10/06/2026'],
      ['BA Holidays', 'AC-7', '10/06/2026'],
      ['BA Holidays', 'AC-8', '10/06/2026'],
      ['', 'AC-6', '20/06/2026'],
    ]);
    r = await csv({
      departure_start: '2026-06-01',
      departuare_end: '2026-06-30',
      booking_start: '2026-04-01',
      booking_end: '2026-05-31',
    });
    expect(r.rows.map((l) => l[2])).toEqual(['AC-7', 'AC-8']);
  });
});
