import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate } from '../helpers/factories';
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

const PATH = '/reports/payment-report';

// Payment report (spec 3 §2 Reports, §4 'Payment report', §7 POST reports/payment-report, §8;
// docs/money.md 'Money owed'; issue #15): invoices of suppliers and tour managers, and the
// affiliates' adverts (Artwork-Report). Every figure is worked by hand.
describe.each(testDbKinds)('payment report on %s', (kind) => {
  let t: TestContext;
  const ids = { alpenrose: 0, lakeside: 0, zeta: 0, fiona: 0, adam: 0, coastal: 0, weekend: 0 };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const [alpenrose, lakeside, zeta] = await db
      .insert(s.suppliers)
      .values([
        { supplier_name: 'Hotel Alpenrose' },
        { supplier_name: 'Lakeside Coaches' },
        { supplier_name: 'Zeta Transfers' },
      ])
      .returning();
    const manager = {
      email: 'tm@example.co.uk',
      mobile_number: '07700 900456',
      telephone_number: '020 7946 0000',
    };
    const [fiona, adam] = await db
      .insert(s.tour_managers)
      .values([
        { firstname: 'Fiona', lastname: 'Baxter', ...manager },
        { firstname: 'Adam', lastname: 'Cole', ...manager },
      ])
      .returning();
    const coastal = await createAffiliate(db, { name: 'Coastal Times' });
    const weekend = await createAffiliate(db, { name: 'Weekend Mag' });
    Object.assign(ids, {
      alpenrose: alpenrose.id,
      lakeside: lakeside.id,
      zeta: zeta.id,
      fiona: fiona.id,
      adam: adam.id,
      coastal: coastal.id,
      weekend: weekend.id,
    });

    const invoice = async (
      party: Partial<typeof s.party_invoices.$inferInsert>,
      fields: {
        number: string;
        currency?: 'EUR' | 'USD' | 'Sterling';
        rate?: string;
        amount: string;
        date: string;
        due: string;
      },
      payments: Array<[string, string]> = [],
    ) => {
      const paid = payments.reduce((sum, [a]) => sum + Math.round(Number(a) * 100), 0) / 100;
      const [row] = await db
        .insert(s.party_invoices)
        .values({
          invoice_for: 'supplier',
          ...party,
          invoice_number: fields.number,
          currency_type: fields.currency ?? 'Sterling',
          currency_exchange_rate: fields.rate ?? '1',
          invoice_amount: fields.amount,
          invoice_date: fields.date,
          invoice_due_date: fields.due,
          total_paid: paid.toFixed(2),
        })
        .returning();
      for (const [amount, date] of payments)
        await db
          .insert(s.invoice_payments)
          .values({ invoice_id: row.id, paid_amount: amount, payment_mode: 'bank', payment_date: date });
    };
    // €1,000.00 at 1.1628: converted 859.99; paid €500.00 → £430.00 (429.99656…); outstanding €500.00 → £430.00.
    await invoice(
      { supplier_id: alpenrose.id },
      {
        number: 'ALP-1',
        currency: 'EUR',
        rate: '1.1628',
        amount: '1000.00',
        date: '2027-05-02',
        due: '2027-06-30',
      },
      [
        ['300.00', '2027-06-10'],
        ['200.00', '2027-07-01'],
      ],
    );
    await invoice(
      { supplier_id: alpenrose.id },
      { number: 'ALP-2', amount: '250.50', date: '2027-08-01', due: '2027-09-01' },
    );
    // $1,200.00 at 1.25: £960.00, paid in full.
    await invoice(
      { supplier_id: lakeside.id },
      {
        number: 'LC-7',
        currency: 'USD',
        rate: '1.25',
        amount: '1200.00',
        date: '2027-04-15',
        due: '2027-05-15',
      },
      [['1200.00', '2027-05-10']],
    );
    await invoice(
      { supplier_id: zeta.id },
      { number: 'ZT-1', amount: '99.99', date: '2027-06-20', due: '2027-07-20' },
      [['50.00', '2027-06-25']],
    );
    await invoice(
      { invoice_for: 'tour_manager', tour_manager_id: fiona.id },
      { number: 'FB-01', amount: '600.00', date: '2027-05-20', due: '2027-06-05' },
      [['600.00', '2027-06-01']],
    );
    // €400.00 at 1.16: 344.8275… → £344.83.
    await invoice(
      { invoice_for: 'tour_manager', tour_manager_id: adam.id },
      {
        number: 'AC-9',
        currency: 'EUR',
        rate: '1.16',
        amount: '400.00',
        date: '2027-06-01',
        due: '2027-07-01',
      },
    );
    // An affiliate's invoice (not an advert): in neither list.
    await invoice(
      { invoice_for: 'affiliate', affiliate_id: coastal.id },
      { number: 'CT-INV', amount: '75.00', date: '2027-06-01', due: '2027-07-01' },
    );

    // Adverts.
    const [half, quarter] = await db
      .insert(s.advertise_sizes)
      .values([{ size_name: 'Half page' }, { size_name: 'Quarter page' }])
      .returning();
    const [lakes, cornish] = await db
      .insert(s.tours)
      .values([
        { name: 'Lakes & Dales', tour_type: 'coach' },
        { name: 'Cornish Coast', tour_type: 'coach' },
      ])
      .returning();
    const [ad1, ad2] = await db
      .insert(s.advertisements)
      .values([
        {
          affiliate_id: coastal.id,
          size_id: half.id,
          placemenet_date: '2027-03-01',
          expiry_date: '2027-03-31',
          total_cost: '500.00',
          submission_deadline_date: '2027-02-15',
          is_graphic_created: true,
          is_sent: true,
          invoice_number: 'CT-100',
          invoice_amount: '480.00',
          invoice_due_date: '2027-04-01',
          payment_mode: 'bank',
          payment_date: '2027-03-20',
          payment_amount: '200.00',
        },
        {
          affiliate_id: coastal.id,
          size_id: quarter.id,
          placemenet_date: '2027-05-01',
          expiry_date: '2027-05-31',
          total_cost: '250.00',
          submission_deadline_date: '2027-04-10',
        },
        {
          affiliate_id: weekend.id,
          size_id: half.id,
          placemenet_date: '2027-04-01',
          expiry_date: '2027-06-30',
          paid_status: true,
          is_graphic_created: true,
          invoice_number: 'WM-1',
          invoice_amount: '150.00',
          invoice_due_date: '2027-05-01',
          payment_mode: 'Card',
          payment_date: '2027-04-20',
          payment_amount: '150.00',
        },
      ])
      .returning();
    await db.insert(s.advertisement_products).values([
      { advertisement_id: ad1.id, tour_id: lakes.id, amount: '300.00' },
      { advertisement_id: ad1.id, tour_id: cornish.id, amount: '200.00' },
      { advertisement_id: ad2.id, tour_id: lakes.id, amount: '250.00' },
    ]);
  });
  afterAll(async () => t?.close());

  const invoices = async (body: object) => {
    const file = await fetchReport(t, PATH, body);
    expect(file.name).toBe('Payment-Report.xlsx');
    return readXlsxReport(file.data);
  };
  const adverts = async (body: object) => {
    const file = await fetchReport(t, PATH, { report_for: 'affiliate', ...body });
    expect(file.name).toBe('Artwork-Report.xlsx');
    return readXlsxReport(file.data);
  };
  const numbers = (r: Awaited<ReturnType<typeof invoices>>) => asObjects(r).map((x) => x['Invoice number']);

  it('refuses a to date before its from date with the message the screen shows (spec 3 §8)', async () => {
    const r = await refusedReport(t, PATH, { invoiceDueStart: '2027-06-01', invoiceDueEnd: '2027-05-01' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(REPORT_MESSAGES.invalidData);
    expect(r.body.errors?.invoiceDueEnd).toEqual([REPORT_MESSAGES.toBeforeFrom]);
    const bad = await refusedReport(t, PATH, { report_for: 'agent' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('The given data was invalid.');
  });

  it("lists every supplier's invoices (empty list = all) with subtotals per supplier and totals", async () => {
    const file = await fetchReport(t, PATH, { report_for: 'supplier', supplier_id: [] }, t.accountantToken);
    const r = await readXlsxReport(file.data);
    expectReportLayout(
      r,
      'Payment Report',
      ['Converted £', 'Paid £', 'Outstanding £'],
      ['Invoice date', 'Due date', 'Last payment'],
    );
    expect(r.header).toEqual([
      'Supplier',
      'Invoice number',
      'Invoice date',
      'Due date',
      'Currency',
      'Amount',
      'Exchange rate (per £1)',
      'Converted £',
      'Paid',
      'Outstanding',
      'Paid £',
      'Outstanding £',
      'Payments',
      'Last payment',
    ]);
    expect(r.formats[5]).toBe('#,##0.00');
    expect(r.formats[6]).toBe('0.00####');
    expect(r.filters).toBe('Filters: Payment for: Suppliers · Suppliers: all');
    const h = r.header;
    const row = (...cells: Array<string | number | null>) =>
      Object.fromEntries(h.map((k, i) => [k, cells[i]]));
    expect(r.rows.map((x) => Object.fromEntries(h.map((k, i) => [k, x[i] ?? null])))).toEqual([
      row(
        'Hotel Alpenrose',
        'ALP-1',
        '02/05/2027',
        '30/06/2027',
        'EUR',
        1000,
        1.1628,
        859.99,
        500,
        500,
        430,
        430,
        2,
        '01/07/2027',
      ),
      row(
        'Hotel Alpenrose',
        'ALP-2',
        '01/08/2027',
        '01/09/2027',
        'Sterling',
        250.5,
        1,
        250.5,
        0,
        250.5,
        0,
        250.5,
        0,
        null,
      ),
      row(
        'Total Hotel Alpenrose',
        null,
        null,
        null,
        null,
        null,
        null,
        1110.49,
        null,
        null,
        430,
        680.5,
        2,
        null,
      ),
      row(
        'Lakeside Coaches',
        'LC-7',
        '15/04/2027',
        '15/05/2027',
        'USD',
        1200,
        1.25,
        960,
        1200,
        0,
        960,
        0,
        1,
        '10/05/2027',
      ),
      row('Total Lakeside Coaches', null, null, null, null, null, null, 960, null, null, 960, 0, 1, null),
      row(
        'Zeta Transfers',
        'ZT-1',
        '20/06/2027',
        '20/07/2027',
        'Sterling',
        99.99,
        1,
        99.99,
        50,
        49.99,
        50,
        49.99,
        1,
        '25/06/2027',
      ),
      row('Total Zeta Transfers', null, null, null, null, null, null, 99.99, null, null, 50, 49.99, 1, null),
      // 859.99 + 250.50 + 960 + 99.99; 430 + 960 + 50; 430 + 250.50 + 49.99; 2 + 1 + 1
      row('Total (4 rows)', null, null, null, null, null, null, 2170.48, null, null, 1440, 730.49, 4, null),
    ]);
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 4,
      progress_total: 4,
    });
  });

  it('narrows suppliers by the chosen list and by each of its date pairs', async () => {
    let r = await invoices({
      report_for: 'supplier',
      supplier_id: [ids.alpenrose, ids.zeta],
      invoiceDeadlineStart: '2027-05-01',
      invoiceDeadlineEnd: '2027-06-30',
    });
    expect(numbers(r)).toEqual(['ALP-1', 'ZT-1']);
    expect(r.filters).toBe(
      'Filters: Payment for: Suppliers · Suppliers: Hotel Alpenrose, Zeta Transfers · Invoice date: 01/05/2027 to 30/06/2027',
    );
    expect(rowLabelled(r, 'Total (2 rows)')).toMatchObject({
      'Converted £': 959.98,
      'Outstanding £': 479.99,
    });
    r = await invoices({ invoiceDueStart: '2027-06-01', invoiceDueEnd: '2027-07-31' });
    expect(numbers(r)).toEqual(['ALP-1', 'ZT-1']);
    // A payment dated in June: ALP-1 (10 June) and ZT-1 (25 June), not LC-7 (paid 10 May).
    r = await invoices({ paymentStart: '2027-06-01', paymentEnd: '2027-06-30', supplier_id: '' });
    expect(numbers(r)).toEqual(['ALP-1', 'ZT-1']);
    expect(r.filters).toContain('Paid: 01/06/2027 to 30/06/2027');
    r = await invoices({ paymentStart: '2027-07-01' });
    expect(numbers(r)).toEqual(['ALP-1']);
    // The advert pairs mean nothing here.
    r = await invoices({ placementDeadlineStart: '2030-01-01', placementDeadlineEnd: '2030-01-31' });
    expect(numbers(r)).toEqual(['ALP-1', 'ALP-2', 'LC-7', 'ZT-1']);
    r = await invoices({ supplier_id: [ids.lakeside], invoiceDueStart: '2030-01-01' });
    expect(r.rows).toEqual([['No invoices match these filters.']]);
  });

  it("lists the tour managers' invoices", async () => {
    let r = await invoices({ report_for: 'tour_manager' });
    expect(r.header[0]).toBe('Tour manager');
    expect(r.filters).toBe('Filters: Payment for: Tour managers · Tour managers: all');
    expect(asObjects(r)).toEqual([
      expect.objectContaining({
        'Tour manager': 'Adam Cole',
        'Invoice number': 'AC-9',
        Currency: 'EUR',
        Amount: 400,
        'Exchange rate (per £1)': 1.16,
        'Converted £': 344.83,
        Paid: 0,
        Outstanding: 400,
        'Paid £': 0,
        'Outstanding £': 344.83,
        Payments: 0,
        'Last payment': null,
      }),
      expect.objectContaining({
        'Tour manager': 'Fiona Baxter',
        'Invoice number': 'FB-01',
        'Converted £': 600,
        Paid: 600,
        Outstanding: 0,
        Payments: 1,
        'Last payment': '01/06/2027',
      }),
    ]);
    expect(rowLabelled(r, 'Total (2 rows)')).toMatchObject({
      'Converted £': 944.83,
      'Paid £': 600,
      'Outstanding £': 344.83,
      Payments: 1,
    });
    r = await invoices({
      report_for: 'tour_manager',
      tour_manager_id: `${ids.fiona}`,
      supplier_id: [ids.zeta],
    });
    expect(numbers(r)).toEqual(['FB-01']);
    expect(r.filters).toContain('Tour managers: Fiona Baxter');
  });

  it("lists the affiliates' adverts as the Artwork report, with subtotals and totals", async () => {
    const r = await adverts({ affiliates_id: [] });
    expectReportLayout(
      r,
      'Artwork Report',
      ['Cost', 'Invoiced', 'Paid', 'Outstanding'],
      ['Placement', 'Expiry', 'Artwork deadline', 'Invoice due', 'Paid on'],
    );
    expect(r.filters).toBe('Filters: Payment for: Affiliates · Affiliates: all');
    expect(r.header).toEqual([
      'Affiliate',
      'Size',
      'Placement',
      'Expiry',
      'Artwork deadline',
      'Tours',
      'Invoice number',
      'Invoice due',
      'Cost',
      'Invoiced',
      'Paid',
      'Outstanding',
      'Paid on',
      'Paid?',
      'Created?',
      'Sent?',
    ]);
    const h = r.header;
    const row = (...cells: Array<string | number | null>) =>
      Object.fromEntries(h.map((k, i) => [k, cells[i]]));
    expect(r.rows.map((x) => Object.fromEntries(h.map((k, i) => [k, x[i] ?? null])))).toEqual([
      // Billed: the invoice amount 480.00; outstanding 480 − 200 = 280.00.
      row(
        'Coastal Times',
        'Half page',
        '01/03/2027',
        '31/03/2027',
        '15/02/2027',
        'Cornish Coast, Lakes & Dales',
        'CT-100',
        '01/04/2027',
        500,
        480,
        200,
        280,
        '20/03/2027',
        'No',
        'Yes',
        'Yes',
      ),
      // No invoice: billed the cost 250.00, all outstanding.
      row(
        'Coastal Times',
        'Quarter page',
        '01/05/2027',
        '31/05/2027',
        '10/04/2027',
        'Lakes & Dales',
        null,
        null,
        250,
        250,
        null,
        250,
        null,
        'No',
        'No',
        'No',
      ),
      row(
        'Total Coastal Times',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        750,
        730,
        200,
        530,
        null,
        null,
        null,
        null,
      ),
      row(
        'Weekend Mag',
        'Half page',
        '01/04/2027',
        '30/06/2027',
        null,
        null,
        'WM-1',
        '01/05/2027',
        null,
        150,
        150,
        0,
        '20/04/2027',
        'Yes',
        'Yes',
        'No',
      ),
      row(
        'Total Weekend Mag',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        0,
        150,
        150,
        0,
        null,
        null,
        null,
        null,
      ),
      row(
        'Total (3 rows)',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        750,
        880,
        350,
        530,
        null,
        null,
        null,
        null,
      ),
    ]);
  });

  it("narrows adverts by affiliate and by each of the advert date pairs; the invoice pairs' meaning for adverts", async () => {
    const placements = async (body: object) =>
      asObjects(await adverts(body)).map((x) => `${x.Affiliate} ${x.Placement}`);
    expect(await placements({ affiliates_id: [ids.weekend] })).toEqual(['Weekend Mag 01/04/2027']);
    expect(
      await placements({ placementDeadlineStart: '2027-04-01', placementDeadlineEnd: '2027-05-31' }),
    ).toEqual(['Coastal Times 01/05/2027', 'Weekend Mag 01/04/2027']);
    expect(
      await placements({ placementExpiryStart: '2027-06-01', placementExpiryEnd: '2027-06-30' }),
    ).toEqual(['Weekend Mag 01/04/2027']);
    expect(await placements({ paymentAdvertStart: '2027-03-01', paymentAdvertEnd: '2027-03-31' })).toEqual([
      'Coastal Times 01/03/2027',
    ]);
    // invoiceDeadline → the artwork deadline; invoiceDue → the advert's invoice due date.
    expect(
      await placements({ invoiceDeadlineStart: '2027-04-01', invoiceDeadlineEnd: '2027-04-30' }),
    ).toEqual(['Coastal Times 01/05/2027']);
    expect(await placements({ invoiceDueStart: '2027-04-01', invoiceDueEnd: '2027-04-30' })).toEqual([
      'Coastal Times 01/03/2027',
    ]);
    // The suppliers' payment pair means nothing here; the supplier list neither.
    expect(await placements({ paymentStart: '2030-01-01', supplier_id: [ids.zeta] })).toHaveLength(3);
    const r = await adverts({
      affiliates_id: [ids.coastal],
      invoiceDeadlineStart: '2027-02-01',
      invoiceDeadlineEnd: '2027-02-28',
    });
    expect(r.filters).toBe(
      'Filters: Payment for: Affiliates · Affiliates: Coastal Times · Artwork deadline: 01/02/2027 to 28/02/2027',
    );
    expect(rowLabelled(r, 'Total (1 row')).toMatchObject({ Cost: 500, Outstanding: 280 });
    const none = await adverts({ affiliates_id: [ids.weekend], placementExpiryEnd: '2020-01-01' });
    expect(none.rows).toEqual([['No advertisements match these filters.']]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, PATH, { report_for: 'supplier' });
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3][0]).toBe('Supplier');
    const alp = lines.find((l) => l[1] === 'ALP-1') as string[];
    expect(alp).toEqual([
      'Hotel Alpenrose',
      'ALP-1',
      '02/05/2027',
      '30/06/2027',
      'EUR',
      '1,000.00',
      '1.1628',
      '£859.99',
      '500.00',
      '500.00',
      '£430.00',
      '£430.00',
      '2',
      '01/07/2027',
    ]);
    const total = lines.find((l) => l[0]?.startsWith('Total (')) as string[];
    expect(total).toContain('£2,170.48');
    expect(total).toContain('£730.49');
  });
});
