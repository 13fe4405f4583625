import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking, createCustomer, createTourInstance } from '../helpers/factories';
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

const PATH = '/reports/affiliate-report';

// Affiliate report (spec 3 §5 Reports 'Affiliate report', §7 POST reports/affiliate-report; issue #15).
describe.each(testDbKinds)('affiliate report on %s', (kind) => {
  let t: TestContext;
  let sunny: { id: number };
  let other: { id: number };
  beforeAll(async () => {
    t = await createTestContext(kind);
    sunny = await createAffiliate(t.db, { name: 'Sunny Savers' });
    other = await createAffiliate(t.db, { name: 'Other Deals' });
    const lakes = await createTourInstance(t.db, { departure_date: '2026-06-01' });
    const cornwall = await createTourInstance(t.db, { departure_date: '2026-06-15' });
    const autumn = await createTourInstance(t.db, { departure_date: '2026-09-01' });
    await t.db.update(s.tours).set({ name: 'Lakes and Dales' }).where(eq(s.tours.id, lakes.tour.id));
    await t.db.update(s.tours).set({ name: 'Cornish Coast' }).where(eq(s.tours.id, cornwall.tour.id));
    await t.db.update(s.tours).set({ name: 'Autumn Colours' }).where(eq(s.tours.id, autumn.tour.id));
    const ann = await createCustomer(t.db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });
    const bob = await createCustomer(t.db, { first_name: 'Bob', last_name: 'Hart' });
    const money = (total: string, paid: string, balance: string) => ({ total_due: total, paid, balance });

    // Each booking's one tour line has 2 guests (the factory's).
    await createBooking(t.db, {
      booking_ref: 'AF-1',
      affiliate_id: sunny.id,
      customer_id: ann.id,
      instance: lakes.instance,
      created_at: '2026-03-10T10:00:00Z',
      status: 'Confirmed',
      ...money('1048.00', '200.00', '848.00'),
    });
    // 23:30 UTC on 31 March is 00:30 on 1 April in London (BST): booked 01/04/2026.
    const two = await createBooking(t.db, {
      booking_ref: 'AF-2',
      affiliate_id: sunny.id,
      customer_id: bob.id,
      instance: cornwall.instance,
      created_at: '2026-03-31T23:30:00Z',
      status: 'Paid',
      ...money('2500.50', '2500.50', '0.00'),
    });
    // A second line on another tour with 3 guests: 5 passengers, two tours.
    await t.db.insert(s.tour_bookings).values({
      holiday_booking_id: two.id,
      tour_id: lakes.tour.id,
      tour_instance_id: lakes.instance.id,
      guests: 3,
      price: '300.00',
    });
    // Cancelled: listed as such with its stored figures (the charge it left, paid in full).
    await createBooking(t.db, {
      booking_ref: 'AF-CANC',
      affiliate_id: sunny.id,
      old_lead_passenger: 'Mr C Old',
      instance: lakes.instance,
      created_at: '2026-03-15T12:00:00Z',
      cancelled_at: '2026-04-02T12:00:00Z',
      status: 'Cancelled',
      ...money('150.00', '150.00', '0.00'),
    });
    await createBooking(t.db, {
      booking_ref: 'AF-SEPT',
      affiliate_id: sunny.id,
      customer_id: ann.id,
      instance: autumn.instance,
      created_at: '2026-03-12T09:00:00Z',
      status: 'Pending',
      ...money('700.00', '0.00', '700.00'),
    });
    await createBooking(t.db, {
      booking_ref: 'AF-MAY',
      affiliate_id: sunny.id,
      customer_id: bob.id,
      instance: lakes.instance,
      created_at: '2026-05-02T09:00:00Z',
      status: 'Confirmed',
      ...money('600.00', '100.00', '500.00'),
    });
    await createBooking(t.db, {
      booking_ref: 'OTHER-1',
      affiliate_id: other.id,
      customer_id: ann.id,
      instance: lakes.instance,
      created_at: '2026-03-10T10:00:00Z',
      ...money('999.00', '0.00', '999.00'),
    });
    await createBooking(t.db, {
      booking_ref: 'DIRECT-1',
      customer_id: ann.id,
      instance: lakes.instance,
      created_at: '2026-03-10T10:00:00Z',
      ...money('999.00', '0.00', '999.00'),
    });
  });
  afterAll(async () => t?.close());

  it('refuses filters with the spec messages', async () => {
    const m = REPORT_MESSAGES;
    let r = await refusedReport(t, PATH, {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.affiliate).toEqual([m.affiliate]);
    expect(r.body.errors?.departure_from_date).toEqual([m.affiliateDepartureOrBooking]);

    r = await refusedReport(t, PATH, { affiliate: sunny.id, departure_from_date: '2026-05-01' });
    expect(r.body.errors).toEqual({ departure_to_date: [m.affiliateDepartureTo] });
    r = await refusedReport(t, PATH, { affiliate: sunny.id, departure_to_date: '2026-05-01' });
    expect(r.body.errors).toEqual({ departure_from_date: [m.affiliateDepartureFrom] });
    r = await refusedReport(t, PATH, { affiliate: sunny.id, booking_from_date: '2026-03-01' });
    expect(r.body.errors).toEqual({ booking_to_date: [m.affiliateBookingTo] });
    r = await refusedReport(t, PATH, { affiliate: sunny.id, booking_to_date: '2026-03-01' });
    expect(r.body.errors).toEqual({
      booking_from_date: [m.affiliateBookingFrom],
      departure_from_date: [m.affiliateDepartureOrBooking],
    });
    r = await refusedReport(t, PATH, {
      affiliate: sunny.id,
      booking_from_date: '2026-03-31',
      booking_to_date: '2026-03-01',
    });
    expect(r.body.errors).toEqual({ booking_to_date: [m.toBeforeFrom] });
    // An affiliate that does not exist is refused like a missing one.
    r = await refusedReport(t, PATH, {
      affiliate: 999_999,
      departure_from_date: '2026-05-01',
      departure_to_date: '2026-07-31',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ affiliate: [m.affiliate] });
  });

  it("lists the affiliate's bookings departing in the range, cancelled ones with their status", async () => {
    const file = await fetchReport(
      t,
      PATH,
      { affiliate: sunny.id, departure_from_date: '2026-05-01', departure_to_date: '2026-07-31' },
      t.accountantToken,
    );
    expect(file.name).toBe('Affiliate-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(
      r,
      'Affiliate Report',
      ['Total due', 'Paid', 'Balance'],
      ['Booking date', 'Departure'],
    );
    expect(r.header).toEqual([
      'Affiliate',
      'Booking ref',
      'Customer',
      'Booking date',
      'Departure',
      'Tours',
      'Passengers',
      'Status',
      'Total due',
      'Paid',
      'Balance',
    ]);
    expect(r.filters).toBe('Filters: Affiliate: Sunny Savers · Departure: 01/05/2026 to 31/07/2026');
    expect(r.ran).toContain('by Test Accountant');
    // Ordered by booking date.
    expect(asObjects(r)).toEqual([
      {
        Affiliate: 'Sunny Savers',
        'Booking ref': 'AF-1',
        Customer: 'Mrs Ann Lee',
        'Booking date': '10/03/2026',
        Departure: '01/06/2026',
        Tours: 'Lakes and Dales',
        Passengers: 2,
        Status: 'Confirmed',
        'Total due': 1048,
        Paid: 200,
        Balance: 848,
      },
      {
        Affiliate: 'Sunny Savers',
        'Booking ref': 'AF-CANC',
        Customer: 'Mr C Old',
        'Booking date': '15/03/2026',
        Departure: '01/06/2026',
        Tours: 'Lakes and Dales',
        Passengers: 2,
        Status: 'Cancelled',
        'Total due': 150,
        Paid: 150,
        Balance: 0,
      },
      {
        Affiliate: 'Sunny Savers',
        'Booking ref': 'AF-2',
        Customer: 'Bob Hart',
        'Booking date': '01/04/2026',
        Departure: '15/06/2026',
        Tours: 'Cornish Coast, Lakes and Dales',
        Passengers: 5,
        Status: 'Paid',
        'Total due': 2500.5,
        Paid: 2500.5,
        Balance: 0,
      },
      {
        Affiliate: 'Sunny Savers',
        'Booking ref': 'AF-MAY',
        Customer: 'Bob Hart',
        'Booking date': '02/05/2026',
        Departure: '01/06/2026',
        Tours: 'Lakes and Dales',
        Passengers: 2,
        Status: 'Confirmed',
        'Total due': 600,
        Paid: 100,
        Balance: 500,
      },
    ]);
    expect(rowLabelled(r, 'Total (4 rows)')).toMatchObject({
      Passengers: 11, // 2 + 2 + 5 + 2
      'Total due': 4298.5, // 1048.00 + 150.00 + 2500.50 + 600.00
      Paid: 2950.5, // 200.00 + 150.00 + 2500.50 + 100.00
      Balance: 1348, // 848.00 + 0 + 0 + 500.00
    });
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 4,
      progress_total: 4,
    });
  });

  it('keeps both ranges when both are given, booking dates as London days', async () => {
    const body = {
      affiliate: sunny.id,
      departure_from_date: '2026-05-01',
      departure_to_date: '2026-07-31',
      booking_from_date: '2026-03-01',
      booking_to_date: '2026-03-31',
    };
    let r = await readXlsxReport((await fetchReport(t, PATH, body)).data);
    expect(r.filters).toBe(
      'Filters: Affiliate: Sunny Savers · Departure: 01/05/2026 to 31/07/2026 · Booking date: 01/03/2026 to 31/03/2026',
    );
    // AF-2 was booked at 00:30 on 1 April London time; AF-MAY in May; AF-SEPT departs in September.
    expect(asObjects(r).map((x) => x['Booking ref'])).toEqual(['AF-1', 'AF-CANC']);
    expect(rowLabelled(r, 'Total (2 rows)')).toMatchObject({
      Passengers: 4,
      'Total due': 1198, // 1048.00 + 150.00
      Paid: 350,
      Balance: 848,
    });

    r = await readXlsxReport(
      (
        await fetchReport(t, PATH, {
          affiliate: sunny.id,
          booking_from_date: '2026-03-01',
          booking_to_date: '2026-04-01',
        })
      ).data,
    );
    expect(asObjects(r).map((x) => x['Booking ref'])).toEqual(['AF-1', 'AF-SEPT', 'AF-CANC', 'AF-2']);
    expect(rowLabelled(r, 'Total (4 rows)')).toMatchObject({
      Passengers: 11,
      'Total due': 4398.5, // 1048.00 + 700.00 + 150.00 + 2500.50
      Paid: 2850.5,
      Balance: 1548,
    });
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, PATH, {
      affiliate: sunny.id,
      departure_from_date: '2026-05-01',
      departure_to_date: '2026-07-31',
    });
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3].slice(0, 5)).toEqual([
      'Affiliate',
      'Booking ref',
      'Customer',
      'Booking date',
      'Departure',
    ]);
    const two = lines.find((l) => l[1] === 'AF-2') as string[];
    expect(two.slice(3)).toEqual([
      '01/04/2026',
      '15/06/2026',
      'Cornish Coast, Lakes and Dales',
      '5',
      'Paid',
      '£2,500.50',
      '£2,500.50',
      '£0.00',
    ]);
    const total = lines.find((l) => l[0]?.startsWith('Total')) as string[];
    expect(total.slice(6)).toEqual(['11', '', '£4,298.50', '£2,950.50', '£1,348.00']);
  });

  it('answers an empty report with its message', async () => {
    const file = await fetchReport(t, PATH, {
      affiliate: other.id,
      departure_from_date: '2027-01-01',
      departure_to_date: '2027-01-31',
    });
    const r = await readXlsxReport(file.data);
    expect(r.rows).toEqual([['No bookings of this affiliate match these dates.']]);
  });
});
