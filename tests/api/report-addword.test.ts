import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking } from '../helpers/factories';
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

const PATH = '/reports/addword-revenue-report';

// Addword revenue ('Addword Reveue Report', spec 3 §2 Reports, §7 POST reports/addword-revenue-report;
// issue #15): each advert against the bookings its affiliate brought on its tours since placement.
describe.each(testDbKinds)('addword revenue report on %s', (kind) => {
  let t: TestContext;
  const ids = { coastal: 0, weekend: 0, quiet: 0, lakes: 0, cornish: 0, highlands: 0 };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const coastal = await createAffiliate(db, { name: 'Coastal Times' });
    const weekend = await createAffiliate(db, { name: 'Weekend Mag' });
    const quiet = await createAffiliate(db, { name: 'Quiet Press' });
    const tour = async (name: string) => {
      const [tr] = await db.insert(s.tours).values({ name, tour_type: 'coach' }).returning();
      const [g] = await db
        .insert(s.tour_groups)
        .values({ tour_id: tr.id, start_date: '2027-09-01' })
        .returning();
      const [i] = await db
        .insert(s.tour_instances)
        .values({ tour_id: tr.id, tour_group_id: g.id, departure_date: '2027-09-01' })
        .returning();
      return { tour: tr, instance: i };
    };
    const lakes = await tour('Lakes & Dales');
    const cornish = await tour('Cornish Coast');
    const highlands = await tour('Highlands');
    Object.assign(ids, {
      coastal: coastal.id,
      weekend: weekend.id,
      quiet: quiet.id,
      lakes: lakes.tour.id,
      cornish: cornish.tour.id,
      highlands: highlands.tour.id,
    });
    const [half, quarter] = await db
      .insert(s.advertise_sizes)
      .values([{ size_name: 'Half page' }, { size_name: 'Quarter page' }])
      .returning();
    const advert = async (
      affiliate: number,
      size: number,
      placed: string,
      cost: string | null,
      tours: Array<{ id: number }>,
    ) => {
      const [a] = await db
        .insert(s.advertisements)
        .values({
          affiliate_id: affiliate,
          size_id: size,
          placemenet_date: placed,
          expiry_date: '2027-12-31',
          total_cost: cost,
        })
        .returning();
      if (tours.length)
        await db
          .insert(s.advertisement_products)
          .values(tours.map((tr) => ({ advertisement_id: a.id, tour_id: tr.id, amount: '0' })));
    };
    await advert(coastal.id, half.id, '2027-03-01', '500.00', [lakes.tour, cornish.tour]); // AD1
    await advert(coastal.id, quarter.id, '2027-05-01', '250.00', [lakes.tour]); // AD2
    await advert(weekend.id, half.id, '2027-04-01', null, [highlands.tour]); // AD3
    await advert(quiet.id, quarter.id, '2027-04-15', '0.00', []); // AD4
    await advert(coastal.id, half.id, '2026-12-01', '100.00', [lakes.tour]); // AD5

    const booking = async (
      affiliate: number | null,
      createdAt: string,
      total: string,
      on: Array<{ instance: { id: number; tour_id: number } }>,
      extra: Partial<typeof s.bookings.$inferInsert> = {},
    ) => {
      const b = await createBooking(db, {
        affiliate_id: affiliate,
        created_at: createdAt,
        total_due: total,
        status: 'Confirmed',
        ...extra,
      });
      for (const x of on)
        await db.insert(s.tour_bookings).values({
          holiday_booking_id: b.id,
          tour_id: x.instance.tour_id,
          tour_instance_id: x.instance.id,
          guests: 2,
          price: '100.00',
        });
    };
    await booking(coastal.id, '2027-03-05T10:00:00Z', '1000.00', [lakes]); // k1: AD1, AD5
    await booking(coastal.id, '2027-05-10T10:00:00Z', '600.00', [cornish]); // k2: AD1
    await booking(coastal.id, '2027-05-20T10:00:00Z', '450.50', [lakes]); // k3: AD1, AD2, AD5
    await booking(coastal.id, '2027-06-01T10:00:00Z', '300.00', [lakes], {
      cancelled_at: '2027-06-02T10:00:00Z',
      status: 'Cancelled',
    }); // k4: cancelled, nowhere
    // 23:30 UTC on 30 April is 00:30 on 1 May in London (BST): on AD2's placement day.
    await booking(coastal.id, '2027-04-30T23:30:00Z', '200.00', [lakes]); // k5: AD1, AD2, AD5
    // 22:30 UTC on 30 April is 23:30 on 30 April in London: before AD2.
    await booking(coastal.id, '2027-04-30T22:30:00Z', '80.00', [lakes]); // k6: AD1, AD5
    await booking(weekend.id, '2027-04-10T10:00:00Z', '700.00', [highlands]); // k7: AD3
    await booking(null, '2027-04-10T10:00:00Z', '999.00', [lakes]); // k8: no affiliate
    await booking(weekend.id, '2027-04-10T10:00:00Z', '123.00', [lakes]); // k9: not AD3's tour
    await booking(coastal.id, '2027-06-10T10:00:00Z', '1500.00', [lakes, cornish]); // k10: AD1, AD2, AD5 (once each)
    await booking(coastal.id, '2027-02-20T10:00:00Z', '55.00', [cornish]); // k11: before AD1, not AD5's tour
  });
  afterAll(async () => t?.close());

  const report = async (body: object) => {
    const file = await fetchReport(t, PATH, body);
    expect(file.name).toBe('Addword-Revenue-Report.xlsx');
    return readXlsxReport(file.data);
  };
  const year = { placementStartDate: '2027-01-01', placementEndDate: '2027-12-31' };

  it('refuses a to date before its from date', async () => {
    const r = await refusedReport(t, PATH, {
      placementStartDate: '2027-02-01',
      placementEndDate: '2027-01-01',
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(REPORT_MESSAGES.invalidData);
    expect(r.body.errors?.placementEndDate).toEqual([REPORT_MESSAGES.toBeforeFrom]);
  });

  it('sets each advert against the bookings and revenue since its placement, with totals', async () => {
    const file = await fetchReport(t, PATH, { ...year, tour: [], selectedAffiliate: [] }, t.accountantToken);
    const r = await readXlsxReport(file.data);
    expectReportLayout(r, 'Addword Revenue Report', ['Cost', 'Revenue'], ['Placement']);
    expect(r.filters).toBe('Filters: Placement: 01/01/2027 to 31/12/2027 · Affiliates: all · Tours: all');
    expect(r.header).toEqual([
      'Affiliate',
      'Size',
      'Placement',
      'Tours',
      'Cost',
      'Bookings',
      'Revenue',
      'Revenue ÷ cost',
    ]);
    expect(r.formats[7]).toBe('#,##0.00');
    const h = r.header;
    const row = (...cells: Array<string | number | null>) =>
      Object.fromEntries(h.map((k, i) => [k, cells[i]]));
    expect(r.rows.map((x) => Object.fromEntries(h.map((k, i) => [k, x[i] ?? null])))).toEqual([
      // k1 1,000 + k2 600 + k3 450.50 + k5 200 + k6 80 + k10 1,500 = 3,830.50; ÷ 500 = 7.661 → 7.66
      row('Coastal Times', 'Half page', '01/03/2027', 'Cornish Coast, Lakes & Dales', 500, 6, 3830.5, 7.66),
      // k3 450.50 + k5 200 + k10 1,500 = 2,150.50; ÷ 250 = 8.602 → 8.60
      row('Coastal Times', 'Quarter page', '01/05/2027', 'Lakes & Dales', 250, 3, 2150.5, 8.6),
      row('Total Coastal Times', null, null, null, 750, 9, 5981, null),
      // No products: nothing counted; cost 0.00: no ratio.
      row('Quiet Press', 'Quarter page', '15/04/2027', null, 0, 0, 0, null),
      row('Total Quiet Press', null, null, null, 0, 0, 0, null),
      // k7 700.00; no cost: no ratio.
      row('Weekend Mag', 'Half page', '01/04/2027', 'Highlands', null, 1, 700, null),
      row('Total Weekend Mag', null, null, null, 0, 1, 700, null),
      row('Total (4 rows)', null, null, null, 750, 10, 6681, null),
    ]);
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 4,
      progress_total: 4,
    });
  });

  it('without dates lists every advert; the ratio rounds half-up', async () => {
    const r = await report({});
    expect(r.filters).toBe('Filters: Affiliates: all · Tours: all');
    // AD5 (1 Dec 2026, Lakes & Dales, £100): k1 1,000 + k3 450.50 + k5 200 + k6 80 + k10 1,500 = 3,230.50;
    // ÷ 100 = 32.305 → 32.31.
    expect(asObjects(r)[0]).toEqual({
      Affiliate: 'Coastal Times',
      Size: 'Half page',
      Placement: '01/12/2026',
      Tours: 'Lakes & Dales',
      Cost: 100,
      Bookings: 5,
      Revenue: 3230.5,
      'Revenue ÷ cost': 32.31,
    });
    expect(rowLabelled(r, 'Total (5 rows)')).toMatchObject({ Cost: 850, Bookings: 15, Revenue: 9911.5 });
  });

  it("chooses adverts by affiliate and by tour; an advert's figures stay those of all its tours", async () => {
    let r = await report({ ...year, tour: [ids.cornish] });
    expect(r.filters).toBe(
      'Filters: Placement: 01/01/2027 to 31/12/2027 · Affiliates: all · Tours: Cornish Coast',
    );
    expect(asObjects(r)).toEqual([
      expect.objectContaining({
        Placement: '01/03/2027',
        Bookings: 6,
        Revenue: 3830.5,
        'Revenue ÷ cost': 7.66,
      }),
    ]);
    r = await report({ ...year, selectedAffiliate: [ids.weekend, ids.quiet] });
    expect(asObjects(r).map((x) => x.Affiliate)).toEqual(['Quiet Press', 'Weekend Mag']);
    expect(r.filters).toContain('Affiliates: Quiet Press, Weekend Mag');
    r = await report({ selectedAffiliate: `${ids.coastal}`, tour: `${ids.highlands}` });
    expect(r.rows).toEqual([['No advertisements match these filters.']]);
    r = await report({ placementStartDate: '2027-04-01', placementEndDate: '2027-04-30' });
    expect(asObjects(r).map((x) => `${x.Affiliate} ${x.Placement}`)).toEqual([
      'Quiet Press 15/04/2027',
      'Weekend Mag 01/04/2027',
    ]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, PATH, year);
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3]).toEqual([
      'Affiliate',
      'Size',
      'Placement',
      'Tours',
      'Cost',
      'Bookings',
      'Revenue',
      'Revenue ÷ cost',
    ]);
    expect(lines[4]).toEqual([
      'Coastal Times',
      'Half page',
      '01/03/2027',
      'Cornish Coast, Lakes & Dales',
      '£500.00',
      '6',
      '£3,830.50',
      '7.66',
    ]);
    const total = lines.find((l) => l[0]?.startsWith('Total (')) as string[];
    expect(total.slice(4, 7)).toEqual(['£750.00', '10', '£6,681.00']);
  });
});
