import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { TOMS_QUARTER_MESSAGE } from '../../src/shared/api/toms';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking } from '../helpers/factories';
import { asObjects, fetchReport, readXlsxReport, refusedReport, rowLabelled } from '../helpers/reports';

// TOMS, the VAT margin scheme (issue #27; HMRC VAT Notice 709/5; src/shared/toms.ts): a booking's
// margin with a EUR hotel invoice linked to its departure (converted ÷ rate, apportioned over the
// departure's live passengers) and its airline costs, and the quarter's working spreadsheet whose
// totals equal the per-booking answers to the penny.
describe.each(testDbKinds)('TOMS on %s', (kind) => {
  let t: TestContext;
  const b: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const country = async (iso: string) =>
      (await queryRows<{ id: number }>(db, sql`select id from countries where iso_code = ${iso}`))[0].id;
    const tour = async (name: string, iso: string) =>
      (
        await db
          .insert(s.tours)
          .values({ name, tour_type: 'air', duration: 7, destination: await country(iso) })
          .returning()
      )[0];
    const group = async (tourId: number, date: string, instances: number) => {
      const [g] = await db.insert(s.tour_groups).values({ tour_id: tourId, start_date: date }).returning();
      const list = await db
        .insert(s.tour_instances)
        .values(
          Array.from({ length: instances }, () => ({
            tour_id: tourId,
            tour_group_id: g.id,
            departure_date: date,
          })),
        )
        .returning();
      return { g, list };
    };
    const booking = async (
      inst: { id: number; tour_id: number; departure_date: string },
      guests: number,
      fields: Partial<typeof s.bookings.$inferInsert>,
      airline: string[] = [],
    ) => {
      const bk = await createBooking(db, { departure_date: inst.departure_date, ...fields });
      const [line] = await db
        .insert(s.tour_bookings)
        .values({
          holiday_booking_id: bk.id,
          tour_id: inst.tour_id,
          tour_instance_id: inst.id,
          guests,
          price: '1',
        })
        .returning();
      if (airline.length)
        await db
          .insert(s.tour_booking_airline_costs)
          .values(airline.map((flight_cost) => ({ tour_booking_id: line.id, flight_cost })));
      return bk.id;
    };

    // Tyrol (Austria: zero-rated), 10/02/2027, two departures (airports) of one group.
    const tyrol = await tour('Tyrol Lakes', 'AT');
    const g1 = await group(tyrol.id, '2027-02-10', 2);
    const [i1, i2] = g1.list;
    b.b1 = await booking(i1, 2, { status: 'Confirmed', total_due: '2400.00' }, ['310.00', '95.50']);
    b.b2 = await booking(i2, 1, { status: 'Paid', total_due: '1100.00' });
    b.b3 = await booking(i1, 4, { status: 'Pending', total_due: '3000.00' });
    b.b4 = await booking(
      i1,
      2,
      {
        status: 'Cancelled',
        total_due: '1200.00',
        cancelled_at: '2027-01-05T10:00:00Z',
        cancellation_charge: '200.00',
      },
      ['150.00'],
    );
    // Cornwall (UK: standard-rated), 05/03/2027.
    const cornwall = await tour('Cornish Coast', 'GB');
    const g2 = await group(cornwall.id, '2027-03-05', 1);
    b.b5 = await booking(g2.list[0], 3, { status: 'Confirmed', total_due: '1500.00' });
    b.b6 = await booking(g2.list[0], 1, { status: 'Confirmed', total_due: '200.00' });
    // Outside the quarter (02/04/2027): not in the working.
    const g3 = await group(cornwall.id, '2027-04-02', 1);
    b.b7 = await booking(g3.list[0], 2, { status: 'Confirmed', total_due: '999.00' });
    await db.insert(s.passengers).values([
      { holiday_booking_id: b.b1, first_name: 'Anna', last_name: 'Hughes' },
      { holiday_booking_id: b.b1, first_name: 'Tom', last_name: 'Hughes' },
      { holiday_booking_id: b.b5, first_name: 'Rhys', last_name: 'Evans' },
    ]);

    const [hotel, coaches] = await db
      .insert(s.suppliers)
      .values([{ supplier_name: 'Hotel Seeblick' }, { supplier_name: 'Kernow Coaches' }])
      .returning();
    const [tm] = await db
      .insert(s.tour_managers)
      .values({
        firstname: 'Fiona',
        lastname: 'Baxter',
        email: 'fiona@example.co.uk',
        mobile_number: '07700 900456',
        telephone_number: '020 7946 0000',
      })
      .returning();
    const invoice = async (v: Partial<typeof s.party_invoices.$inferInsert>) =>
      (
        await db
          .insert(s.party_invoices)
          .values({
            invoice_for: 'supplier',
            invoice_number: `INV-${Math.random()}`,
            invoice_amount: '0',
            invoice_date: '2027-01-02',
            invoice_due_date: '2027-02-01',
            ...v,
          } as typeof s.party_invoices.$inferInsert)
          .returning()
      )[0];
    const eur = await invoice({
      supplier_id: hotel.id,
      currency_type: 'EUR',
      currency_exchange_rate: '1.17',
      invoice_amount: '2450.00',
      total_linked: '2450.00',
    });
    const gbp = await invoice({ supplier_id: coaches.id, invoice_amount: '700.00', total_linked: '350.00' });
    const tmInvoice = await invoice({
      invoice_for: 'tour_manager',
      tour_manager_id: tm.id,
      invoice_amount: '490.00',
      total_linked: '490.00',
    });
    const uk = await invoice({ supplier_id: coaches.id, invoice_amount: '1000.00', total_linked: '900.00' });
    const usd = await invoice({
      supplier_id: hotel.id,
      currency_type: 'USD',
      currency_exchange_rate: '1.25',
      invoice_amount: '250.00',
      total_linked: '250.00',
    });
    await db.insert(s.tour_group_payments).values([
      // €2,450.00 ÷ 1.17 = £2,094.0170… → £2,094.02
      {
        tour_group_id: g1.g.id,
        payment_for: 1,
        supplier_id: hotel.id,
        supplier_invoice_id: eur.id,
        invoice_asigned_amount: '2450.00',
      },
      {
        tour_group_id: g1.g.id,
        payment_for: 1,
        supplier_id: coaches.id,
        supplier_invoice_id: gbp.id,
        invoice_asigned_amount: '350.00',
      },
      // The tour manager: in-house (the setting's default), £490.00.
      {
        tour_group_id: g1.g.id,
        payment_for: 2,
        tour_manager_id: tm.id,
        supplier_invoice_id: tmInvoice.id,
        invoice_asigned_amount: '490.00',
      },
      // An estimate without an invoice is not a cost incurred: left out.
      { tour_group_id: g1.g.id, payment_for: 1, supplier_id: hotel.id, estimated_cost: '1000.00' },
      {
        tour_group_id: g2.g.id,
        payment_for: 1,
        supplier_id: coaches.id,
        supplier_invoice_id: uk.id,
        invoice_asigned_amount: '900.00',
      },
      // $250.00 ÷ 1.25 = £200.00
      {
        tour_group_id: g2.g.id,
        payment_for: 1,
        supplier_id: hotel.id,
        supplier_invoice_id: usd.id,
        invoice_asigned_amount: '250.00',
      },
    ]);
  });
  afterAll(async () => t?.close());

  const figures = async (id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/toms/bookings/${id}`,
      headers: bearer(t.accountantToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it("works out a booking's margin by hand: EUR hotel invoice ÷ rate, apportioned over the live passengers, plus airline costs", async () => {
    // Tyrol's group: bought-in £2,094.02 + £350.00 = £2,444.02 over 7 live passengers (2 + 1 + 4;
    // the cancelled booking's 2 are not live); B1 has 2: £698.29; in-house £490.00 × 2/7 = £140.00.
    // Bought-in = £698.29 + airline £310.00 + £95.50 = £1,103.79; margin = 2,400 − 140 − 1,103.79.
    expect(await figures(b.b1)).toMatchObject({
      outside_uk: true,
      cancelled: false,
      vat_rate: '20',
      selling_price: '2400.00',
      supplier_costs: '698.29',
      airline_costs: '405.50',
      bought_in_uk: '0.00',
      bought_in_non_uk: '1103.79',
      in_house: '140.00',
      margin_uk: '0.00',
      margin_non_uk: '1156.21',
      vat_due: '0.00',
    });
    const one = await figures(b.b1);
    expect(one.groups).toEqual([
      expect.objectContaining({
        tour: 'Tyrol Lakes',
        start_date: '2027-02-10',
        group_bought_in: '2444.02',
        group_in_house: '490.00',
        booking_guests: 2,
        group_guests: 7,
        bought_in_share: '698.29',
        in_house_share: '140.00',
      }),
    ]);
    // Cornwall: £900.00 + $250 ÷ 1.25 = £1,100.00 over 4; B5 has 3 = £825.00; margin £675.00,
    // VAT-inclusive at 20 %: £675.00 × 1/6 = £112.50.
    expect(await figures(b.b5)).toMatchObject({
      outside_uk: false,
      bought_in_uk: '825.00',
      margin_uk: '675.00',
      vat_due: '112.50',
    });
    // B6 sells below its cost: margin −£75.00, no VAT.
    expect(await figures(b.b6)).toMatchObject({ margin_uk: '-75.00', vat_due: '0.00' });
    // The cancelled booking: its charge kept, its own airline seats, no share of the group.
    expect(await figures(b.b4)).toMatchObject({
      cancelled: true,
      selling_price: '200.00',
      supplier_costs: '0.00',
      bought_in_non_uk: '150.00',
      margin_non_uk: '50.00',
    });
  });

  it('answers 404 for an unknown booking and 422 for a bad id', async () => {
    let res = await t.app.inject({
      method: 'GET',
      url: '/api/toms/bookings/999999',
      headers: bearer(t.accountantToken),
    });
    expect(res.statusCode).toBe(404);
    res = await t.app.inject({
      method: 'GET',
      url: '/api/toms/bookings/abc',
      headers: bearer(t.accountantToken),
    });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a quarter that is not a month', async () => {
    const r = await refusedReport(t, '/reports/toms-working', { quarter: '2027-13' });
    expect(r.status).toBe(422);
    expect(r.body.errors?.quarter).toEqual([TOMS_QUARTER_MESSAGE]);
  });

  it("the quarter's working: a row per booking departing in it, totals equal to the per-booking answers to the penny, and a summary to file from", async () => {
    const file = await fetchReport(t, '/reports/toms-working', { quarter: '2027-01' }, t.accountantToken);
    expect(file.name).toBe('TOMS-Working-2027-01.xlsx');
    const r = await readXlsxReport(file.data);
    expect(r.title).toBe('TOMS Working');
    expect(r.filters).toContain('VAT quarter: 01/01/2027 to 31/03/2027');
    const rows = asObjects(r);
    const ids = [b.b1, b.b2, b.b3, b.b4, b.b5, b.b6];
    expect(rows.map((x) => x.Status)).toEqual([
      'Confirmed',
      'Paid',
      'Pending',
      'Cancelled',
      'Confirmed',
      'Confirmed',
    ]);
    expect(rows[0]).toMatchObject({
      Departure: '10/02/2027',
      'Lead name': 'Anna Hughes',
      'VAT treatment': 'Zero-rated (outside the UK)',
      'Selling price': 2400,
      'Bought-in costs non-UK': 1103.79,
      'In-house excluded': 140,
      'Margin non-UK': 1156.21,
      'VAT due': 0,
    });
    expect(rows[4]).toMatchObject({
      'Lead name': 'Rhys Evans',
      'VAT treatment': 'Standard-rated (UK)',
      'VAT due': 112.5,
    });
    // Every row is the endpoint's answer for that booking.
    const answers = await Promise.all(ids.map(figures));
    const sum = (k: string) =>
      (answers.reduce((acc, a) => acc + Math.round(Number(a[k]) * 100), 0) / 100).valueOf();
    const total = rowLabelled(r, 'Total (6 rows)');
    expect(total).toMatchObject({
      'Selling price': 8400,
      'Bought-in costs UK': 1100,
      'Bought-in costs non-UK': 2999.52,
      'In-house excluded': 490,
      'Margin UK': 600,
      'Margin non-UK': 3210.48,
      'VAT due': 112.5,
    });
    expect(total).toMatchObject({
      'Selling price': sum('selling_price'),
      'Bought-in costs UK': sum('bought_in_uk'),
      'Bought-in costs non-UK': sum('bought_in_non_uk'),
      'In-house excluded': sum('in_house'),
      'Margin UK': sum('margin_uk'),
      'Margin non-UK': sum('margin_non_uk'),
      'VAT due': sum('vat_due'),
    });
    // The filing summary: the losses offset within the quarter (£675.00 − £75.00 = £600.00 → £100.00).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.data as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('Summary');
    expect(summary).toBeDefined();
    const lines = new Map<string, unknown>();
    summary?.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(lines.get('Total margin standard-rated (UK, VAT-inclusive)')).toBe(600);
    expect(lines.get('Total margin zero-rated (outside the UK)')).toBe(3210.48);
    expect(lines.get('VAT due on the standard-rated margin (losses offset within the quarter)')).toBe(100);
    expect(lines.get('VAT of the bookings with a positive margin (no offset; the VAT due column)')).toBe(
      112.5,
    );
  });

  it('reads the settings: tour managers bought in when toms_tour_managers_in_house is no; the VAT rate from vat_standard_rate', async () => {
    const set = (name: string, value: string) =>
      t.db.execute(sql`update system_settings set value = ${value} where name = ${name}`);
    await set('toms_tour_managers_in_house', 'no');
    await set('vat_standard_rate', '17.5');
    try {
      // B1 now bears 2/7 of £2,444.02 + £490.00 = £2,934.02 → £838.29, nothing in-house.
      expect(await figures(b.b1)).toMatchObject({ supplier_costs: '838.29', in_house: '0.00' });
      // B5: £675.00 × 17.5 / 117.5 = £100.531… → £100.53.
      expect(await figures(b.b5)).toMatchObject({ vat_rate: '17.5', vat_due: '100.53' });
    } finally {
      await set('toms_tour_managers_in_house', 'yes');
      await set('vat_standard_rate', '20');
    }
  });
});
