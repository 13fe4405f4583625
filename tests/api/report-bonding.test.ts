import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { addDays, londonToday } from '../../src/shared/dates';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createCustomer, createTourInstance } from '../helpers/factories';
import {
  asObjects,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readXlsxReport,
  refusedReport,
  rowLabelled,
} from '../helpers/reports';

const uk = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

const BONDING = '/reports/bondingreport';

// Bonding report (spec 3 §5 Bonding, §7 POST reports/bondingreport; issue #15).
describe.each(testDbKinds)('bonding report on %s', (kind) => {
  let t: TestContext;
  const today = londonToday();
  const type = { atol: 0, abta: 0 };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const types = await queryRows<{ id: number; name: string }>(db, sql`select id, name from bonding_types`);
    type.atol = types.find((x) => x.name === 'ATOL')?.id ?? 0;
    type.abta = types.find((x) => x.name === 'ABTA')?.id ?? 0;
    const { tour, instance } = await createTourInstance(db, { departure_date: addDays(today, 30) });
    const ann = await createCustomer(db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });

    /** A booking with one tour line per entry of `guests` (its passengers: the largest line's guests). */
    const booking = async (
      ref: string,
      bonding: number | null,
      departure: string,
      total: string,
      paid: string,
      guests: number[],
      extra: object = {},
    ) => {
      const [b] = await db
        .insert(s.bookings)
        .values({
          booking_ref: ref,
          customer_id: ann.id,
          bonding_type: bonding,
          departure_date: departure,
          total_due: total,
          paid,
          balance: '0',
          status: 'Confirmed',
          created_at: '2026-01-10T12:00:00Z',
          ...extra,
        })
        .returning();
      for (const g of guests)
        await db.insert(s.tour_bookings).values({
          holiday_booking_id: b.id,
          tour_id: tour.id,
          tour_instance_id: instance.id,
          guests: g,
          rooms: 1,
        });
      return b;
    };
    const a1 = await booking('B-A1', type.atol, addDays(today, 30), '1000.00', '250.00', [3, 2]);
    await booking('B-A2', type.atol, today, '800.10', '800.10', [2], { status: 'Paid' });
    await booking('B-A3', type.atol, addDays(today, -1), '500.00', '500.00', [2], { status: 'Paid' });
    await booking('B-A4', type.atol, addDays(today, 20), '300.00', '100.00', [1], {
      status: 'Cancelled',
      cancelled_at: new Date().toISOString(),
    });
    await booking('B-A5', type.atol, addDays(today, 40), '0.00', '-20.00', [2]); // refunded more than paid
    await booking('B-B1', type.abta, addDays(today, 10), '450.55', '45.55', [2], {
      created_at: '2026-07-14T23:30:00Z', // 00:30 on 15 July in London
    });
    await booking('B-NONE', null, addDays(today, 10), '999.00', '999.00', [2]); // no bonding type: never listed
    await booking('B-LATE', type.atol, addDays(today, 100), '999.00', '999.00', [2]); // outside the range
    // Two certificates of B-A1: the report reads the latest (version 2).
    const cert = (version: number, passengers: number, total: string) => ({
      holiday_booking_id: a1.id,
      version,
      reference: `ATOL-A1-${version}`,
      reason: 'test',
      fingerprint: `f${version}`,
      passengers_protected: passengers,
      apc_passengers: passengers,
      apc_per_passenger: '2.50',
      apc_total: total,
    });
    await db
      .insert(s.atol_certificates)
      .values([{ ...cert(1, 2, '5.00'), superseded_at: new Date().toISOString() }, cert(2, 3, '7.50')]);
  });
  afterAll(async () => t?.close());

  const range = () => ({
    departureDateRangeStart: addDays(today, -10),
    departureDateRangeEnd: addDays(today, 60),
  });

  it('refuses the filters the spec refuses, with its messages', async () => {
    const m = REPORT_MESSAGES;
    let r = await refusedReport(t, BONDING, {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.bookingDateRangeStart).toEqual([m.bondingBookingOrDeparture]);
    expect(r.body.errors?.departureDateRangeStart).toEqual([m.bondingDepartureOrBooking]);
    expect(r.body.errors?.bonding_type).toEqual([m.bondingType]);
    r = await refusedReport(t, BONDING, { departureDateRangeStart: today, bonding_type: 'all' });
    expect(r.body.errors?.departureDateRangeEnd).toEqual([m.bondingDepartureTo]);
    r = await refusedReport(t, BONDING, {
      departureDateRangeEnd: today,
      bookingDateRangeStart: today,
      bookingDateRangeEnd: today,
      bonding_type: 'all',
    });
    expect(r.body.errors?.departureDateRangeStart).toEqual([m.bondingDepartureFrom]);
    r = await refusedReport(t, BONDING, { bookingDateRangeStart: today, bonding_type: type.atol });
    expect(r.body.errors?.bookingDateRangeEnd).toEqual([m.bondingBookingTo]);
    r = await refusedReport(t, BONDING, { ...range(), bookingDateRangeEnd: today, bonding_type: 'all' });
    expect(r.body.errors?.bookingDateRangeStart).toEqual([m.bondingBookingFrom]);
    r = await refusedReport(t, BONDING, { ...range(), bonding_type: 'every' });
    expect(r.body.errors?.bonding_type).toEqual([m.bondingType]);
    expect(Object.keys(r.body.errors ?? {})).toEqual(['bonding_type']);
  });

  it('lists one type’s bookings with money held, ATOL figures and totals worked by hand', async () => {
    const file = await fetchReport(t, BONDING, { ...range(), bonding_type: type.atol }, t.accountantToken);
    expect(file.name).toBe('Bonding-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(
      r,
      'Bonding Report',
      ['Total due', 'Paid', 'Customer money held', 'APC due'],
      ['Booking date', 'Departure'],
    );
    expect(r.filters).toContain('Bonding type: ATOL');
    expect(r.filters).toContain(`Departure: ${uk(addDays(today, -10))} to ${uk(addDays(today, 60))}`);
    expect(r.header).toEqual([
      'Booking ref',
      'Bonding type',
      'Customer / agent',
      'Booking date',
      'Departure',
      'Passengers',
      'Status',
      'Total due',
      'Paid',
      'Customer money held',
      'ATOL certificate',
      'ATOL passengers',
      'APC due',
    ]);
    const rows = asObjects(r);
    // By departure: travelled yesterday, today, +20, +30, +40.
    expect(rows.map((x) => x['Booking ref'])).toEqual(['B-A3', 'B-A2', 'B-A4', 'B-A1', 'B-A5']);
    const byRef = Object.fromEntries(rows.map((x) => [x['Booking ref'], x]));
    expect(byRef['B-A1']).toEqual({
      'Booking ref': 'B-A1',
      'Bonding type': 'ATOL',
      'Customer / agent': 'Mrs Ann Lee',
      'Booking date': '10/01/2026',
      Departure: uk(addDays(today, 30)),
      Passengers: 3, // its largest line
      Status: 'Confirmed',
      'Total due': 1000,
      Paid: 250,
      'Customer money held': 250,
      'ATOL certificate': 'ATOL-A1-2',
      'ATOL passengers': 3,
      'APC due': 7.5,
    });
    // Departing today: not yet travelled, the money is held.
    expect(byRef['B-A2']).toMatchObject({ Status: 'Paid', Paid: 800.1, 'Customer money held': 800.1 });
    expect(byRef['B-A2']['ATOL certificate']).toBeNull();
    expect(byRef['B-A2']['APC due']).toBeNull();
    // Travelled yesterday: nothing held.
    expect(byRef['B-A3']).toMatchObject({ Paid: 500, 'Customer money held': 0 });
    // Cancelled: listed with its status; what it paid is still held.
    expect(byRef['B-A4']).toMatchObject({ Status: 'Cancelled', Paid: 100, 'Customer money held': 100 });
    // Refunded more than paid: never a negative holding.
    expect(byRef['B-A5']).toMatchObject({ Paid: -20, 'Customer money held': 0 });
    expect(r.rows.filter((x) => String(x[0]).startsWith('Total'))).toHaveLength(1);
    expect(rowLabelled(r, 'Total (5 rows)')).toMatchObject({
      Passengers: 10, // 2 + 2 + 1 + 3 + 2
      'Total due': 2600.1, // 500 + 800.10 + 300 + 1000 + 0
      Paid: 1630.1, // 500 + 800.10 + 100 + 250 − 20
      'Customer money held': 1150.1, // 0 + 800.10 + 100 + 250 + 0
      'ATOL passengers': 3,
      'APC due': 7.5,
    });
  });

  it("'all' lists every type, ordered by type, with a subtotal per type", async () => {
    const r = await readXlsxReport((await fetchReport(t, BONDING, { ...range(), bonding_type: 'all' })).data);
    expect(r.filters).toContain('Bonding type: All');
    expect(r.rows.map((x) => x[0])).toEqual([
      'B-B1',
      'Total ABTA',
      'B-A3',
      'B-A2',
      'B-A4',
      'B-A1',
      'B-A5',
      'Total ATOL',
      'Total (6 rows)',
    ]);
    expect(rowLabelled(r, 'Total ABTA')).toMatchObject({
      Passengers: 2,
      'Total due': 450.55,
      Paid: 45.55,
      'Customer money held': 45.55,
      'ATOL passengers': 0,
      'APC due': 0,
    });
    expect(rowLabelled(r, 'Total ATOL')).toMatchObject({ 'Customer money held': 1150.1, 'APC due': 7.5 });
    expect(rowLabelled(r, 'Total (6 rows)')).toMatchObject({
      Passengers: 12,
      'Total due': 3050.65,
      Paid: 1675.65,
      'Customer money held': 1195.65,
      'ATOL passengers': 3,
      'APC due': 7.5,
    });
  });

  it('filters by booking date in London days', async () => {
    const refs = async (from: string, to: string) =>
      asObjects(
        await readXlsxReport(
          (
            await fetchReport(t, BONDING, {
              bookingDateRangeStart: from,
              bookingDateRangeEnd: to,
              bonding_type: 'all',
            })
          ).data,
        ),
      ).map((x) => x['Booking ref']);
    // 23:30 UTC on 14 July 2026 is 00:30 on 15 July in London.
    expect(await refs('2026-07-15', '2026-07-15')).toEqual(['B-B1']);
    const r = await readXlsxReport(
      (
        await fetchReport(t, BONDING, {
          bookingDateRangeStart: '2026-07-14',
          bookingDateRangeEnd: '2026-07-14',
          bonding_type: type.abta,
        })
      ).data,
    );
    expect(r.rows).toEqual([['No bookings of this bonding type match these dates.']]);
    // Booking range alone: every ATOL booking of 10 January, the late one too.
    expect(await refs('2026-01-10', '2026-01-10')).toEqual([
      'B-A3',
      'B-A2',
      'B-A4',
      'B-A1',
      'B-A5',
      'B-LATE',
    ]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, BONDING, { ...range(), bonding_type: 'all' });
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3].slice(0, 3)).toEqual(['Booking ref', 'Bonding type', 'Customer / agent']);
    const a1 = lines.find((l) => l[0] === 'B-A1') as string[];
    expect(a1.slice(3, 13)).toEqual([
      '10/01/2026',
      uk(addDays(today, 30)),
      '3',
      'Confirmed',
      '£1,000.00',
      '£250.00',
      '£250.00',
      'ATOL-A1-2',
      '3',
      '£7.50',
    ]);
    const total = lines.find((l) => l[0]?.startsWith('Total (6 rows)')) as string[];
    expect(total[9]).toBe('£1,195.65');
    expect(total[12]).toBe('£7.50');
  });
});
