import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { stayDates } from '../../src/shared/pricing';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createCustomer } from '../helpers/factories';
import {
  asObjects,
  type Cell,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readXlsxReport,
  refusedReport,
  rowLabelled,
} from '../helpers/reports';

/** A tour with one group and one instance leaving on `departure`. */
async function tourLeaving(db: Db, name: string, tourType: 'air' | 'coach', departure: string) {
  const [tour] = await db.insert(s.tours).values({ name, tour_type: tourType, duration: 7 }).returning();
  const [group] = await db
    .insert(s.tour_groups)
    .values({ tour_id: tour.id, start_date: departure })
    .returning();
  const [instance] = await db
    .insert(s.tour_instances)
    .values({ tour_id: tour.id, tour_group_id: group.id, departure_date: departure })
    .returning();
  return { tour, instance };
}

/** Tour accommodation `accommodationId` on `tourId` from day `inDay` to day `outDay`, offering `roomIds`. */
async function stay(
  db: Db,
  tourId: number,
  accommodationId: number,
  inDay: number,
  outDay: number,
  roomIds: number[],
) {
  const [ta] = await db
    .insert(s.tour_accommodations)
    .values({
      tour_id: tourId,
      accommodation_id: accommodationId,
      check_in_day: inDay,
      check_out_day: outDay,
    })
    .returning();
  const rooms = await db
    .insert(s.tour_rooms)
    .values(roomIds.map((id) => ({ tour_accommodation_id: ta.id, accommodation_room_id: id })))
    .returning();
  return {
    ta,
    room: (accommodationRoomId: number) =>
      rooms.find((r) => r.accommodation_room_id === accommodationRoomId) as (typeof rooms)[number],
  };
}

const ROOMING = '/reports/rooming';

// Rooming report (spec 3 §2, §3 order_by, §4 'can include cancelled or pending', §5 Rooming, §7; issue #15).
describe.each(testDbKinds)('rooming report on %s', (kind) => {
  let t: TestContext;
  const ids = { alba: 0, bay: 0, cliff: 0, costa: 0, algarve: 0, sun: 0 };
  // Stays as the tour accommodation rows give them, for the stayDates cross-check.
  const stays: Record<string, { departure: string; inDay: number; outDay: number }> = {};

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const [costa] = await db.insert(s.resorts).values({ resort_name: 'Costa Brava' }).returning();
    const [algarve] = await db.insert(s.resorts).values({ resort_name: 'Algarve' }).returning();
    const [sun] = await db.insert(s.suppliers).values({ supplier_name: 'Sun Hotels Ltd' }).returning();
    const [alba] = await db
      .insert(s.accommodations)
      .values({ accommodation_name: 'Hotel Alba', resort_id: costa.id, supplier_id: sun.id })
      .returning();
    const [bay] = await db
      .insert(s.accommodations)
      .values({ accommodation_name: 'Bay View', resort_id: costa.id })
      .returning();
    const [cliff] = await db
      .insert(s.accommodations)
      .values({ accommodation_name: 'Cliff Lodge', resort_id: algarve.id, supplier_id: sun.id })
      .returning();
    Object.assign(ids, {
      alba: alba.id,
      bay: bay.id,
      cliff: cliff.id,
      costa: costa.id,
      algarve: algarve.id,
      sun: sun.id,
    });
    const [twin, single, double] = await db
      .insert(s.accommodation_rooms)
      .values([
        { accommodation_id: alba.id, name: 'Twin Room', board_basis: 'Half Board', occupancy: 2 },
        { accommodation_id: alba.id, name: 'Single Room', board_basis: 'Bed & Breakfast', occupancy: 1 },
        { accommodation_id: bay.id, name: 'Double Room', board_basis: 'Room Only', occupancy: 2 },
      ])
      .returning();

    // Coach tour leaving 1 June 2027: Hotel Alba days 1–4, then Bay View days 4–8.
    const june = await tourLeaving(db, 'Highlights of Catalonia', 'coach', '2027-06-01');
    const juneAlba = await stay(db, june.tour.id, alba.id, 1, 4, [twin.id]);
    const juneBay = await stay(db, june.tour.id, bay.id, 4, 8, [double.id]);
    // The same tour's July departure (another group and instance, same accommodation rows).
    const [julyGroup] = await db
      .insert(s.tour_groups)
      .values({ tour_id: june.tour.id, start_date: '2027-07-01' })
      .returning();
    const [july] = await db
      .insert(s.tour_instances)
      .values({ tour_id: june.tour.id, tour_group_id: julyGroup.id, departure_date: '2027-07-01' })
      .returning();
    // Air tour leaving 3 June 2027: Hotel Alba days 2–5.
    const air = await tourLeaving(db, 'Barcelona by Air', 'air', '2027-06-03');
    const airAlba = await stay(db, air.tour.id, alba.id, 2, 5, [twin.id, single.id]);
    stays.juneAlba = { departure: '2027-06-01', inDay: 1, outDay: 4 };
    stays.juneBay = { departure: '2027-06-01', inDay: 4, outDay: 8 };
    stays.airAlba = { departure: '2027-06-03', inDay: 2, outDay: 5 };

    const customer = await createCustomer(db, { first_name: 'John', last_name: 'Smith' });
    const booking = async (ref: string, status: string, createdAt: string, extra: object = {}) => {
      const [b] = await db
        .insert(s.bookings)
        .values({ booking_ref: ref, customer_id: customer.id, status, created_at: createdAt, ...extra })
        .returning();
      return b;
    };
    const line = async (
      bookingId: number,
      tour: { id: number },
      instanceId: number,
      tourRoomId: number,
      guests: number,
      rooms: number,
      special: string | null = null,
    ) => {
      const [l] = await db
        .insert(s.tour_bookings)
        .values({
          holiday_booking_id: bookingId,
          tour_id: tour.id,
          tour_instance_id: instanceId,
          tour_room_id: tourRoomId,
          guests,
          rooms,
          special_requests: special,
        })
        .returning();
      return l;
    };
    const people = async (bookingId: number, names: Array<[string, string, string]>) =>
      db
        .insert(s.passengers)
        .values(
          names.map(([title, first, last]) => ({
            holiday_booking_id: bookingId,
            title,
            first_name: first,
            last_name: last,
          })),
        )
        .returning();

    // RM-1 (Confirmed, booked 00:30 on 1 June 2026 in London = 23:30 UTC the day before): both stays
    // of the June coach tour, its two passengers allocated to no line (so on both).
    const rm1 = await booking('RM-1', 'Confirmed', '2026-05-31T23:30:00Z', {
      special_request: 'Ground floor',
    });
    await line(rm1.id, june.tour, june.instance.id, juneAlba.room(twin.id).id, 2, 1, 'Cot needed');
    await line(rm1.id, june.tour, june.instance.id, juneBay.room(double.id).id, 2, 1);
    await people(rm1.id, [
      ['Mr', 'John', 'Smith'],
      ['Mrs', 'Ann', 'Smith'],
    ]);
    // RM-2 (Paid): the air tour, a single for one passenger and two twins for the other four.
    const rm2 = await booking('RM-2', 'Paid', '2026-06-02T10:00:00Z');
    const single2 = await line(rm2.id, air.tour, air.instance.id, airAlba.room(single.id).id, 1, 1);
    const twin2 = await line(rm2.id, air.tour, air.instance.id, airAlba.room(twin.id).id, 4, 2);
    const p2 = await people(rm2.id, [
      ['Ms', 'Una', 'Lone'],
      ['Mr', 'Bob', 'Ray'],
      ['Mrs', 'Sue', 'Ray'],
      ['Mr', 'Tim', 'Day'],
      ['Mrs', 'Kim', 'Day'],
    ]);
    await db
      .insert(s.tour_booking_passengers)
      .values([
        { tour_booking_id: single2.id, passenger_id: p2[0].id },
        ...p2.slice(1).map((p) => ({ tour_booking_id: twin2.id, passenger_id: p.id })),
      ]);
    // RM-3 Pending, RM-4 cancelled: listed only when asked.
    const rm3 = await booking('RM-3', 'Pending', '2026-06-03T10:00:00Z');
    await line(rm3.id, june.tour, june.instance.id, juneAlba.room(twin.id).id, 2, 1);
    await people(rm3.id, [['Mr', 'Pat', 'Pending']]);
    const rm4 = await booking('RM-4', 'Cancelled', '2026-06-04T10:00:00Z', {
      cancelled_at: '2026-06-10T10:00:00Z',
    });
    await line(rm4.id, june.tour, june.instance.id, juneAlba.room(twin.id).id, 2, 1);
    // RM-5 Confirmed, the July departure: outside the June arrival range.
    const rm5 = await booking('RM-5', 'Confirmed', '2026-06-05T10:00:00Z');
    await line(rm5.id, june.tour, july.id, juneAlba.room(twin.id).id, 2, 1);
  });
  afterAll(async () => t?.close());

  const june = { arrival_start_date: '2027-06-01', arrival_end_date: '2027-06-30' };
  const refsOf = (rows: Record<string, Cell>[]) =>
    rows.map((r) => `${r['Booking ref']} ${r.Accommodation} ${r.Room}`);

  it('refuses the filters the spec refuses, with its messages', async () => {
    const m = REPORT_MESSAGES;
    let r = await refusedReport(t, ROOMING, {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.booking_start_date).toEqual([m.roomingBookingOrArrival]);
    expect(r.body.errors?.arrival_start_date).toEqual([m.roomingArrivalOrBooking]);
    r = await refusedReport(t, ROOMING, { booking_start_date: '2026-06-01' });
    expect(r.body.errors?.booking_end_date).toEqual([m.roomingBookingTo]);
    r = await refusedReport(t, ROOMING, {
      booking_end_date: '2026-06-01',
      arrival_start_date: '2027-06-01',
      arrival_end_date: '2027-06-02',
    });
    expect(r.body.errors?.booking_start_date).toEqual([m.roomingBookingFrom]);
    r = await refusedReport(t, ROOMING, { arrival_start_date: '2027-06-01' });
    expect(r.body.errors?.arrival_end_date).toEqual([m.roomingArrivalTo]);
    r = await refusedReport(t, ROOMING, {
      arrival_end_date: '2027-06-01',
      booking_start_date: '2026-06-01',
      booking_end_date: '2026-06-02',
    });
    expect(r.body.errors?.arrival_start_date).toEqual([m.roomingArrivalFrom]);
  });

  it('lists each room of a stay by accommodation with its arrival, passengers and subtotals', async () => {
    const file = await fetchReport(t, ROOMING, june);
    expect(file.name).toBe('rooming-report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(r, 'Rooming Report', [], ['Arrival', 'Departure', 'Booking date']);
    expect(r.filters).toContain('Arrival: 01/06/2027 to 30/06/2027');
    expect(r.filters).toContain('Bookings: Confirmed, Paid');
    expect(r.header).toEqual([
      'Accommodation',
      'Resort',
      'Supplier',
      'Arrival',
      'Departure',
      'Nights',
      'Room',
      'Board basis',
      'Occupancy',
      'Rooms',
      'Booking ref',
      'Booking date',
      'Tour',
      'Lead passenger',
      'Passengers',
      'Guests',
      'Special requests',
      'Status',
    ]);
    // Bay View before Hotel Alba (by name); RM-1 arrives 1 June, RM-2 on 4 June.
    expect(r.rows.map((x) => x[0])).toEqual([
      'Bay View',
      'Total Bay View',
      'Hotel Alba',
      'Hotel Alba',
      'Hotel Alba',
      'Total Hotel Alba',
      'Total (4 rows)',
    ]);
    const rows = asObjects(r);
    expect(rows[0]).toEqual({
      Accommodation: 'Bay View',
      Resort: 'Costa Brava',
      Supplier: null,
      Arrival: '04/06/2027',
      Departure: '08/06/2027',
      Nights: 4,
      Room: 'Double Room',
      'Board basis': 'Room Only',
      Occupancy: 2,
      Rooms: 1,
      'Booking ref': 'RM-1',
      'Booking date': '01/06/2026',
      Tour: 'Highlights of Catalonia',
      'Lead passenger': 'Mr John Smith',
      Passengers: 'Mr John Smith, Mrs Ann Smith',
      Guests: 2,
      'Special requests': 'Ground floor',
      Status: 'Confirmed',
    });
    expect(rows[1]).toMatchObject({
      Accommodation: 'Hotel Alba',
      Resort: 'Costa Brava',
      Supplier: 'Sun Hotels Ltd',
      Arrival: '01/06/2027',
      Departure: '04/06/2027',
      Nights: 3,
      Room: 'Twin Room',
      'Board basis': 'Half Board',
      'Booking ref': 'RM-1',
      Passengers: 'Mr John Smith, Mrs Ann Smith',
      'Special requests': 'Ground floor / Cot needed',
    });
    expect(rows[2]).toMatchObject({
      Arrival: '04/06/2027',
      Departure: '07/06/2027',
      Nights: 3,
      Room: 'Single Room',
      'Board basis': 'Bed & Breakfast',
      Occupancy: 1,
      Rooms: 1,
      'Booking ref': 'RM-2',
      'Booking date': '02/06/2026',
      Tour: 'Barcelona by Air',
      'Lead passenger': 'Ms Una Lone',
      Passengers: 'Ms Una Lone',
      Guests: 1,
      'Special requests': null,
      Status: 'Paid',
    });
    expect(rows[3]).toMatchObject({
      Room: 'Twin Room',
      Rooms: 2,
      Guests: 4,
      'Lead passenger': 'Mr Bob Ray',
      Passengers: 'Mr Bob Ray, Mrs Sue Ray, Mr Tim Day, Mrs Kim Day',
    });
    expect(rowLabelled(r, 'Total Bay View')).toMatchObject({ Rooms: 1, Guests: 2 });
    expect(rowLabelled(r, 'Total Hotel Alba')).toMatchObject({ Rooms: 4, Guests: 7 }); // 1+1+2, 2+1+4
    expect(rowLabelled(r, 'Total (4 rows)')).toMatchObject({ Rooms: 5, Guests: 9 });
  });

  it('gives each stay the dates of the one stay rule (stayDates)', async () => {
    const r = await readXlsxReport((await fetchReport(t, ROOMING, june)).data);
    const uk = (ymd: string) => ymd.split('-').reverse().join('/');
    const expected = (k: string) => {
      const x = stays[k];
      const d = stayDates(x.departure, x.inDay, x.outDay);
      return { Arrival: uk(d.check_in_date), Departure: uk(d.check_out_date), Nights: x.outDay - x.inDay };
    };
    const rows = asObjects(r);
    expect(rows[0]).toMatchObject(expected('juneBay'));
    expect(rows[1]).toMatchObject(expected('juneAlba'));
    expect(rows[2]).toMatchObject(expected('airAlba'));
    expect(rows[3]).toMatchObject(expected('airAlba'));
  });

  it("gives a line's own stored stay dates before the rule, as the group rooming list does", async () => {
    // RM-1's Bay View line: the rule says 04/06–08/06/2027; the line was booked for 05/06–08/06.
    const bayLine = sql`(select tb.id from tour_bookings tb join bookings b on b.id = tb.holiday_booking_id
      join tour_rooms tr on tr.id = tb.tour_room_id join tour_accommodations ta on ta.id = tr.tour_accommodation_id
      join accommodations a on a.id = ta.accommodation_id
      where b.booking_ref = 'RM-1' and a.accommodation_name like 'Bay View%')`;
    await t.db.execute(
      sql`update tour_bookings set check_in_date = '2027-06-05', check_out_date = '2027-06-08' where id = ${bayLine}`,
    );
    try {
      const r = await readXlsxReport((await fetchReport(t, ROOMING, june)).data);
      expect(asObjects(r)[0]).toMatchObject({
        'Booking ref': 'RM-1',
        Arrival: '05/06/2027',
        Departure: '08/06/2027',
        Nights: 3,
      });
    } finally {
      await t.db.execute(
        sql`update tour_bookings set check_in_date = null, check_out_date = null where id = ${bayLine}`,
      );
    }
  });

  it('adds pending and cancelled bookings exactly when asked', async () => {
    const refs = async (body: object) =>
      asObjects(await readXlsxReport((await fetchReport(t, ROOMING, { ...june, ...body })).data)).map(
        (x) => `${x['Booking ref']}:${x.Status}`,
      );
    expect(await refs({})).toEqual(['RM-1:Confirmed', 'RM-1:Confirmed', 'RM-2:Paid', 'RM-2:Paid']);
    expect(await refs({ include_pending: 'yes' })).toEqual([
      'RM-1:Confirmed',
      'RM-1:Confirmed',
      'RM-3:Pending',
      'RM-2:Paid',
      'RM-2:Paid',
    ]);
    expect(await refs({ include_cancelled: true })).toEqual([
      'RM-1:Confirmed',
      'RM-1:Confirmed',
      'RM-4:Cancelled',
      'RM-2:Paid',
      'RM-2:Paid',
    ]);
    const both = await fetchReport(t, ROOMING, { ...june, include_cancelled: 1, include_pending: 1 });
    const r = await readXlsxReport(both.data);
    expect(r.filters).toContain('Bookings: Confirmed, Paid, Pending, Cancelled');
    expect(rowLabelled(r, 'Total Hotel Alba')).toMatchObject({ Rooms: 6, Guests: 11 }); // + RM-3, RM-4
  });

  it('orders by booking date or by arrival (with a subtotal per arrival day)', async () => {
    let r = await readXlsxReport((await fetchReport(t, ROOMING, { ...june, order_by: 'date' })).data);
    expect(refsOf(asObjects(r))).toEqual([
      'RM-1 Bay View Double Room',
      'RM-1 Hotel Alba Twin Room',
      'RM-2 Hotel Alba Single Room',
      'RM-2 Hotel Alba Twin Room',
    ]);
    expect(r.rows.filter((x) => String(x[0]).startsWith('Total'))).toHaveLength(1);
    r = await readXlsxReport((await fetchReport(t, ROOMING, { ...june, order_by: 'arrival_date' })).data);
    expect(r.rows.map((x) => `${x[0]} ${x[10] ?? ''}`.trim())).toEqual([
      'Hotel Alba RM-1',
      'Total arrivals 01/06/2027',
      'Bay View RM-1',
      'Hotel Alba RM-2',
      'Hotel Alba RM-2',
      'Total arrivals 04/06/2027',
      'Total (4 rows)',
    ]);
    expect(rowLabelled(r, 'Total arrivals 04/06/2027')).toMatchObject({ Rooms: 4, Guests: 7 });
  });

  it('filters by booking date (London days), accommodation, resort, supplier and tour type', async () => {
    const empty = 'No rooms are booked for these filters.';
    const refs = async (body: object) => {
      const r = await readXlsxReport((await fetchReport(t, ROOMING, body)).data);
      return r.rows[0]?.[0] === empty ? [empty] : refsOf(asObjects(r));
    };
    // 23:30 UTC on 31 May 2026 is 00:30 on 1 June in London.
    expect(await refs({ booking_start_date: '2026-06-01', booking_end_date: '2026-06-01' })).toEqual([
      'RM-1 Bay View Double Room',
      'RM-1 Hotel Alba Twin Room',
    ]);
    expect(await refs({ booking_start_date: '2026-05-31', booking_end_date: '2026-05-31' })).toEqual([empty]);
    // Booking range alone reaches the July departure too.
    expect(await refs({ booking_start_date: '2026-06-05', booking_end_date: '2026-06-30' })).toEqual([
      'RM-5 Hotel Alba Twin Room',
    ]);
    expect(await refs({ ...june, accommodation_id: ids.bay })).toEqual(['RM-1 Bay View Double Room']);
    expect(await refs({ ...june, supplier_id: ids.sun })).toEqual([
      'RM-1 Hotel Alba Twin Room',
      'RM-2 Hotel Alba Single Room',
      'RM-2 Hotel Alba Twin Room',
    ]);
    expect(await refs({ ...june, resort_id: ids.algarve })).toEqual([empty]);
    expect(await refs({ ...june, resort_id: ids.costa, tour_type: 'air' })).toEqual([
      'RM-2 Hotel Alba Single Room',
      'RM-2 Hotel Alba Twin Room',
    ]);
    // Arrival range of one day: the stays arriving 4 June, whichever day their tour left.
    expect(await refs({ arrival_start_date: '2027-06-04', arrival_end_date: '2027-06-04' })).toEqual([
      'RM-1 Bay View Double Room',
      'RM-2 Hotel Alba Single Room',
      'RM-2 Hotel Alba Twin Room',
    ]);
    const r = await readXlsxReport(
      (
        await fetchReport(t, ROOMING, {
          ...june,
          accommodation_id: ids.alba,
          resort_id: ids.costa,
          supplier_id: ids.sun,
          tour_type: 'air',
        })
      ).data,
    );
    expect(r.filters).toContain('Accommodation: Hotel Alba');
    expect(r.filters).toContain('Resort: Costa Brava');
    expect(r.filters).toContain('Supplier: Sun Hotels Ltd');
    expect(r.filters).toContain('Tour type: Air');
  });

  it('answers the accommodation list of a resort and/or supplier', async () => {
    const list = async (body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports/rooming/accommodation-list',
        headers: bearer(t.adminToken),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      const json = res.json() as { status: boolean; data: Array<{ id: number; name: string }> };
      expect(json.status).toBe(true);
      return json.data;
    };
    expect(await list({})).toEqual([
      { id: ids.bay, name: 'Bay View' },
      { id: ids.cliff, name: 'Cliff Lodge' },
      { id: ids.alba, name: 'Hotel Alba' },
    ]);
    expect(await list({ resort_id: ids.costa, supplier_id: '' })).toEqual([
      { id: ids.bay, name: 'Bay View' },
      { id: ids.alba, name: 'Hotel Alba' },
    ]);
    expect(await list({ supplier_id: ids.sun })).toEqual([
      { id: ids.cliff, name: 'Cliff Lodge' },
      { id: ids.alba, name: 'Hotel Alba' },
    ]);
    expect(await list({ resort_id: ids.costa, supplier_id: ids.sun })).toEqual([
      { id: ids.alba, name: 'Hotel Alba' },
    ]);
    expect(await list({ resort_id: ids.algarve, supplier_id: ids.sun })).toEqual([
      { id: ids.cliff, name: 'Cliff Lodge' },
    ]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, ROOMING, june);
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[0][0]).toBe('Rooming Report');
    expect(lines[3].slice(0, 6)).toEqual([
      'Accommodation',
      'Resort',
      'Supplier',
      'Arrival',
      'Departure',
      'Nights',
    ]);
    const bay = lines.find((l) => l[0] === 'Bay View') as string[];
    expect(bay.slice(3, 11)).toEqual([
      '04/06/2027',
      '08/06/2027',
      '4',
      'Double Room',
      'Room Only',
      '2',
      '1',
      'RM-1',
    ]);
    const total = lines.find((l) => l[0] === 'Total (4 rows)') as string[];
    expect(total[9]).toBe('5');
    expect(total[15]).toBe('9');
  });
});
