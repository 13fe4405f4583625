import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking } from '../helpers/factories';
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

// Revenue per departure (spec 3 §2 Reports, §5 'Revenue report', §7 POST reports/revenue-report,
// §8, §9 net profit; issue #15): each row is what the group screen's calculate-revenue answers.
describe.each(testDbKinds)('revenue report on %s', (kind) => {
  let t: TestContext;
  const ids = { lakes: 0, cornish: 0, highlands: 0, a1: 0, a2: 0, a3: 0, b1: 0, c1: 0 };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const tour = async (name: string) =>
      (await db.insert(s.tours).values({ name, tour_type: 'coach', duration: 5 }).returning())[0];
    const departure = async (tourId: number, date: string) => {
      const [g] = await db.insert(s.tour_groups).values({ tour_id: tourId, start_date: date }).returning();
      const [i] = await db
        .insert(s.tour_instances)
        .values({ tour_id: tourId, tour_group_id: g.id, departure_date: date })
        .returning();
      return { group: g, instance: i };
    };
    const line = (
      bookingId: number,
      inst: { id: number; tour_id: number },
      guests: number,
      price: string,
      sale?: string,
    ) =>
      db.insert(s.tour_bookings).values({
        holiday_booking_id: bookingId,
        tour_id: inst.tour_id,
        tour_instance_id: inst.id,
        guests,
        price,
        sale_price: sale,
      });
    const booking = (fields: Partial<typeof s.bookings.$inferInsert>) => createBooking(db, fields);

    const lakes = await tour('Lakes & Dales');
    const cornish = await tour('Cornish Coast');
    const highlands = await tour('Highlands');
    ids.lakes = lakes.id;
    ids.cornish = cornish.id;
    ids.highlands = highlands.id;
    const a1 = await departure(lakes.id, '2027-06-01');
    const a2 = await departure(lakes.id, '2027-07-15');
    const a3 = await departure(lakes.id, '2028-01-10');
    const b1 = await departure(cornish.id, '2027-06-01');
    const c1 = await departure(highlands.id, '2027-06-01');
    ids.a1 = a1.group.id;
    ids.a2 = a2.group.id;
    ids.a3 = a3.group.id;
    ids.b1 = b1.group.id;
    ids.c1 = c1.group.id;

    // Departure A1 (Lakes & Dales, 1 June 2027).
    const b1c = await booking({ status: 'Confirmed', total_due: '1048.00' });
    await line(b1c.id, a1.instance, 2, '524.00'); // gross 1,048.00; 2 passengers
    const b2p = await booking({ status: 'Paid', total_due: '700.00' });
    await line(b2p.id, a1.instance, 1, '700.00'); // gross 700.00; 1 passenger
    const b3 = await booking({ status: 'Pending', total_due: '500.00' });
    await line(b3.id, a1.instance, 2, '250.00'); // gross 500.00 (live); Pending: no passengers
    const b4 = await booking({
      status: 'Cancelled',
      total_due: '1048.00',
      cancelled_at: '2027-03-01T10:00:00Z',
      cancellation_charge: '150.00',
    });
    await line(b4.id, a1.instance, 2, '524.00'); // cancellation 150.00 (the charge)
    const b5 = await booking({
      status: 'Cancelled',
      total_due: '300.00',
      cancelled_at: '2027-03-02T10:00:00Z',
    });
    await line(b5.id, a1.instance, 1, '300.00'); // cancellation 300.00 (no charge set: the total due)
    // A booking on two departures: 2 × 300.00 = 600.00 on A1, 2 × 200.00 = 400.00 on B1, total due
    // 1,100.00 → A1 1,100 × 600 ÷ 1,000 = 660.00, B1 1,100 × 400 ÷ 1,000 = 440.00; 2 passengers each.
    const b6 = await booking({ status: 'Confirmed', total_due: '1100.00' });
    await line(b6.id, a1.instance, 2, '300.00');
    await line(b6.id, b1.instance, 2, '200.00');
    // Departure B1 (Cornish Coast, 1 June 2027): one more, its sale price above the price.
    const b7 = await booking({ status: 'Confirmed', total_due: '950.00' });
    await line(b7.id, b1.instance, 2, '400.00', '475.00'); // gross 950.00; 2 passengers
    // Highlands (not chosen) and A3 (outside the dates) have bookings that must not show.
    const b8 = await booking({ status: 'Confirmed', total_due: '999.00' });
    await line(b8.id, c1.instance, 2, '499.50');
    const b9 = await booking({ status: 'Confirmed', total_due: '888.00' });
    await line(b9.id, a3.instance, 2, '444.00');

    // A1's internal payments.
    const [hotel, coaches] = await db
      .insert(s.suppliers)
      .values([{ supplier_name: 'Hotel Alpenrose' }, { supplier_name: 'Lakeside Coaches' }])
      .returning();
    const [fiona] = await db
      .insert(s.tour_managers)
      .values({
        firstname: 'Fiona',
        lastname: 'Baxter',
        email: 'fiona@example.co.uk',
        mobile_number: '07700 900456',
        telephone_number: '020 7946 0000',
      })
      .returning();
    const [invoice] = await db
      .insert(s.party_invoices)
      .values({
        invoice_for: 'supplier',
        supplier_id: coaches.id,
        invoice_number: 'LC-1',
        currency_type: 'EUR',
        currency_exchange_rate: '1.1628',
        invoice_amount: '1000.00',
        invoice_date: '2027-05-02',
        invoice_due_date: '2027-06-30',
        total_linked: '500.00',
      })
      .returning();
    await db.insert(s.tour_group_payments).values([
      // 40.00 a head × 5 passengers = 200.00
      {
        tour_group_id: a1.group.id,
        payment_for: 1,
        supplier_id: hotel.id,
        estimated_cost: '40.00',
        per_person_basis: true,
      },
      // €500.00 of the invoice ÷ 1.1628 = 429.99656… → 430.00
      {
        tour_group_id: a1.group.id,
        payment_for: 1,
        supplier_id: coaches.id,
        supplier_invoice_id: invoice.id,
        invoice_asigned_amount: '500.00',
      },
      // $350.00 at 1 USD = 1.25 Sterling → 350 ÷ 1.25 = 280.00
      {
        tour_group_id: a1.group.id,
        payment_for: 2,
        tour_manager_id: fiona.id,
        estimated_cost: '350.00',
        currency_type: 'USD',
        currency_exchange_rate: '1.25',
      },
      // A2 has no bookings but a 120.00 cost: profit floored at 0.00.
      { tour_group_id: a2.group.id, payment_for: 1, supplier_id: hotel.id, estimated_cost: '120.00' },
    ]);
  });
  afterAll(async () => t?.close());

  const body = () => ({
    departureDateStart: '2027-05-01',
    departureDateEnd: '2027-12-31',
    selected_tours: [ids.lakes, ids.cornish],
  });
  const groupScreen = async (id: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tours/groups/${id}/calculate-revenue`,
      headers: bearer(t.accountantToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it("refuses with the spec's messages; the envelope's message is what the screen shows (spec 3 §8)", async () => {
    let r = await refusedReport(t, '/reports/revenue-report', {});
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(REPORT_MESSAGES.invalidData);
    expect(r.body.errors?.selected_tours).toEqual([REPORT_MESSAGES.revenueTours]);
    r = await refusedReport(t, '/reports/revenue-report', {
      selected_tours: [ids.lakes],
      departureDateStart: '2027-05-01',
    });
    expect(r.body.message).toBe('The given data was invalid.');
    expect(r.body.errors?.departureDateEnd).toEqual([REPORT_MESSAGES.revenueDepartureTo]);
    r = await refusedReport(t, '/reports/revenue-report', {
      selected_tours: [ids.lakes],
      departureDateEnd: '2027-05-01',
    });
    expect(r.body.errors?.departureDateStart).toEqual([REPORT_MESSAGES.revenueDepartureFrom]);
  });

  it('lists each departure with the figures worked by hand and the totals', async () => {
    const file = await fetchReport(t, '/reports/revenue-report', body(), t.accountantToken);
    expect(file.name).toBe('Revenue-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(
      r,
      'Revenue Report',
      ['Gross revenue', 'Cancellation revenue', 'Supplier costs', 'Profit'],
      ['Departure'],
    );
    expect(r.header).toEqual([
      'Tour',
      'Departure',
      'Passengers',
      'Gross revenue',
      'Cancellation revenue',
      'Supplier costs',
      'Profit',
    ]);
    expect(r.filters).toBe(
      'Filters: Tours: Cornish Coast, Lakes & Dales · Departure: 01/05/2027 to 31/12/2027',
    );
    // Departure date, then tour name: Cornish Coast before Lakes & Dales on 1 June.
    expect(asObjects(r)).toEqual([
      {
        Tour: 'Cornish Coast',
        Departure: '01/06/2027',
        Passengers: 4,
        'Gross revenue': 1390, // 440.00 + 950.00
        'Cancellation revenue': 0,
        'Supplier costs': 0,
        Profit: 1390,
      },
      {
        Tour: 'Lakes & Dales',
        Departure: '01/06/2027',
        Passengers: 5, // 2 + 1 + 2 (the Pending booking's 2 not counted)
        'Gross revenue': 2908, // 1,048 + 700 + 500 + 660
        'Cancellation revenue': 450, // 150 + 300
        'Supplier costs': 910, // 200 + 430 + 280
        Profit: 2448, // 2,908 + 450 − 910
      },
      {
        Tour: 'Lakes & Dales',
        Departure: '15/07/2027',
        Passengers: 0,
        'Gross revenue': 0,
        'Cancellation revenue': 0,
        'Supplier costs': 120,
        Profit: 0, // floored
      },
    ]);
    expect(rowLabelled(r, 'Total (3 rows)')).toMatchObject({
      Passengers: 9,
      'Gross revenue': 4298,
      'Cancellation revenue': 450,
      'Supplier costs': 1030,
      Profit: 3838,
    });
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 3,
      progress_total: 3,
    });
  });

  it("answers for each departure exactly what the group screen's calculate-revenue answers", async () => {
    const r = await readXlsxReport((await fetchReport(t, '/reports/revenue-report', body())).data);
    const rows = asObjects(r);
    const screens = await Promise.all([ids.b1, ids.a1, ids.a2].map(groupScreen));
    rows.forEach((row, i) => {
      const g = screens[i];
      expect(row).toMatchObject({
        Passengers: g.passengers,
        'Gross revenue': Number(g.gross_revenue),
        'Cancellation revenue': Number(g.cancellation_revenue),
        'Supplier costs': Number(g.supplier_costs),
        Profit: Number(g.tour_profit),
      });
    });
    // And the screen's figures are the hand-worked ones (one implementation).
    expect(screens[1]).toMatchObject({
      gross_revenue: '2908.00',
      cancellation_revenue: '450.00',
      passengers: 5,
      supplier_costs: '910.00',
      tour_profit: '2448.00',
    });
    expect(screens[1].internal_payments.map((p: { supplier_cost: string }) => p.supplier_cost)).toEqual([
      '200.00',
      '430.00',
      '280.00',
    ]);
  });

  it('without dates lists every departure of the chosen tours (a comma list works too)', async () => {
    const r = await readXlsxReport(
      (await fetchReport(t, '/reports/revenue-report', { selected_tours: `${ids.lakes}` })).data,
    );
    expect(r.filters).toBe('Filters: Tours: Lakes & Dales');
    expect(asObjects(r).map((x) => [x.Tour, x.Departure, x['Gross revenue']])).toEqual([
      ['Lakes & Dales', '01/06/2027', 2908],
      ['Lakes & Dales', '15/07/2027', 0],
      ['Lakes & Dales', '10/01/2028', 888],
    ]);
    const empty = await readXlsxReport(
      (
        await fetchReport(t, '/reports/revenue-report', {
          selected_tours: [ids.highlands],
          departureDateStart: '2030-01-01',
          departureDateEnd: '2030-01-31',
        })
      ).data,
    );
    expect(empty.rows).toEqual([['No departures of these tours fall in these dates.']]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, '/reports/revenue-report', body());
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3]).toEqual([
      'Tour',
      'Departure',
      'Passengers',
      'Gross revenue',
      'Cancellation revenue',
      'Supplier costs',
      'Profit',
    ]);
    expect(lines[5]).toEqual([
      'Lakes & Dales',
      '01/06/2027',
      '5',
      '£2,908.00',
      '£450.00',
      '£910.00',
      '£2,448.00',
    ]);
    const total = lines.find((l) => l[0]?.startsWith('Total')) as string[];
    expect(total).toEqual(['Total (3 rows)', '', '9', '£4,298.00', '£450.00', '£1,030.00', '£3,838.00']);
  });
});
