import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer, createTourInstance } from '../helpers/factories';
import {
  asObjects,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readXlsxReport,
  refusedReport,
  reportJob,
  rowLabelled,
} from '../helpers/reports';

const PATH = '/reports/salesreport';
/** The February booking range most cases use. */
const FEB = { bookingDateStart: '2026-02-01', bookingDateEnd: '2026-02-28' };

// Sales (spec 3 §4 sales switches, §5 Reports 'Sales', §7 POST reports/salesreport; issue #15).
describe.each(testDbKinds)('sales report on %s', (kind) => {
  let t: TestContext;
  let lakesId = 0;
  let romeId = 0;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const lakes = await createTourInstance(t.db, { departure_date: '2026-05-01', tour_type: 'coach' });
    const rome = await createTourInstance(t.db, { departure_date: '2026-05-20', tour_type: 'air' });
    lakesId = lakes.tour.id;
    romeId = rome.tour.id;
    await t.db.update(s.tours).set({ name: 'Lakes Tour' }).where(eq(s.tours.id, lakesId));
    await t.db.update(s.tours).set({ name: 'Rome Flight' }).where(eq(s.tours.id, romeId));
    const ann = await createCustomer(t.db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });
    const agent = await createAgent(t.db, { name: 'Sunway Travel' });
    type Line = { on: typeof lakes; guests: number; cost: string | null };
    const booking = async (
      ref: string,
      created: string,
      departure: string,
      status: string,
      money: [string, string],
      lines: Line[],
      extra: Partial<typeof s.bookings.$inferInsert> = {},
    ) => {
      const b = await createBooking(t.db, {
        booking_ref: ref,
        customer_id: ann.id,
        created_at: created,
        departure_date: departure,
        status,
        total_due: money[0],
        paid: money[1],
        ...extra,
      });
      for (const l of lines)
        await t.db.insert(s.tour_bookings).values({
          holiday_booking_id: b.id,
          tour_id: l.on.tour.id,
          tour_instance_id: l.on.instance.id,
          guests: l.guests,
          rooms: 1,
          price: '500.00',
          cost: l.cost,
        });
    };
    // Booked 31/01 23:30 London (GMT): just outside February.
    await booking(
      'S0',
      '2026-01-31T23:30:00Z',
      '2026-05-01',
      'Confirmed',
      ['100.00', '100.00'],
      [{ on: lakes, guests: 1, cost: '50.00' }],
    );
    // Confirmed: 2 × 300.00 = 600.00 cost, margin 1200 − 600 = 600.
    await booking(
      'S1',
      '2026-02-01T10:00:00Z',
      '2026-05-01',
      'Confirmed',
      ['1200.00', '400.00'],
      [{ on: lakes, guests: 2, cost: '300.00' }],
    );
    // Paid, an agent's, two tours: 1 × 150.50 + 2 × 410.25 = 971.00 cost, margin 529.00.
    await booking(
      'S2',
      '2026-02-02T23:30:00Z',
      '2026-05-01',
      'Paid',
      ['1500.00', '1500.00'],
      [
        { on: lakes, guests: 1, cost: '150.50' },
        { on: rome, guests: 2, cost: '410.25' },
      ],
      { customer_id: null, agent_id: agent.id, departure_date: '2026-05-01' },
    );
    // Pending, no cost entered: cost 0, margin 900.
    await booking(
      'S3',
      '2026-02-03T12:00:00Z',
      '2026-05-20',
      'Pending',
      ['900.00', '0.00'],
      [{ on: rome, guests: 2, cost: null }],
    );
    // Cancelled with a £200 charge.
    await booking(
      'S4',
      '2026-02-04T12:00:00Z',
      '2026-05-01',
      'Cancelled',
      ['1200.00', '200.00'],
      [{ on: lakes, guests: 2, cost: '300.00' }],
      { cancelled_at: '2026-02-20T12:00:00Z', cancellation_charge: '200.00' },
    );
    // Confirmed, departing in September: 2 × 250.00 = 500.00 cost, margin 500.
    await booking(
      'S6',
      '2026-02-05T12:00:00Z',
      '2026-09-01',
      'Confirmed',
      ['1000.00', '250.00'],
      [{ on: rome, guests: 2, cost: '250.00' }],
    );
    // Confirmed, booked in March, departing in May.
    await booking(
      'S5',
      '2026-03-15T12:00:00Z',
      '2026-05-01',
      'Confirmed',
      ['700.00', '700.00'],
      [{ on: lakes, guests: 2, cost: '200.00' }],
    );
  });
  afterAll(async () => t?.close());

  const refs = async (body: object) => {
    const r = await readXlsxReport((await fetchReport(t, PATH, body)).data);
    // The empty text stands alone on its row.
    if (r.rows.length === 1 && r.rows[0][0] === 'No bookings match these filters.') return [];
    return asObjects(r).map((x) => x['Booking ref']);
  };

  it('refuses incomplete ranges with the spec messages', async () => {
    const m = REPORT_MESSAGES;
    let r = await refusedReport(t, PATH, {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.departureDateStart).toEqual([m.salesDepartureOrBooking]);
    expect(r.body.errors?.bookingDateStart).toEqual([m.salesBookingOrDeparture]);
    r = await refusedReport(t, PATH, { departureDateStart: '2026-05-01' });
    expect(r.body.errors?.departureDateEnd).toEqual([m.salesDepartureTo]);
    r = await refusedReport(t, PATH, {
      departureDateEnd: '2026-05-31',
      bookingDateStart: '2026-02-01',
      bookingDateEnd: '2026-02-28',
    });
    expect(r.body.errors?.departureDateStart).toEqual([m.salesDepartureFrom]);
    r = await refusedReport(t, PATH, { bookingDateStart: '2026-02-01' });
    expect(r.body.errors?.bookingDateEnd).toEqual([m.salesBookingTo]);
    r = await refusedReport(t, PATH, {
      bookingDateEnd: '2026-02-28',
      departureDateStart: '2026-05-01',
      departureDateEnd: '2026-05-31',
    });
    expect(r.body.errors?.bookingDateStart).toEqual([m.salesBookingFrom]);
    r = await refusedReport(t, PATH, { bookingDateStart: '2026-02-28', bookingDateEnd: '2026-02-01' });
    expect(r.body.errors?.bookingDateEnd).toEqual([m.toBeforeFrom]);
  });

  it('lists the confirmed and paid bookings of the range with every figure worked by hand', async () => {
    const file = await fetchReport(t, PATH, FEB, t.accountantToken);
    expect(file.name).toBe('Sales-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(
      r,
      'Sales Report',
      ['Total due', 'Paid', 'Cancellation charge', 'Cost', 'Margin'],
      ['Booking date', 'Departure'],
    );
    expect(r.filters).toBe('Filters: Booking date: 01/02/2026 to 28/02/2026 · Status: Confirmed, Paid');
    expect(r.header).toEqual([
      'Booking ref',
      'Booking date',
      'Departure',
      'Customer / agent',
      'Tour',
      'Tour type',
      'Passengers',
      'Status',
      'Total due',
      'Paid',
      'Cancellation charge',
      'Cost',
      'Margin',
    ]);
    expect(r.rows).toEqual([
      [
        'S1',
        '01/02/2026',
        '01/05/2026',
        'Mrs Ann Lee',
        'Lakes Tour',
        'Coach',
        2,
        'Confirmed',
        1200,
        400,
        null,
        600,
        600,
      ],
      [
        'S2',
        '02/02/2026',
        '01/05/2026',
        'Sunway Travel (agent)',
        'Lakes Tour, Rome Flight',
        'Air, Coach',
        3,
        'Paid',
        1500,
        1500,
        null,
        971,
        529,
      ],
      [
        'S6',
        '05/02/2026',
        '01/09/2026',
        'Mrs Ann Lee',
        'Rome Flight',
        'Air',
        2,
        'Confirmed',
        1000,
        250,
        null,
        500,
        500,
      ],
      // 2+3+2 passengers; 1200+1500+1000; 400+1500+250; 600+971+500; 3700 − 2071.
      ['Total (3 rows)', null, null, null, null, null, 7, null, 3700, 2150, 0, 2071, 1629],
    ]);
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 3,
      progress_total: 3,
    });
  });

  it('lists the cancelled ones with their charge, and cancelled + pending together', async () => {
    const r = await readXlsxReport((await fetchReport(t, PATH, { ...FEB, report_type: 'cancelled' })).data);
    expect(r.filters).toContain('Status: Cancelled');
    expect(asObjects(r)).toEqual([
      {
        'Booking ref': 'S4',
        'Booking date': '04/02/2026',
        Departure: '01/05/2026',
        'Customer / agent': 'Mrs Ann Lee',
        Tour: 'Lakes Tour',
        'Tour type': 'Coach',
        Passengers: 2,
        Status: 'Cancelled',
        'Total due': 1200,
        Paid: 200,
        'Cancellation charge': 200,
        Cost: 600,
        Margin: 600,
      },
    ]);
    const p = await readXlsxReport(
      (await fetchReport(t, PATH, { ...FEB, report_type: 'cancelled_pending' })).data,
    );
    expect(p.filters).toContain('Status: Cancelled, Pending');
    expect(asObjects(p).map((x) => [x['Booking ref'], x.Status, x.Cost, x.Margin])).toEqual([
      ['S3', 'Pending', 0, 900],
      ['S4', 'Cancelled', 600, 600],
    ]);
    expect(rowLabelled(p, 'Total (2 rows)')).toMatchObject({
      Passengers: 4,
      'Total due': 2100,
      Paid: 200,
      'Cancellation charge': 200,
      Cost: 600,
      Margin: 1500,
    });
  });

  it('follows each combination of the switches (spec 3 §4) over report_type', async () => {
    const cases: Array<[object, string[]]> = [
      [{}, ['S1', 'S2', 'S6']], // default report_type confirmed
      [{ report_type: 'confirmed' }, ['S1', 'S2', 'S6']],
      [{ report_type: 'cancelled' }, ['S4']],
      [{ report_type: 'cancelled_pending' }, ['S3', 'S4']],
      [
        { include_confirmed: 'yes', include_cancelled: 'no', include_cancelled_pending: 'no' },
        ['S1', 'S2', 'S6'],
      ],
      [{ include_confirmed: 'no', include_cancelled: 'yes', include_cancelled_pending: 'no' }, ['S4']],
      [{ include_confirmed: 'no', include_cancelled: 'no', include_cancelled_pending: 'yes' }, ['S3', 'S4']],
      [
        { include_confirmed: 'yes', include_cancelled: 'yes', include_cancelled_pending: 'no' },
        ['S1', 'S2', 'S4', 'S6'],
      ],
      [
        { include_confirmed: 'yes', include_cancelled: 'no', include_cancelled_pending: 'yes' },
        ['S1', 'S2', 'S3', 'S4', 'S6'],
      ],
      [{ include_confirmed: 'no', include_cancelled: 'yes', include_cancelled_pending: 'yes' }, ['S3', 'S4']],
      [
        { include_confirmed: 'yes', include_cancelled: 'yes', include_cancelled_pending: 'yes' },
        ['S1', 'S2', 'S3', 'S4', 'S6'],
      ],
      [{ include_confirmed: 'no', include_cancelled: 'no', include_cancelled_pending: 'no' }, []],
      // A switch sent wins over report_type.
      [{ report_type: 'cancelled', include_confirmed: 'yes' }, ['S1', 'S2', 'S6']],
    ];
    for (const [switches, expected] of cases)
      expect(await refs({ ...FEB, ...switches }), JSON.stringify(switches)).toEqual(expected);
    const none = await readXlsxReport(
      (
        await fetchReport(t, PATH, {
          ...FEB,
          include_confirmed: 'no',
          include_cancelled: 'no',
          include_cancelled_pending: 'no',
        })
      ).data,
    );
    expect(none.filters).toContain('Status: none');
    expect(none.rows).toEqual([['No bookings match these filters.']]);
  });

  it('filters by departure, tour and tour type', async () => {
    // Departing in May (booked any time): S0, S1, S2 and S5 (S6 leaves in September).
    expect(await refs({ departureDateStart: '2026-05-01', departureDateEnd: '2026-05-31' })).toEqual([
      'S0',
      'S1',
      'S2',
      'S5',
    ]);
    // Both ranges.
    expect(await refs({ ...FEB, departureDateStart: '2026-05-01', departureDateEnd: '2026-05-31' })).toEqual([
      'S1',
      'S2',
    ]);
    // A line on Rome Flight.
    const rome = await readXlsxReport((await fetchReport(t, PATH, { ...FEB, tour_name: romeId })).data);
    expect(rome.filters).toContain('Tour: Rome Flight');
    expect(asObjects(rome).map((x) => x['Booking ref'])).toEqual(['S2', 'S6']);
    expect(await refs({ ...FEB, tour_name: lakesId })).toEqual(['S1', 'S2']);
    // A line on a coach tour.
    const coach = await readXlsxReport((await fetchReport(t, PATH, { ...FEB, tour_type: 'coach' })).data);
    expect(coach.filters).toContain('Tour type: Coach');
    expect(asObjects(coach).map((x) => x['Booking ref'])).toEqual(['S1', 'S2']);
    expect(await refs({ ...FEB, tour_type: 'air' })).toEqual(['S2', 'S6']);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const lines = (await libreOfficeCsv((await fetchReport(t, PATH, FEB)).data)) as string[][];
    expect(lines[3].slice(0, 3)).toEqual(['Booking ref', 'Booking date', 'Departure']);
    const s2 = lines.find((l) => l[0] === 'S2') as string[];
    expect(s2.slice(1, 3)).toEqual(['02/02/2026', '01/05/2026']);
    expect(s2[6]).toBe('3');
    expect(s2.slice(8)).toEqual(['£1,500.00', '£1,500.00', '', '£971.00', '£529.00']);
    const total = lines.find((l) => l[0]?.startsWith('Total')) as string[];
    expect(total.slice(8)).toEqual(['£3,700.00', '£2,150.00', '£0.00', '£2,071.00', '£1,629.00']);
  });
});
